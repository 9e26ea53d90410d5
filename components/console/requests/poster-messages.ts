import { defineMessages } from "@/lib/i18n";

/** The QR poster: staff's own words around it, and the customer's lines printed in both languages. */
export const posterMessages = defineMessages({
  en: {
    title: "QR poster",
    intro: "Print this page and put it where the customer pays. The QR is the same as on the checkout page.",
    print: "Print",
    back: "Back to the request",
    scanToPay: "Scan to pay",
    instruction: (amount: string) => `Scan the QR with your banking app and pay exactly ${amount}.`,
    reference: "Reference",
    qrAlt: (amount: string, merchant: string) => `PromptPay QR: pay ${amount} to ${merchant}`,
    noQr: "There is no QR to print: this request is settled, or the customer pays by bank transfer. Send the checkout link instead.",
  },
  th: {
    title: "โปสเตอร์ QR",
    intro: "พิมพ์หน้านี้แล้ววางไว้ที่ลูกค้าชำระเงิน QR เดียวกับในหน้าชำระเงิน",
    print: "พิมพ์",
    back: "กลับไปที่คำขอ",
    scanToPay: "สแกนเพื่อชำระเงิน",
    instruction: (amount: string) => `สแกน QR ด้วยแอปธนาคาร แล้วชำระ ${amount} พอดี`,
    reference: "อ้างอิง",
    qrAlt: (amount: string, merchant: string) => `คิวอาร์พร้อมเพย์: ชำระ ${amount} ให้ ${merchant}`,
    noQr: "ไม่มี QR ให้พิมพ์: คำขอนี้จบแล้ว หรือลูกค้าชำระด้วยการโอนเข้าบัญชี โปรดส่งลิงก์ชำระเงินแทน",
  },
});
