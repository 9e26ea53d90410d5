import { defineMessages } from "@/lib/i18n/locale";

/** A customer's page (checkout, slip upload) that failed unexpectedly: the shop, not an admin, is whom they know. */
export const customerErrorMessages = defineMessages({
  en: {
    errorTitle: "Something went wrong",
    errorBody: "This page could not be shown. Try again; if it keeps failing, contact the shop that sent you this link.",
    /** Next's digest: the same reference is in PayDesk's log beside the error. */
    reference: (reference: string) => `Error reference ${reference}: if you contact the shop, give them this reference.`,
    retry: "Try again",
  },
  th: {
    errorTitle: "เกิดข้อผิดพลาด",
    errorBody: "แสดงหน้านี้ไม่ได้ โปรดลองอีกครั้ง หากยังไม่ได้ โปรดติดต่อร้านค้าที่ส่งลิงก์นี้ให้คุณ",
    reference: (reference: string) => `รหัสอ้างอิงข้อผิดพลาด ${reference} หากติดต่อร้านค้า โปรดแจ้งรหัสนี้`,
    retry: "ลองอีกครั้ง",
  },
});
