import { defineMessages } from "@/lib/i18n";

/** The staff home page's words (app/(home)/page.tsx): what PayDesk is, whether the provider answers, the way in. */
export const homeMessages = defineMessages({
  en: {
    intro: "Create and follow Thai payment requests — Pay-In, P2P, Pay-Out and Withdrawal — against the Payment Request Service.",
    language: "Language",
    providerHeading: "Payment provider",
    provider: "Provider",
    sandbox: (profile: string | null) => `PayDesk sandbox (${profile ?? "unknown"} profile)`,
    liveProvider: "Payment Request Service",
    address: "Address",
    status: "Status",
    reachable: "Reachable",
    unreachable: "Not reachable — check PAYMENT_API_BASE_URL, or start the sandbox with npm run sandbox",
    busy: "Not checked just now: PayDesk's calls are using the provider's whole rate limit. Look again in 30 seconds.",
    openConsole: "Open the console",
    signedInAs: (name: string) => `Signed in as ${name}`,
  },
  th: {
    intro: "สร้างและติดตามคำขอชำระเงิน ทั้งรับชำระ (Pay-In), P2P, โอนจ่าย (Pay-Out) และถอนเงิน (Withdrawal) ผ่าน Payment Request Service",
    language: "ภาษา",
    providerHeading: "ผู้ให้บริการชำระเงิน",
    provider: "ผู้ให้บริการ",
    sandbox: (profile: string | null) => `sandbox ของ PayDesk (โปรไฟล์ ${profile ?? "ไม่ทราบ"})`,
    liveProvider: "Payment Request Service",
    address: "ที่อยู่",
    status: "สถานะ",
    reachable: "เชื่อมต่อได้",
    unreachable: "เชื่อมต่อไม่ได้ — ตรวจสอบ PAYMENT_API_BASE_URL หรือเปิด sandbox ด้วยคำสั่ง npm run sandbox",
    busy: "ยังไม่ได้ตรวจในตอนนี้: PayDesk กำลังใช้โควตาการเรียกผู้ให้บริการเต็มจำนวน ลองดูอีกครั้งใน 30 วินาที",
    openConsole: "เปิดคอนโซล",
    signedInAs: (name: string) => `เข้าสู่ระบบในชื่อ ${name}`,
  },
});
