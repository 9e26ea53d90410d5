import { defineMessages } from "@/lib/i18n";
import type { AttentionKind } from "@/lib/attention/inbox";

/** The "Needs attention" page: each kind of item, why it is there and what to do about it. */
export const attentionMessages = defineMessages({
  en: {
    title: "Needs attention",
    intro: "Everything that waits for a person, in one place. An item leaves by itself once it is done.",
    empty: "Nothing needs you now.",
    count: (n: number) => (n === 1 ? "1 item" : `${n} items`),
    more: (shown: number, all: number) => `The newest ${shown} of ${all}.`,
    since: (when: string) => `since ${when}`,
    open: "Open",
    "approve.title": "Money out to approve",
    "approve.why": "A Pay-Out or Withdrawal above the merchant's approval threshold that someone else made.",
    "approve.todo": "Open it, check the recipient and the amount, then approve or decline.",
    "review.title": "Requests that need a decision",
    "review.why": "The provider's records cannot tell PayDesk how these ended.",
    "review.todo": "Compare each with the provider's portal, then record what happened.",
    "payout_failed.title": "Pay-Outs the provider refused after accepting",
    "payout_failed.why": "The recipient was not paid (shown for 7 days).",
    "payout_failed.todo": "Check the recipient's account and make a new Pay-Out if the money is still owed.",
    "slip.title": "Slips to check",
    "slip.why":
      "A customer sent a transfer slip nobody has decided on, for a Pay-In not paid: still open, or ended unpaid (money that came too late).",
    "slip.todo": "Open the slip, compare it with its request and the bank account's statement, and record whether it matches.",
    "endpoint.title": "Your webhook endpoints failing",
    "endpoint.why": "Your systems are not hearing of payments: deliveries to these addresses fail.",
    "endpoint.todo": "Fix the endpoint, then send the missed events again from its page.",
    "webhook.title": "Provider webhooks PayDesk could not apply",
    "webhook.why": "Money or a request PayDesk could not match, or a message it could not confirm (last 24 hours).",
    "webhook.todo": "Open the webhook log, read each one's reason, and check the request or the provider's portal.",
  },
  th: {
    title: "ต้องดำเนินการ",
    intro: "ทุกอย่างที่รอคนดำเนินการ รวมไว้ที่เดียว รายการจะหายไปเองเมื่อจัดการเสร็จ",
    empty: "ตอนนี้ไม่มีอะไรรอคุณ",
    count: (n: number) => `${n} รายการ`,
    more: (shown: number, all: number) => `${shown} รายการล่าสุดจาก ${all}`,
    since: (when: string) => `ตั้งแต่ ${when}`,
    open: "เปิด",
    "approve.title": "เงินออกที่รออนุมัติ",
    "approve.why": "รายการโอนจ่ายหรือถอนเงินที่เกินเกณฑ์อนุมัติของร้านค้า ซึ่งผู้อื่นสร้างไว้",
    "approve.todo": "เปิดรายการ ตรวจผู้รับและจำนวนเงิน แล้วอนุมัติหรือปฏิเสธ",
    "review.title": "รายการที่ต้องตัดสินใจ",
    "review.why": "ข้อมูลของผู้ให้บริการบอกไม่ได้ว่ารายการเหล่านี้จบอย่างไร",
    "review.todo": "เทียบแต่ละรายการกับพอร์ทัลของผู้ให้บริการ แล้วบันทึกสิ่งที่เกิดขึ้น",
    "payout_failed.title": "รายการโอนจ่ายที่ผู้ให้บริการปฏิเสธหลังรับแล้ว",
    "payout_failed.why": "ผู้รับยังไม่ได้รับเงิน (แสดง 7 วัน)",
    "payout_failed.todo": "ตรวจบัญชีผู้รับ แล้วสร้างรายการโอนจ่ายใหม่หากยังต้องจ่าย",
    "slip.title": "สลิปที่ต้องตรวจ",
    "slip.why": "ลูกค้าส่งสลิปการโอนที่ยังไม่มีผู้ตัดสิน สำหรับรายการรับเงินที่ยังไม่ได้ชำระ: ยังเปิดอยู่ หรือสิ้นสุดโดยไม่ได้ชำระ (เงินอาจเข้ามาช้าเกินไป)",
    "slip.todo": "เปิดสลิป เทียบกับคำขอและรายการเดินบัญชีธนาคาร แล้วบันทึกว่าตรงกันหรือไม่",
    "endpoint.title": "ปลายทางเว็บฮุกของคุณที่ล้มเหลว",
    "endpoint.why": "ระบบของคุณไม่ได้รับแจ้งการชำระเงิน: การส่งไปยังที่อยู่เหล่านี้ล้มเหลว",
    "endpoint.todo": "แก้ไขปลายทาง แล้วส่งเหตุการณ์ที่พลาดไปอีกครั้งจากหน้าของปลายทางนั้น",
    "webhook.title": "เว็บฮุกจากผู้ให้บริการที่ PayDesk ใช้ไม่ได้",
    "webhook.why": "เงินหรือรายการที่ PayDesk จับคู่ไม่ได้ หรือข้อความที่ยืนยันไม่ได้ (24 ชั่วโมงล่าสุด)",
    "webhook.todo": "เปิดบันทึกเว็บฮุก อ่านเหตุผลของแต่ละรายการ แล้วตรวจรายการหรือพอร์ทัลของผู้ให้บริการ",
  },
});

/** A kind's title, why it waits and what to do, in the reader's words. */
export function kindWords(t: ReturnType<typeof attentionMessages>, kind: AttentionKind): { title: string; why: string; todo: string } {
  return { title: t[`${kind}.title`], why: t[`${kind}.why`], todo: t[`${kind}.todo`] };
}
