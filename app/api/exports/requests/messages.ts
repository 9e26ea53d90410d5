import { defineMessages } from "@/lib/i18n";

export const exportMessages = defineMessages({
  en: {
    signedOut: "Sign in to PayDesk first, then export again.",
    denied: "You do not have permission to see payment requests. Ask an admin if you need it.",
    invalid: (fields: string) => `Some filters are not valid (${fields}); fix them on the requests page and export again.`,
  },
  th: {
    signedOut: "เข้าสู่ระบบ PayDesk ก่อน แล้วส่งออกอีกครั้ง",
    denied: "คุณไม่มีสิทธิ์ดูคำขอชำระเงิน ติดต่อผู้ดูแลหากต้องการสิทธิ์นี้",
    invalid: (fields: string) => `ตัวกรองบางช่องไม่ถูกต้อง (${fields}) แก้ไขที่หน้ารายการคำขอแล้วส่งออกอีกครั้ง`,
  },
});
