import { defineMessages } from "@/lib/i18n";

/** What every page says while PayDesk cannot reach its database (lib/db/unreachable.ts). */
export const databaseMessages = defineMessages({
  en: {
    title: "PayDesk cannot reach its database",
    body: "Nothing can be shown or saved until it is back; PayDesk reconnects by itself. Try again in a minute, and if this lasts, tell whoever runs PayDesk.",
    signInBody: "Signing in needs the database too. Try again in a minute, and if this lasts, tell whoever runs PayDesk.",
    otherError: "Something went wrong",
    otherErrorBody: "This page could not be shown. Try again; if it keeps failing, tell your admin.",
    retry: "Try again",
  },
  th: {
    title: "PayDesk ติดต่อฐานข้อมูลไม่ได้",
    body: "ยังแสดงหรือบันทึกข้อมูลไม่ได้จนกว่าฐานข้อมูลจะกลับมา PayDesk จะเชื่อมต่อใหม่เอง โปรดลองอีกครั้งในอีกสักครู่ หากยังเป็นอยู่ โปรดแจ้งผู้ดูแลระบบ PayDesk",
    signInBody: "การเข้าสู่ระบบต้องใช้ฐานข้อมูลเช่นกัน โปรดลองอีกครั้งในอีกสักครู่ หากยังเป็นอยู่ โปรดแจ้งผู้ดูแลระบบ PayDesk",
    otherError: "เกิดข้อผิดพลาด",
    otherErrorBody: "แสดงหน้านี้ไม่ได้ โปรดลองอีกครั้ง หากยังไม่ได้ โปรดแจ้งผู้ดูแลระบบ",
    retry: "ลองอีกครั้ง",
  },
});
