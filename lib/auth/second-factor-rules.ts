import { z } from "zod";
import { keyedMessages } from "../i18n/keyed-messages";

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
  },
  th: {
    codeRequired: "กรอกรหัส 6 หลักที่แอปยืนยันตัวตนแสดงอยู่ตอนนี้",
    codeWrong: "รหัสไม่ถูกต้องหรือถูกใช้ไปแล้ว โปรดกรอกรหัสที่แอปแสดงอยู่ตอนนี้ (เปลี่ยนทุก 30 วินาที)",
    alreadyOn: "เปิดการยืนยันตัวตนสองขั้นตอนอยู่แล้ว",
    notOn: "ยังไม่ได้เปิดการยืนยันตัวตนสองขั้นตอน",
    nothingPending: "โปรดเริ่มใหม่: เลือก “ตั้งค่าแอปยืนยันตัวตน”",
    sessionGone: "เซสชันนั้นสิ้นสุดไปแล้ว โปรดโหลดหน้าใหม่",
    sessionUnknown: "เซสชันนี้เริ่มก่อนที่ PayDesk จะบันทึกเซสชัน โปรดออกจากระบบแล้วเข้าใหม่ แล้วลองอีกครั้ง",
  },
});

const R = secondFactorRules.keys;
/** A code from the app (6 digits) or, where allowed, a recovery code. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ error: R.codeRequired }).trim().min(1, R.codeRequired).max(20, R.codeWrong),
});
export const beginTotpSchema = z.object({});

/** Settings → Staff: the roles that must use a second factor (the server keeps only roles that exist). */
export const secondFactorPolicySchema = z.object({
  roles: z.preprocess(
    (value) => (value === undefined || value === false ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().max(20)).max(10),
  ),
});
