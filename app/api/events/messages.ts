import { defineMessages } from "@/lib/i18n";

/** What the live-update stream answers a browser that may not listen, in the person's language. */
export const eventMessages = defineMessages({
  en: {
    signedOut: "Sign in first.",
    denied: "You do not have permission to see payment requests.",
  },
  th: {
    signedOut: "โปรดเข้าสู่ระบบก่อน",
    denied: "คุณไม่มีสิทธิ์ดูคำขอชำระเงิน",
  },
});
