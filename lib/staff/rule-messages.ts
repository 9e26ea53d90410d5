import { combineKnown, knownMessages } from "../i18n/known-messages";
import { translateActionMessage } from "../i18n/action-messages";
import { STAFF_REFUSALS } from "./errors";
import { STAFF_RULES } from "./schemas";

/** The staff rules' and refusals' sentences in Thai, for the staff forms and the password form. */
const rules = knownMessages({
  en: STAFF_RULES,
  th: {
    emailRequired: "โปรดกรอกอีเมลของบุคคลนี้",
    emailInvalid: "โปรดกรอกอีเมลให้ถูกรูปแบบ เช่น name@company.co.th",
    emailTooLong: "อีเมลยาวเกินไป",
    nameRequired: "โปรดกรอกชื่อของบุคคลนี้",
    nameTooLong: "ชื่อยาวได้ไม่เกิน 100 ตัวอักษร",
    roleRequired: "โปรดเลือกบทบาท",
    merchantsRequired: "โปรดเลือกร้านค้าอย่างน้อยหนึ่งร้าน หรืออนุญาตทุกร้านค้า",
    currentPasswordRequired: "โปรดกรอกรหัสผ่านปัจจุบัน",
    newPasswordTooShort: "โปรดตั้งรหัสผ่านอย่างน้อย 12 ตัวอักษร",
    newPasswordTooLong: "รหัสผ่านยาวได้ไม่เกิน 256 ตัวอักษร",
    newPasswordSame: "โปรดตั้งรหัสผ่านใหม่ที่ไม่ซ้ำกับรหัสผ่านปัจจุบัน",
    confirmMismatch: "รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน โปรดพิมพ์ให้เหมือนกัน",
  },
});

const refusals = knownMessages({
  en: STAFF_REFUSALS,
  th: {
    emailTaken: "อีเมลนี้มีบัญชีอยู่แล้ว โปรดค้นหาบุคคลนี้ในรายชื่อพนักงานแทน",
    notFound: "ไม่พบบุคคลนี้ โปรดเปิดรายชื่อพนักงานแล้วเลือกใหม่",
    unknownMerchant: "ร้านค้าที่เลือกบางร้านไม่มีอยู่แล้ว โปรดโหลดหน้าใหม่แล้วเลือกอีกครั้ง",
    notYourself: "คุณเปลี่ยนสิทธิ์ของตัวเองหรือระงับบัญชีตัวเองไม่ได้ โปรดให้ผู้ดูแลระบบคนอื่นทำ",
    lastAdmin: "PayDesk ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อยหนึ่งคน โปรดตั้งผู้อื่นเป็นผู้ดูแลระบบก่อน",
    needsAllMerchants: "การจัดการพนักงานและร้านค้าต้องมีสิทธิ์เข้าถึงทุกร้านค้า โปรดให้ผู้ดูแลระบบที่มีสิทธิ์นั้นทำ",
    wrongCurrentPassword: "รหัสผ่านปัจจุบันไม่ถูกต้อง โปรดตรวจสอบแล้วลองอีกครั้ง",
  },
});

/** Any sentence a staff or password form can show (its rules, its refusals, the action wrapper's), in the person's language. */
export const translateStaffMessage = combineKnown(rules, refusals, translateActionMessage);
