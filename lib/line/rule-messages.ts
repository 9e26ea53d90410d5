import { keyedMessages } from "../i18n/keyed-messages";

/** Settings → LINE and linking LINE: the forms' rules and the actions' refusals, as keys, worded in both languages. This file reaches the browser. */
export const lineRuleMessages = keyedMessages("line", {
  en: {
    tokenRequired: "Paste the channel access token (long-lived) from the LINE Developers console, Messaging API tab.",
    tokenTooLong: "A channel access token has at most 1,000 characters.",
    secretInvalid: "The channel secret is 32 letters and digits (0–9, a–f), on the Basic settings tab.",
    tokenRefused: "LINE did not accept that channel access token. Issue a long-lived one again and paste all of it.",
    lineUnavailable: (detail: string) => `LINE could not be reached (${detail}). Nothing was saved; try again in a minute.`,
    notConnected: "No LINE Official Account is connected. Connect one first.",
    groupGone: "That group is no longer known. Reload the page.",
    merchantUnknown: "Choose one of your merchants.",
    offerUnknown: "This link is not one PayDesk sent, or it was already used. Write anything to PayDesk's LINE account for a new one.",
    offerExpired: "This link has expired (links last 10 minutes). Write anything to PayDesk's LINE account for a new one.",
    amountInvalid: "Write an amount in baht, such as 100,000 or 100000.00, or leave it empty for none.",
    timeInvalid: "Write a time as hours and minutes, such as 18:00, or leave it empty for none.",
  },
  th: {
    tokenRequired: "วาง Channel access token (long-lived) จาก LINE Developers console แท็บ Messaging API",
    tokenTooLong: "Channel access token ยาวได้ไม่เกิน 1,000 ตัวอักษร",
    secretInvalid: "Channel secret คือตัวอักษรและตัวเลข 32 ตัว (0–9, a–f) ในแท็บ Basic settings",
    tokenRefused: "LINE ไม่รับ Channel access token นี้ โปรดออก token แบบ long-lived ใหม่แล้ววางให้ครบ",
    lineUnavailable: (detail: string) => `ติดต่อ LINE ไม่ได้ (${detail}) ยังไม่ได้บันทึกอะไร โปรดลองอีกครั้งในอีกสักครู่`,
    notConnected: "ยังไม่ได้เชื่อมต่อ LINE Official Account โปรดเชื่อมต่อก่อน",
    groupGone: "ไม่พบกลุ่มนี้แล้ว โปรดโหลดหน้าใหม่",
    merchantUnknown: "โปรดเลือกร้านค้าของคุณ",
    offerUnknown: "ลิงก์นี้ไม่ใช่ลิงก์ที่ PayDesk ส่งให้ หรือถูกใช้ไปแล้ว พิมพ์ข้อความใดก็ได้ถึงบัญชี LINE ของ PayDesk เพื่อรับลิงก์ใหม่",
    offerExpired: "ลิงก์นี้หมดอายุแล้ว (ลิงก์ใช้ได้ 10 นาที) พิมพ์ข้อความใดก็ได้ถึงบัญชี LINE ของ PayDesk เพื่อรับลิงก์ใหม่",
    amountInvalid: "กรอกจำนวนเงินเป็นบาท เช่น 100,000 หรือ 100000.00 หรือเว้นว่างหากไม่ต้องการ",
    timeInvalid: "กรอกเวลาเป็นชั่วโมงและนาที เช่น 18:00 หรือเว้นว่างหากไม่ต้องการ",
  },
});
