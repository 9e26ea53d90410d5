import { keyedMessages } from "../i18n/keyed-messages";

/**
 * Why a sign-in was refused, as a short code (it travels in next-auth's CredentialsSignin error
 * and, for a form posted straight to /api/auth/callback/credentials, in the /login URL), and the
 * message a person reads, as a key. Wrong password and unknown email share one code: no enumeration.
 */
export type SignInRefusal =
  | { reason: "invalid" }
  | { reason: "disabled" }
  | { reason: "second_factor"; methods: SecondFactorMethods }
  | { reason: "second_factor_invalid"; methods: SecondFactorMethods }
  | { reason: "passkey_invalid" }
  | { reason: "throttled"; scope: "account" | "ip"; minutes: number };

/** Which second factors the person has, once the password was right: the form offers those. */
export type SecondFactorMethods = "totp" | "passkey" | "both";

export function refusalCode(refusal: SignInRefusal): string {
  if (refusal.reason === "throttled") return `locked-${refusal.scope}-${refusal.minutes}`;
  if ((refusal.reason === "second_factor" || refusal.reason === "second_factor_invalid") && refusal.methods !== "totp")
    return `${refusal.reason}-${refusal.methods}`;
  return refusal.reason;
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
    secondFactor: (methods: string): string =>
      methods === "passkey"
        ? "Use your passkey to finish signing in."
        : methods === "both"
          ? "Use your passkey, or enter the 6-digit code from your authenticator app or one of your recovery codes."
          : "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
    secondFactorInvalid: (methods: string): string =>
      methods === "passkey"
        ? "That passkey did not confirm it is you. Try again with a passkey registered to this account."
        : methods === "both"
          ? "That did not confirm it is you. Use a passkey registered to this account, the current code from your app, or an unused recovery code."
          : "That code is not right, or was used already. Enter the current code from your app, or an unused recovery code.",
    passkeyInvalid:
      "That passkey did not sign you in: it is not registered here, or the time ran out. Try again, or sign in with your email and password.",
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
    secondFactor: (methods: string): string =>
      methods === "passkey"
        ? "ใช้พาสคีย์ของคุณเพื่อเข้าสู่ระบบให้เสร็จ"
        : methods === "both"
          ? "ใช้พาสคีย์ของคุณ หรือกรอกรหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสกู้คืนหนึ่งรหัส"
          : "กรอกรหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสกู้คืนหนึ่งรหัส",
    secondFactorInvalid: (methods: string): string =>
      methods === "passkey"
        ? "พาสคีย์นั้นยืนยันตัวตนไม่สำเร็จ โปรดลองอีกครั้งด้วยพาสคีย์ที่ลงทะเบียนกับบัญชีนี้"
        : methods === "both"
          ? "ยืนยันตัวตนไม่สำเร็จ โปรดใช้พาสคีย์ที่ลงทะเบียนกับบัญชีนี้ รหัสปัจจุบันจากแอป หรือรหัสกู้คืนที่ยังไม่ได้ใช้"
          : "รหัสไม่ถูกต้องหรือถูกใช้ไปแล้ว โปรดกรอกรหัสปัจจุบันจากแอป หรือรหัสกู้คืนที่ยังไม่ได้ใช้",
    passkeyInvalid: "พาสคีย์นั้นเข้าสู่ระบบไม่สำเร็จ อาจไม่ได้ลงทะเบียนไว้ที่นี่ หรือหมดเวลา โปรดลองอีกครั้ง หรือเข้าสู่ระบบด้วยอีเมลและรหัสผ่าน",
    codeTooLong: "รหัสยาวได้ไม่เกิน 20 ตัวอักษร",
  },
});

const keys = signInMessages.keys;
export const SIGN_IN_MESSAGES = { invalid: keys.invalid, disabled: keys.disabled, error: keys.error } as const;

/**
 * The second factors a refusal's message key offers, for the sign-in form to show their controls;
 * null when the key does not ask for a second factor.
 */
export function secondFactorAsked(message: string | null | undefined): SecondFactorMethods | null {
  if (!message) return null;
  const [key, methods] = message.split(":");
  if (key !== keys.secondFactor && key !== keys.secondFactorInvalid) return null;
  return methods === "passkey" || methods === "both" ? methods : "totp";
}

/** The refusal a code stands for, as a message key the sign-in form words. */
export function signInMessage(code: string | null | undefined): string {
  if (code === "invalid" || code === "credentials") return keys.invalid;
  if (code === "disabled") return keys.disabled;
  const second = /^(second_factor|second_factor_invalid)(?:-(passkey|both))?$/.exec(code ?? "");
  if (second) {
    const key = second[1] === "second_factor" ? keys.secondFactor : keys.secondFactorInvalid;
    return second[2] ? `${key}:${second[2]}` : key;
  }
  if (code === "passkey_invalid") return keys.passkeyInvalid;
  const locked = /^locked-(account|ip)-(\d{1,4})$/.exec(code ?? "");
  if (locked) return `${locked[1] === "account" ? keys.lockedAccount : keys.lockedNetwork}:${Number(locked[2])}`;
  return keys.error;
}
