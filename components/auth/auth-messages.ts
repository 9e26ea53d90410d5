import { defineMessages } from "@/lib/i18n";
import { signInMessages } from "@/lib/auth/sign-in-messages";
import { browserActionMessages } from "@/lib/i18n/action-messages";
import { wordsOf } from "@/lib/i18n/keyed-messages";
import { passkeyRules } from "@/lib/auth/passkey-rules";

/** The sign-in page and the choose-a-password page. */
export const authMessages = defineMessages({
  en: {
    signInTitle: "Sign in to PayDesk",
    signInIntro: "For merchant staff. Your admin gives you an account.",
    email: "Email",
    password: "Password",
    code: "Authentication code",
    codeHint: "6 digits from your authenticator app, or a recovery code.",
    signIn: "Sign in",
    signingIn: "Signing in…",
    or: "or",
    signInWithPasskey: "Sign in with a passkey",
    usePasskey: "Use your passkey",
    waitingForPasskey: "Waiting for your passkey…",
    language: "Language",
    choosePasswordTitle: "Choose your password",
    choosePasswordForced:
      "You signed in with a one-time password from your admin. Choose your own password before you continue; the one-time password stops working.",
    choosePasswordVoluntary: "Choose a new password for your account.",
    currentPassword: "Current password",
    currentPasswordForced: "One-time password",
    newPassword: "New password",
    newPasswordHint: "At least 12 characters. A few unrelated words are easy to remember and hard to guess.",
    confirmPassword: "New password again",
    savePassword: "Save password",
    savingPassword: "Saving…",
    passwordSaved: "Your password is changed.",
    keepPasskeysTitle: "Your passkeys",
    keepPasskeysIntro:
      "A passkey signs in without your password. Keep the ones you added yourself; any you do not recognise are removed with this change.",
    keepPasskey: (name: string, added: string) => `Keep “${name}” (added ${added})`,
    signedInAs: (name: string, email: string) => `Signed in as ${name} (${email}).`,
    backToConsole: "Back to the console",
  },
  th: {
    signInTitle: "เข้าสู่ระบบ PayDesk",
    signInIntro: "สำหรับพนักงานของร้านค้า ผู้ดูแลระบบเป็นผู้สร้างบัญชีให้คุณ",
    email: "อีเมล",
    password: "รหัสผ่าน",
    code: "รหัสยืนยันตัวตน",
    codeHint: "รหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสกู้คืน",
    signIn: "เข้าสู่ระบบ",
    signingIn: "กำลังเข้าสู่ระบบ…",
    or: "หรือ",
    signInWithPasskey: "เข้าสู่ระบบด้วยพาสคีย์",
    usePasskey: "ใช้พาสคีย์ของคุณ",
    waitingForPasskey: "กำลังรอพาสคีย์ของคุณ…",
    language: "ภาษา",
    choosePasswordTitle: "ตั้งรหัสผ่านของคุณ",
    choosePasswordForced: "คุณเข้าสู่ระบบด้วยรหัสผ่านชั่วคราวจากผู้ดูแลระบบ โปรดตั้งรหัสผ่านของคุณเองก่อนใช้งานต่อ รหัสผ่านชั่วคราวจะใช้ไม่ได้อีก",
    choosePasswordVoluntary: "ตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ",
    currentPassword: "รหัสผ่านปัจจุบัน",
    currentPasswordForced: "รหัสผ่านชั่วคราว",
    newPassword: "รหัสผ่านใหม่",
    newPasswordHint: "อย่างน้อย 12 ตัวอักษร คำหลายคำที่ไม่เกี่ยวกันจำง่ายแต่เดายาก",
    confirmPassword: "ยืนยันรหัสผ่านใหม่",
    savePassword: "บันทึกรหัสผ่าน",
    savingPassword: "กำลังบันทึก…",
    passwordSaved: "เปลี่ยนรหัสผ่านแล้ว",
    keepPasskeysTitle: "พาสคีย์ของคุณ",
    keepPasskeysIntro: "พาสคีย์ใช้เข้าสู่ระบบได้โดยไม่ต้องใช้รหัสผ่าน โปรดเก็บไว้เฉพาะพาสคีย์ที่คุณเพิ่มเอง พาสคีย์ที่คุณไม่รู้จักจะถูกลบพร้อมการเปลี่ยนรหัสผ่านครั้งนี้",
    keepPasskey: (name: string, added: string) => `เก็บ “${name}” ไว้ (เพิ่มเมื่อ ${added})`,
    signedInAs: (name: string, email: string) => `เข้าสู่ระบบในชื่อ ${name} (${email})`,
    backToConsole: "กลับไปที่คอนโซล",
  },
});

/** Any message the sign-in form can show, in the person's language. */
export const translateSignIn = wordsOf(signInMessages.words, passkeyRules.words, browserActionMessages.words);
