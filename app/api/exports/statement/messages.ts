import { defineMessages } from "@/lib/i18n";

export const statementExportMessages = defineMessages({
  en: {
    signedOut: "Sign in to PayDesk first, then download again.",
    denied: "You do not have permission to see the wallet statement. Ask an admin if you need it.",
    noMerchant: "Name one merchant (merchant=<id>).",
    badDay: "Give the day as YYYY-MM-DD, such as 2026-11-27.",
  },
  th: {
    signedOut: "เข้าสู่ระบบ PayDesk ก่อน แล้วดาวน์โหลดอีกครั้ง",
    denied: "คุณไม่มีสิทธิ์ดูรายการเดินบัญชีกระเป๋าเงิน ติดต่อผู้ดูแลหากต้องการสิทธิ์นี้",
    noMerchant: "ระบุร้านค้าหนึ่งร้าน (merchant=<id>)",
    badDay: "ระบุวันที่เป็น YYYY-MM-DD เช่น 2026-11-27",
  },
});
