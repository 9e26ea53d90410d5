import { defineMessages } from "@/lib/i18n";

/** Account → LINE: linking one's own LINE account and choosing its messages (lib/line/linking.ts). */
export const lineAccountMessages = defineMessages({
  en: {
    title: "LINE",
    intro:
      "PayDesk can send you the same news by LINE, on the merchant's LINE Official Account. Approving stays in PayDesk, behind sign-in.",
    notConnected: "This PayDesk has no LINE Official Account connected yet (an administrator connects one in Settings → LINE).",
    howTo: (basicId: string) =>
      `To link: add ${basicId} as a friend in LINE (scan the code or open the link on your phone). It sends you a link: open it, sign in to PayDesk and confirm.`,
    addFriend: "Add friend in LINE",
    standIn: "Open the sandbox's LINE stand-in (demo mode)",
    qrLabel: (basicId: string) => `QR code to add ${basicId} as a friend in LINE`,
    linked: (when: string) => `Your LINE account is linked (since ${when}).`,
    unlink: "Unlink LINE",
    unlinking: "Unlinking…",
    unlinked: "Unlinked: PayDesk sends you nothing more by LINE.",
    legend: "Send me LINE messages for",
    none: "Your role gets no LINE messages from PayDesk.",
    save: "Save LINE choices",
    saving: "Saving…",
    saved: "Saved.",
    linkTitle: "Link your LINE account",
    linkIntro: (name: string, email: string) =>
      `The LINE account that opened this link will get PayDesk's messages for ${name} (${email}). LINE asks you to confirm next.`,
    linkConfirm: "Link my LINE account",
    linkConfirming: "Opening LINE…",
    linkMissing: "This page is opened from the link PayDesk sends you in LINE.",
    back: "Back to the console",
  },
  th: {
    title: "LINE",
    intro: "PayDesk ส่งข่าวเดียวกันให้คุณทาง LINE ได้ ผ่าน LINE Official Account ของร้านค้า การอนุมัติยังทำใน PayDesk หลังลงชื่อเข้าใช้",
    notConnected: "PayDesk นี้ยังไม่ได้เชื่อมต่อ LINE Official Account (ผู้ดูแลระบบเชื่อมต่อได้ที่ ตั้งค่า → LINE)",
    howTo: (basicId: string) =>
      `วิธีเชื่อมบัญชี: เพิ่ม ${basicId} เป็นเพื่อนใน LINE (สแกนโค้ดหรือเปิดลิงก์บนโทรศัพท์) แล้วบัญชีจะส่งลิงก์ให้คุณ เปิดลิงก์ ลงชื่อเข้าใช้ PayDesk แล้วยืนยัน`,
    addFriend: "เพิ่มเพื่อนใน LINE",
    standIn: "เปิด LINE จำลองของแซนด์บ็อกซ์ (โหมดสาธิต)",
    qrLabel: (basicId: string) => `คิวอาร์โค้ดสำหรับเพิ่ม ${basicId} เป็นเพื่อนใน LINE`,
    linked: (when: string) => `เชื่อมบัญชี LINE ของคุณแล้ว (ตั้งแต่ ${when})`,
    unlink: "ยกเลิกการเชื่อม LINE",
    unlinking: "กำลังยกเลิก…",
    unlinked: "ยกเลิกแล้ว: PayDesk จะไม่ส่งข้อความทาง LINE ถึงคุณอีก",
    legend: "ส่งข้อความ LINE ถึงฉันเมื่อ",
    none: "บทบาทของคุณไม่ได้รับข้อความ LINE จาก PayDesk",
    save: "บันทึกการเลือก LINE",
    saving: "กำลังบันทึก…",
    saved: "บันทึกแล้ว",
    linkTitle: "เชื่อมบัญชี LINE ของคุณ",
    linkIntro: (name: string, email: string) =>
      `บัญชี LINE ที่เปิดลิงก์นี้จะได้รับข้อความของ PayDesk สำหรับ ${name} (${email}) ขั้นต่อไป LINE จะขอให้คุณยืนยัน`,
    linkConfirm: "เชื่อมบัญชี LINE ของฉัน",
    linkConfirming: "กำลังเปิด LINE…",
    linkMissing: "หน้านี้เปิดจากลิงก์ที่ PayDesk ส่งให้คุณใน LINE",
    back: "กลับไปที่คอนโซล",
  },
});
