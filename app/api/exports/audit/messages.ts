import { defineMessages } from "@/lib/i18n";

export const auditExportMessages = defineMessages({
  en: {
    signedOut: "Sign in to PayDesk first, then export again.",
    denied: "You do not have permission to read the audit log. Ask an admin if you need it.",
    invalid: (fields: string) =>
      `Some filters are not valid (${fields}); fix them on the audit page and export again. Dates are written as YYYY-MM-DD.`,
  },
  th: {
    signedOut: "เข้าสู่ระบบ PayDesk ก่อน แล้วส่งออกอีกครั้ง",
    denied: "คุณไม่มีสิทธิ์อ่านบันทึกการใช้งาน ติดต่อผู้ดูแลหากต้องการสิทธิ์นี้",
    invalid: (fields: string) => `ตัวกรองบางช่องไม่ถูกต้อง (${fields}) แก้ไขที่หน้าบันทึกการใช้งานแล้วส่งออกอีกครั้ง วันที่เขียนเป็น YYYY-MM-DD`,
  },
});
