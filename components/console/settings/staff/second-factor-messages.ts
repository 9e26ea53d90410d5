import { defineMessages } from "@/lib/i18n";

/** Settings → Staff: the two-factor rule for roles, and a person's second factor. */
export const secondFactorAdminMessages = defineMessages({
  en: {
    policyTitle: "Two-factor sign-in",
    policyIntro:
      "People in the roles ticked here must sign in with an authenticator app's code too. Someone in such a role without one is taken to set it up right after their password, and can do nothing else until done.",
    policyRoles: "Required for",
    save: "Save",
    saving: "Saving…",
    saved: "Saved. It applies at each person's next click.",
    personTitle: "Two-factor sign-in",
    personOn: "On: this person signs in with an authenticator app's code.",
    personOff: "Off: this person signs in with a password alone.",
    reset: "Reset two-factor sign-in",
    resetTitle: "Reset this person's two-factor sign-in?",
    resetBody:
      "Their authenticator app and recovery codes stop working; they sign in with the password alone until they set it up again (at once, if their role requires it). Do this only when you have confirmed who is asking.",
    cancel: "Cancel",
    resetDone: "Reset. They set it up again at their next sign-in.",
    endSessions: "End all their sessions",
    endSessionsTitle: "End all of this person's sessions?",
    endSessionsBody:
      "Every browser they are signed in on is signed out at its next click, on every PayDesk instance. They can sign in again.",
    sessionsEnded: "Their sessions are ended.",
  },
  th: {
    policyTitle: "การยืนยันตัวตนสองขั้นตอน",
    policyIntro:
      "ผู้ที่อยู่ในบทบาทที่เลือกไว้ต้องเข้าสู่ระบบด้วยรหัสจากแอปยืนยันตัวตนด้วย ผู้ที่อยู่ในบทบาทนั้นแต่ยังไม่ได้ตั้งค่าจะถูกพาไปตั้งค่าทันทีหลังรหัสผ่าน และทำอย่างอื่นไม่ได้จนกว่าจะตั้งค่าเสร็จ",
    policyRoles: "บังคับสำหรับ",
    save: "บันทึก",
    saving: "กำลังบันทึก…",
    saved: "บันทึกแล้ว มีผลเมื่อแต่ละคนคลิกครั้งถัดไป",
    personTitle: "การยืนยันตัวตนสองขั้นตอน",
    personOn: "เปิดอยู่: บุคคลนี้เข้าสู่ระบบด้วยรหัสจากแอปยืนยันตัวตน",
    personOff: "ปิดอยู่: บุคคลนี้เข้าสู่ระบบด้วยรหัสผ่านอย่างเดียว",
    reset: "รีเซ็ตการยืนยันตัวตนสองขั้นตอน",
    resetTitle: "รีเซ็ตการยืนยันตัวตนสองขั้นตอนของบุคคลนี้?",
    resetBody:
      "แอปยืนยันตัวตนและรหัสกู้คืนของเขาจะใช้ไม่ได้ เขาจะเข้าสู่ระบบด้วยรหัสผ่านอย่างเดียวจนกว่าจะตั้งค่าใหม่ (ทันที หากบทบาทของเขาบังคับ) ทำเมื่อยืนยันตัวผู้ขอแล้วเท่านั้น",
    cancel: "ยกเลิก",
    resetDone: "รีเซ็ตแล้ว เขาจะตั้งค่าใหม่เมื่อเข้าสู่ระบบครั้งถัดไป",
    endSessions: "สิ้นสุดเซสชันทั้งหมดของเขา",
    endSessionsTitle: "สิ้นสุดเซสชันทั้งหมดของบุคคลนี้?",
    endSessionsBody: "ทุกเบราว์เซอร์ที่เขาเข้าสู่ระบบอยู่จะออกจากระบบเมื่อคลิกครั้งถัดไป ในทุกเครื่องของ PayDesk เขาเข้าสู่ระบบใหม่ได้",
    sessionsEnded: "สิ้นสุดเซสชันของเขาแล้ว",
  },
});
