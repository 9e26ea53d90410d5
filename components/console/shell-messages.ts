import { defineMessages } from "@/lib/i18n";

/** The console shell's words: header, nav, merchant switcher, language switcher, 403 and placeholder pages. */
export const shellMessages = defineMessages({
  en: {
    home: "PayDesk home",
    merchant: "Merchant",
    noMerchants: "No merchants yet",
    switchMerchant: "Switch",
    allMerchants: "All merchants",
    signOut: "Sign out",
    account: "Account",
    signingOut: "Signing out…",
    language: "Language",
    nav: "Console",
    "nav.overview": "Overview",
    "nav.attention": "Needs attention",
    "nav.requests": "Requests",
    "nav.new": "New request",
    "nav.approvals": "Approvals",
    "nav.bulk": "Bulk Pay-Outs",
    "nav.slips": "Slips",
    "nav.webhooks": "Provider webhooks",
    "nav.settings": "Settings",
    "nav.statement": "Statement",
    "nav.audit": "Audit",
    /** The approvals link's name when some wait. */
    approvalsWaiting: (label: string, count: number) => `${label}, ${count} waiting`,
    /** The inbox link's name when items wait. */
    attentionWaiting: (label: string, count: number) => `${label}, ${count} ${count === 1 ? "item" : "items"}`,
    "role.viewer": "Viewer",
    "role.operator": "Operator",
    "role.finance": "Finance",
    "role.admin": "Admin",
    changePassword: "Change password",
    security: "Security",
    email: "E-mail and LINE",
    forbiddenTitle: "You do not have permission to open this page",
    forbiddenRole: (role: string) => `Your role (${role}) cannot use it.`,
    forbiddenAccount: "Your account cannot use it.",
    forbiddenAsk: "If you need it for your work, ask an admin to change your role.",
    backToRequests: "Back to requests",
    comingSoon: (detail: string) => `Coming soon: ${detail}`,
  },
  th: {
    home: "หน้าแรกของ PayDesk",
    merchant: "ร้านค้า",
    noMerchants: "ยังไม่มีร้านค้า",
    switchMerchant: "เปลี่ยน",
    allMerchants: "ทุกร้านค้า",
    signOut: "ออกจากระบบ",
    account: "บัญชีของฉัน",
    signingOut: "กำลังออกจากระบบ…",
    language: "ภาษา",
    nav: "คอนโซล",
    "nav.overview": "ภาพรวม",
    "nav.attention": "ต้องดำเนินการ",
    "nav.requests": "คำขอชำระเงิน",
    "nav.new": "สร้างคำขอ",
    "nav.approvals": "รออนุมัติ",
    "nav.bulk": "โอนจ่ายหลายรายการ",
    "nav.slips": "สลิป",
    "nav.webhooks": "เว็บฮุกจากผู้ให้บริการ",
    "nav.settings": "ตั้งค่า",
    "nav.statement": "รายการเดินบัญชี",
    "nav.audit": "บันทึกการใช้งาน",
    approvalsWaiting: (label: string, count: number) => `${label} ${count} รายการ`,
    attentionWaiting: (label: string, count: number) => `${label} ${count} รายการ`,
    "role.viewer": "ผู้ดูข้อมูล",
    "role.operator": "ผู้ปฏิบัติงาน",
    "role.finance": "การเงิน",
    "role.admin": "ผู้ดูแลระบบ",
    changePassword: "เปลี่ยนรหัสผ่าน",
    security: "ความปลอดภัย",
    email: "อีเมลและ LINE",
    forbiddenTitle: "คุณไม่มีสิทธิ์เปิดหน้านี้",
    forbiddenRole: (role: string) => `บทบาทของคุณ (${role}) ใช้หน้านี้ไม่ได้`,
    forbiddenAccount: "บัญชีของคุณใช้หน้านี้ไม่ได้",
    forbiddenAsk: "หากต้องใช้ในการทำงาน โปรดขอให้ผู้ดูแลระบบเปลี่ยนบทบาทของคุณ",
    backToRequests: "กลับไปที่คำขอชำระเงิน",
    comingSoon: (detail: string) => `เร็ว ๆ นี้: ${detail}`,
  },
});

export type ShellMessages = ReturnType<typeof shellMessages>;

/** A role's name in the person's language. */
export const roleLabel = (t: ShellMessages, role: string): string => (t as unknown as Record<string, string>)[`role.${role}`] ?? role;

/** A console section's name in the person's language (the section's English label when it has none yet). */
export const sectionLabel = (t: ShellMessages, section: { key: string; label: string }): string =>
  (t as unknown as Record<string, string>)[`nav.${section.key}`] ?? section.label;
