import { defineMessages } from "@/lib/i18n";

/** What a page says while the next one loads, when it failed unexpectedly, and when it does not exist. */
export const pageStateMessages = defineMessages({
  en: {
    loading: "Loading the page…",
    errorTitle: "Something went wrong",
    errorBody: "This page could not be shown. Try again; if it keeps failing, tell your admin.",
    /** Next's digest: the same reference is in the server's log beside the error. */
    reference: (reference: string) => `Error reference ${reference}: give it to your admin, it finds the details in PayDesk's log.`,
    retry: "Try again",
    notFoundTitle: "Page not found",
    notFoundBody: "There is no page at this address. Check the link, or start again from the first page.",
    home: "Go to the first page",
  },
  th: {
    loading: "กำลังโหลดหน้า…",
    errorTitle: "เกิดข้อผิดพลาด",
    errorBody: "แสดงหน้านี้ไม่ได้ โปรดลองอีกครั้ง หากยังไม่ได้ โปรดแจ้งผู้ดูแลระบบ",
    reference: (reference: string) => `รหัสอ้างอิงข้อผิดพลาด ${reference} โปรดแจ้งรหัสนี้แก่ผู้ดูแลระบบ เพื่อค้นหารายละเอียดในบันทึกของ PayDesk`,
    retry: "ลองอีกครั้ง",
    notFoundTitle: "ไม่พบหน้านี้",
    notFoundBody: "ไม่มีหน้าที่ที่อยู่นี้ โปรดตรวจสอบลิงก์ หรือเริ่มใหม่จากหน้าแรก",
    home: "ไปที่หน้าแรก",
  },
});
