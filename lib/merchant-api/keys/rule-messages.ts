import { keyedMessages } from "../../i18n/keyed-messages";

/**
 * Settings → Developers: the forms' rules and the actions' refusals, as keys, worded here in both
 * languages for the forms. This file reaches the browser.
 */
export const developerRuleMessages = keyedMessages("developers", {
  en: {
    nameRequired: "Name the key after what uses it, such as “Web shop”.",
    nameTooLong: "A key name has at most 60 characters.",
    modeRequired: "Choose test (the sandbox) or live.",
    scopesRequired: "Choose at least one thing the key may do.",
    expiryInvalid: "Choose a date in the future, or leave it empty for no expiry.",
    keyGone: "That key no longer exists or was revoked already. Reload the page.",
    originsTooMany: "At most 20 origins.",
    originInvalid: (line: string) => `Line ${line}: write an origin such as https://shop.example.com — https, no path.`,
  },
  th: {
    nameRequired: "ตั้งชื่อคีย์ตามสิ่งที่ใช้งาน เช่น “เว็บร้านค้า”",
    nameTooLong: "ชื่อคีย์ยาวได้ไม่เกิน 60 ตัวอักษร",
    modeRequired: "เลือกทดสอบ (แซนด์บ็อกซ์) หรือใช้งานจริง",
    scopesRequired: "เลือกสิ่งที่คีย์ทำได้อย่างน้อยหนึ่งอย่าง",
    expiryInvalid: "เลือกวันที่ในอนาคต หรือเว้นว่างไว้หากไม่มีวันหมดอายุ",
    keyGone: "ไม่มีคีย์นี้แล้ว หรือถูกเพิกถอนไปแล้ว โปรดโหลดหน้าใหม่",
    originsTooMany: "ได้ไม่เกิน 20 รายการ",
    originInvalid: (line: string) => `บรรทัดที่ ${line}: เขียน origin เช่น https://shop.example.com — ต้องเป็น https และไม่มี path`,
  },
});
