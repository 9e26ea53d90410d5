import { defineMessages } from "../i18n";

/** What a 429 from the checkout's status and events endpoints says (lib/checkout/limits.ts). */
export const checkoutLimitMessages = defineMessages({
  en: {
    tooManyChecks: (seconds: number) => `Too many status checks for this payment from here. Try again in ${seconds} s.`,
    tooManyStreams: (seconds: number) =>
      `Too many pages are following this payment from here. Close the other tabs, or try again in ${seconds} s.`,
  },
  th: {
    tooManyChecks: (seconds: number) => `ตรวจสอบสถานะรายการนี้บ่อยเกินไป กรุณาลองใหม่ในอีก ${seconds} วินาที`,
    tooManyStreams: (seconds: number) => `มีหน้าที่ติดตามรายการนี้เปิดอยู่มากเกินไป กรุณาปิดแท็บอื่น หรือลองใหม่ในอีก ${seconds} วินาที`,
  },
});
