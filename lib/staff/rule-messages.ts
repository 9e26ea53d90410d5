import { browserActionMessages } from "../i18n/action-messages";
import { keyedMessages, wordsOf } from "../i18n/keyed-messages";

/** lib/auth/password.ts's limit (that module is server-only; a test keeps the two equal). */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The staff and password forms' rules (lib/staff/schemas.ts) and the refusals of the staff
 * modules (lib/staff/errors.ts), as keys, worded here in both languages for the forms.
 * This file reaches the browser: nothing server-only is imported here.
 */
export const staffMessages = keyedMessages("staff", {
  en: {
    emailRequired: "Enter the person's email address.",
    emailInvalid: "Enter an email address like name@company.co.th.",
    emailTooLong: "That is too long for an email address.",
    nameRequired: "Enter the person's name.",
    nameTooLong: "A name has at most 100 characters.",
    roleRequired: "Pick a role.",
    merchantsRequired: "Pick at least one merchant, or allow every merchant.",
    currentPasswordRequired: "Enter your current password.",
    newPasswordTooShort: "Choose a password of at least 12 characters.",
    newPasswordTooLong: `A password has at most ${MAX_PASSWORD_LENGTH} characters.`,
    newPasswordSame: "Choose a password different from the current one.",
    confirmMismatch: "The two new passwords differ; type the same one twice.",
    emailTaken: "A person with this email address already has an account. Find them in the staff list instead.",
    notFound: "That person was not found. Open the staff list and pick them again.",
    unknownMerchant: "One of the chosen merchants no longer exists. Reload the page and choose again.",
    notYourself: "You cannot change your own access or disable yourself; ask another admin.",
    lastAdmin: "PayDesk needs at least one active admin. Make someone else an admin first.",
    resetNeedsAnotherAdmin: "Resetting a person's second factor needs another active admin besides you, who can see it was done.",
    noSecondFactor: "This person has no second factor to reset.",
    needsAllMerchants: "Managing staff and merchants needs access to every merchant; ask an admin who has it.",
    wrongCurrentPassword: "That is not your current password. Check it and try again.",
  },
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
    emailTaken: "อีเมลนี้มีบัญชีอยู่แล้ว โปรดค้นหาบุคคลนี้ในรายชื่อพนักงานแทน",
    notFound: "ไม่พบบุคคลนี้ โปรดเปิดรายชื่อพนักงานแล้วเลือกใหม่",
    unknownMerchant: "ร้านค้าที่เลือกบางร้านไม่มีอยู่แล้ว โปรดโหลดหน้าใหม่แล้วเลือกอีกครั้ง",
    notYourself: "คุณเปลี่ยนสิทธิ์ของตัวเองหรือระงับบัญชีตัวเองไม่ได้ โปรดให้ผู้ดูแลระบบคนอื่นทำ",
    lastAdmin: "PayDesk ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อยหนึ่งคน โปรดตั้งผู้อื่นเป็นผู้ดูแลระบบก่อน",
    resetNeedsAnotherAdmin: "การรีเซ็ตการยืนยันตัวตนขั้นที่สองของผู้อื่นต้องมีผู้ดูแลระบบที่ใช้งานอยู่อีกคนนอกจากคุณ",
    noSecondFactor: "บุคคลนี้ไม่มีการยืนยันตัวตนขั้นที่สองให้รีเซ็ต",
    needsAllMerchants: "การจัดการพนักงานและร้านค้าต้องมีสิทธิ์เข้าถึงทุกร้านค้า โปรดให้ผู้ดูแลระบบที่มีสิทธิ์นั้นทำ",
    wrongCurrentPassword: "รหัสผ่านปัจจุบันไม่ถูกต้อง โปรดตรวจสอบแล้วลองอีกครั้ง",
  },
});

/** Any message a staff or password form can show, in the person's language. */
export const translateStaffMessage = wordsOf(staffMessages.words, browserActionMessages.words);
