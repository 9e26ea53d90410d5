import { permissionLabels, type Permission } from "../auth/permissions";
import { defineMessages, type Locale } from "./index";
import { keyedMessages } from "./keyed-messages";

/**
 * The action wrapper's own sentences (lib/auth/action.ts), in both languages. The wrapper answers
 * in the person's language.
 */
export const actionMessages = defineMessages({
  en: {
    signedOut: "Your session has ended. Sign in again, then retry.",
    merchantNotFound: "That merchant was not found. Pick one from the merchant list and try again.",
    invalid: "Some fields need attention; see the messages next to them.",
    missingField: "Fill in this field.",
    nulCharacter:
      "This text holds an invisible character (NUL, often brought in by pasting) that cannot be saved. Remove it, or type the text again, and retry.",
    choosePasswordFirst: "Choose your own password first (you are still on a one-time password), then try again.",
    stepUpRequired: "Confirm it is you: enter the current code from your authenticator app, then it goes ahead.",
    enrolSecondFactorFirst:
      "Your role must sign in with a second factor: set up an authenticator app on the Security page first, then try again.",
    denied: (what: string) => `You do not have permission to ${what}. Ask an admin if you need it.`,
    unexpected: (reference: string) =>
      `Something went wrong on our side (reference ${reference}). Try again in a moment; if it keeps happening, give that reference to your admin.`,
  },
  th: {
    signedOut: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่",
    merchantNotFound: "ไม่พบร้านค้านี้ โปรดเลือกร้านค้าจากรายการแล้วลองอีกครั้ง",
    invalid: "มีบางช่องที่ต้องแก้ไข ดูข้อความข้างช่องนั้น",
    missingField: "โปรดกรอกช่องนี้",
    nulCharacter: "ข้อความนี้มีอักขระที่มองไม่เห็น (NUL มักติดมากับการวาง) ซึ่งบันทึกไม่ได้ โปรดลบออกหรือพิมพ์ข้อความใหม่ แล้วลองอีกครั้ง",
    choosePasswordFirst: "โปรดตั้งรหัสผ่านของคุณเองก่อน (ขณะนี้ยังใช้รหัสผ่านชั่วคราว) แล้วลองอีกครั้ง",
    stepUpRequired: "โปรดยืนยันว่าเป็นคุณ: กรอกรหัสปัจจุบันจากแอปยืนยันตัวตน แล้วรายการจะดำเนินต่อ",
    enrolSecondFactorFirst: "บทบาทของคุณต้องเข้าสู่ระบบด้วยการยืนยันตัวตนสองขั้นตอน โปรดตั้งค่าแอปยืนยันตัวตนในหน้าความปลอดภัยก่อน แล้วลองอีกครั้ง",
    denied: (what: string) => `คุณไม่มีสิทธิ์${what} หากต้องใช้ โปรดติดต่อผู้ดูแลระบบ`,
    unexpected: (reference: string) => `ระบบขัดข้อง (รหัสอ้างอิง ${reference}) โปรดลองอีกครั้งในอีกสักครู่ หากยังเกิดซ้ำ โปรดแจ้งรหัสนี้แก่ผู้ดูแลระบบ`,
  },
});

/**
 * What a form says when its action could not be reached at all (components/console/settings/
 * use-action-form.ts): the browser has no server to word it, so it travels as a key its form words.
 */
export const browserActionMessages = keyedMessages("action", {
  en: { unreachable: "PayDesk did not answer. Check your connection and try again; nothing was changed if this keeps happening." },
  th: { unreachable: "PayDesk ไม่ตอบสนอง โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง" },
});
export const UNREACHABLE_MESSAGE = browserActionMessages.keys.unreachable;

/** "You do not have permission to approve Pay-Outs. …", in the person's language. */
export function deniedMessage(permission: Permission, locale: Locale = "en"): string {
  return actionMessages(locale).denied(permissionLabels(locale)[permission]);
}
