import { defineMessages } from "@/lib/i18n";

/** The console's words for slips: the timeline's slip entry and the Slips page. */
export const slipMessages = defineMessages({
  en: {
    title: "Slips",
    intro: "Transfer slips customers uploaded on the slip page, newest first. Open one to see its request.",
    showing: (merchant: string) => `Showing: ${merchant}`,
    allMerchants: "All merchants",
    listLabel: "Uploaded slips, newest first",
    none: "No slips yet. When a customer uploads a transfer slip on a Pay-In's slip page, it appears here and on the request's timeline.",
    older: "Older slips",
    newest: "Back to the newest slips",
    pages: "Slip pages",
    badCursor: "This page link is not valid (it may have been cut short).",
    badCursorAction: "Show the newest slips",
    toPay: "To pay",
    requested: (amount: string) => `requested ${amount}`,
    uploaded: "Uploaded",
    reference: "Reference",
    noReference: "not given",
    note: "Note",
    /** The thumbnail's text for people who cannot see it. */
    thumbnailAlt: (time: string, reference: string | null) =>
      reference ? `Slip uploaded ${time}, reference ${reference}` : `Slip uploaded ${time}, no reference given`,
    fullSize: "Open the full-size slip",
    newTab: "(opens in a new tab)",
  },
  th: {
    title: "สลิป",
    intro: "สลิปการโอนที่ลูกค้าอัปโหลดผ่านหน้าอัปโหลดสลิป ล่าสุดอยู่บนสุด เปิดรายการเพื่อดูคำขอของสลิปนั้น",
    showing: (merchant: string) => `แสดง: ${merchant}`,
    allMerchants: "ทุกร้านค้า",
    listLabel: "สลิปที่อัปโหลด ล่าสุดอยู่บนสุด",
    none: "ยังไม่มีสลิป เมื่อลูกค้าอัปโหลดสลิปการโอนในหน้าอัปโหลดสลิปของคำขอรับชำระ สลิปจะแสดงที่นี่และในไทม์ไลน์ของคำขอ",
    older: "สลิปก่อนหน้า",
    newest: "กลับไปที่สลิปล่าสุด",
    pages: "หน้ารายการสลิป",
    badCursor: "ลิงก์หน้านี้ไม่ถูกต้อง (อาจถูกตัดให้สั้นลง)",
    badCursorAction: "แสดงสลิปล่าสุด",
    toPay: "ยอดที่ต้องชำระ",
    requested: (amount: string) => `ยอดที่ขอ ${amount}`,
    uploaded: "อัปโหลดเมื่อ",
    reference: "เลขอ้างอิง",
    noReference: "ไม่ได้ระบุ",
    note: "หมายเหตุ",
    thumbnailAlt: (time: string, reference: string | null) =>
      reference ? `สลิปที่อัปโหลดเมื่อ ${time} เลขอ้างอิง ${reference}` : `สลิปที่อัปโหลดเมื่อ ${time} ไม่ได้ระบุเลขอ้างอิง`,
    fullSize: "เปิดสลิปขนาดเต็ม",
    newTab: "(เปิดในแท็บใหม่)",
  },
});

/** The slip reference as staff read it: "AB12…9XYZ", or null when the customer gave none. */
export function slipReference(first4: string | null, last4: string | null): string | null {
  return first4 && last4 ? `${first4}…${last4}` : null;
}

/** Where the console fetches a slip's pictures: through PayDesk, with the staff session (app/api/slips/[id]/…). */
export const slipImagePath = (id: string, kind: "image" | "thumbnail") => `/api/slips/${encodeURIComponent(id)}/${kind}`;
