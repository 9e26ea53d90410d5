import { knownMessages } from "./known-messages";
import type { Locale } from "./index";

/**
 * The action wrapper's own sentences (lib/auth/action.ts ACTION_MESSAGES, deniedMessage and the
 * "reference" failure), in Thai. That module is server-only, so its sentences are restated here;
 * action-messages.test.ts keeps the two identical.
 */
/** What a form says when its action could not be reached at all (components/console/settings/use-action-form.ts). */
export const UNREACHABLE_MESSAGE = "PayDesk did not answer. Check your connection and try again; nothing was changed if this keeps happening.";

const exact = knownMessages({
  en: {
    signedOut: "Your session has ended. Sign in again, then retry.",
    merchantNotFound: "That merchant was not found. Pick one from the merchant list and try again.",
    invalid: "Some fields need attention; see the messages next to them.",
    missingField: "Fill in this field.",
    choosePasswordFirst: "Choose your own password first (you are still on a one-time password), then try again.",
    unreachable: UNREACHABLE_MESSAGE,
  },
  th: {
    signedOut: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่",
    merchantNotFound: "ไม่พบร้านค้านี้ โปรดเลือกร้านค้าจากรายการแล้วลองอีกครั้ง",
    invalid: "มีบางช่องที่ต้องแก้ไข ดูข้อความข้างช่องนั้น",
    missingField: "โปรดกรอกช่องนี้",
    choosePasswordFirst: "โปรดตั้งรหัสผ่านของคุณเองก่อน (ขณะนี้ยังใช้รหัสผ่านชั่วคราว) แล้วลองอีกครั้ง",
    unreachable: "PayDesk ไม่ตอบสนอง โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
  },
});

const REFERENCE = /^Something went wrong on our side \(reference (E-[0-9A-F]+)\)\./;
const DENIED = /^You do not have permission to .+\. Ask an admin if you need it\.$/;

export function translateActionMessage(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const reference = REFERENCE.exec(text);
  if (reference) return `ระบบขัดข้อง (รหัสอ้างอิง ${reference[1]}) โปรดลองอีกครั้งในอีกสักครู่ หากยังเกิดซ้ำ โปรดแจ้งรหัสนี้แก่ผู้ดูแลระบบ`;
  if (DENIED.test(text)) return "คุณไม่มีสิทธิ์ทำรายการนี้ หากต้องใช้ โปรดติดต่อผู้ดูแลระบบ";
  return exact(locale, text);
}
