import { keyedMessages } from "../i18n/keyed-messages";

/**
 * Why a sign-in was refused, as a short code (it travels in next-auth's CredentialsSignin error
 * and, for a form posted straight to /api/auth/callback/credentials, in the /login URL), and the
 * message a person reads, as a key. Wrong password and unknown email share one code: no enumeration.
 */
export type SignInRefusal =
  | { reason: "invalid" }
  | { reason: "disabled" }
  | { reason: "second_factor" }
  | { reason: "second_factor_invalid" }
  | { reason: "throttled"; scope: "account" | "ip"; minutes: number };

export function refusalCode(refusal: SignInRefusal): string {
  return refusal.reason === "throttled" ? `locked-${refusal.scope}-${refusal.minutes}` : refusal.reason;
}

const plural = (n: number) => `${n} minute${n === 1 ? "" : "s"}`;

/** lib/auth/password.ts's limit (that module is server-only). */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The sign-in form's rules (components/auth/sign-in-schema.ts) and refusals, as keys worded in
 * both languages. A lock carries its minutes after the key (`signIn.lockedAccount:15`).
 */
export const signInMessages = keyedMessages("signIn", {
  en: {
    emailRequired: "Enter your email address.",
    emailTooLong: "That is too long for an email address.",
    emailInvalid: "Enter an email address like name@company.co.th.",
    passwordRequired: "Enter your password.",
    passwordTooLong: `A password has at most ${MAX_PASSWORD_LENGTH} characters.`,
    invalid: "That email and password do not match an account. Check both and try again.",
    disabled: "This account is disabled; ask an admin.",
    error: "Sign-in is not working right now. Try again in a minute; if it keeps failing, tell your admin.",
    lockedAccount: (minutes: string) => `Too many failed sign-ins for this account; try again in ${plural(Number(minutes))}.`,
    lockedNetwork: (minutes: string) => `Too many failed sign-ins from this network; try again in ${plural(Number(minutes))}.`,
    secondFactor: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
    secondFactorInvalid: "That code is not right, or was used already. Enter the current code from your app, or an unused recovery code.",
    codeTooLong: "A code has at most 20 characters.",
  },
  th: {
    emailRequired: "โปรดกรอกอีเมล",
    emailTooLong: "อีเมลยาวเกินไป",
    emailInvalid: "โปรดกรอกอีเมลให้ถูกรูปแบบ เช่น name@company.co.th",
    passwordRequired: "โปรดกรอกรหัสผ่าน",
    passwordTooLong: "รหัสผ่านยาวได้ไม่เกิน 256 ตัวอักษร",
    invalid: "อีเมลและรหัสผ่านไม่ตรงกับบัญชีใด โปรดตรวจสอบทั้งสองช่องแล้วลองอีกครั้ง",
    disabled: "บัญชีนี้ถูกระงับ โปรดติดต่อผู้ดูแลระบบ",
    error: "ขณะนี้เข้าสู่ระบบไม่ได้ โปรดลองใหม่ในอีกสักครู่ หากยังไม่ได้ โปรดแจ้งผู้ดูแลระบบ",
    lockedAccount: (minutes: string) => `บัญชีนี้เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป โปรดลองอีกครั้งใน ${minutes} นาที`,
    lockedNetwork: (minutes: string) => `เครือข่ายนี้เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป โปรดลองอีกครั้งใน ${minutes} นาที`,
    secondFactor: "กรอกรหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสกู้คืนหนึ่งรหัส",
    secondFactorInvalid: "รหัสไม่ถูกต้องหรือถูกใช้ไปแล้ว โปรดกรอกรหัสปัจจุบันจากแอป หรือรหัสกู้คืนที่ยังไม่ได้ใช้",
    codeTooLong: "รหัสยาวได้ไม่เกิน 20 ตัวอักษร",
  },
});

const keys = signInMessages.keys;
export const SIGN_IN_MESSAGES = { invalid: keys.invalid, disabled: keys.disabled, error: keys.error } as const;

/** The refusal a code stands for, as a message key the sign-in form words. */
export function signInMessage(code: string | null | undefined): string {
  if (code === "invalid" || code === "credentials") return keys.invalid;
  if (code === "disabled") return keys.disabled;
  if (code === "second_factor") return keys.secondFactor;
  if (code === "second_factor_invalid") return keys.secondFactorInvalid;
  const locked = /^locked-(account|ip)-(\d{1,4})$/.exec(code ?? "");
  if (locked) return `${locked[1] === "account" ? keys.lockedAccount : keys.lockedNetwork}:${Number(locked[2])}`;
  return keys.error;
}
