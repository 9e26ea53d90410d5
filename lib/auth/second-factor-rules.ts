import { z } from "zod";
import { keyedMessages } from "../i18n/keyed-messages";

/** "10:45" in the reader's own time zone, and whole minutes from now (at least 1), for a lock's end sent as an ISO time. */
function lockEnd(iso: string, locale: string): { time: string; minutes: number } {
  const until = new Date(iso);
  if (Number.isNaN(until.getTime())) return { time: "?", minutes: 15 };
  return {
    time: until.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" }),
    minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)),
  };
}

/** The account's two-factor forms: rules and refusals as keys, worded in both languages. This file reaches the browser. */
export const secondFactorRules = keyedMessages("secondFactor", {
  en: {
    codeRequired: "Enter the 6-digit code your authenticator app shows now.",
    codeWrong: "That code is not right, or was used already. Enter the code your app shows now (it changes every 30 seconds).",
    alreadyOn: "Two-factor sign-in is on already.",
    notOn: "Two-factor sign-in is not on.",
    nothingPending: "Start again: choose “Set up an authenticator app”.",
    sessionGone: "That session has ended already. Reload the page.",
    sessionUnknown: "This session began before PayDesk kept sessions: sign out and in again, then try again.",
    locked: (iso: string) => {
      const end = lockEnd(iso, "en-GB");
      return `Too many wrong tries. Confirming it is you is locked until ${end.time} (in ${end.minutes} min); even the right code or password is refused until then. Signing in is not affected.`;
    },
    passwordRequired: "Enter your password to confirm it is you: it is needed before a first passkey or authenticator app.",
    passwordWrong: "That password is not right. Enter the password you sign in with.",
  },
  th: {
    codeRequired: "กรอกรหัส 6 หลักที่แอปยืนยันตัวตนแสดงอยู่ตอนนี้",
    codeWrong: "รหัสไม่ถูกต้องหรือถูกใช้ไปแล้ว โปรดกรอกรหัสที่แอปแสดงอยู่ตอนนี้ (เปลี่ยนทุก 30 วินาที)",
    alreadyOn: "เปิดการยืนยันตัวตนสองขั้นตอนอยู่แล้ว",
    notOn: "ยังไม่ได้เปิดการยืนยันตัวตนสองขั้นตอน",
    nothingPending: "โปรดเริ่มใหม่: เลือก “ตั้งค่าแอปยืนยันตัวตน”",
    sessionGone: "เซสชันนั้นสิ้นสุดไปแล้ว โปรดโหลดหน้าใหม่",
    sessionUnknown: "เซสชันนี้เริ่มก่อนที่ PayDesk จะบันทึกเซสชัน โปรดออกจากระบบแล้วเข้าใหม่ แล้วลองอีกครั้ง",
    locked: (iso: string) => {
      const end = lockEnd(iso, "th-TH");
      return `ลองผิดหลายครั้งเกินไป การยืนยันว่าเป็นคุณถูกล็อกไว้จนถึง ${end.time} น. (อีก ${end.minutes} นาที) ระหว่างนี้แม้รหัสหรือรหัสผ่านที่ถูกต้องก็จะถูกปฏิเสธ การเข้าสู่ระบบไม่ได้รับผลกระทบ`;
    },
    passwordRequired: "กรอกรหัสผ่านเพื่อยืนยันว่าเป็นคุณ: ต้องใช้ก่อนเพิ่มพาสคีย์หรือแอปยืนยันตัวตนเป็นครั้งแรก",
    passwordWrong: "รหัสผ่านไม่ถูกต้อง โปรดกรอกรหัสผ่านที่ใช้เข้าสู่ระบบ",
  },
});

const R = secondFactorRules.keys;
/** A code from the app (6 digits) or, where allowed, a recovery code. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ error: R.codeRequired }).trim().min(1, R.codeRequired).max(20, R.codeWrong),
});
/**
 * The password, asked again before a person with no second factor adds a first one (a session left
 * open must not plant a way in); a person who has one confirms with it instead (step-up).
 */
const passwordAgain = z.string().max(1000, R.passwordWrong).optional();
export const beginTotpSchema = z.object({ password: passwordAgain });
export const beginPasskeyRegistrationSchema = z.object({ password: passwordAgain });

/** Settings → Staff: the roles that must use a second factor (the server keeps only roles that exist). */
export const secondFactorPolicySchema = z.object({
  roles: z.preprocess(
    (value) => (value === undefined || value === false ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().max(20)).max(10),
  ),
});
