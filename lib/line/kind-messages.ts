import { defineMessages } from "../i18n";

/** The kinds of LINE message a group or a person can be sent, in both languages (Settings → LINE and Account → LINE). This file reaches the browser. */
export const lineKindMessages = defineMessages({
  en: {
    "approval.waiting": "Approval waiting",
    "request.needs_review": "Needs a person",
    "payout.failed": "Money out failed",
    "payin.paid_large": "Large Pay-In paid",
    "daily.summary": "Daily summary",
  },
  th: {
    "approval.waiting": "รออนุมัติ",
    "request.needs_review": "ต้องให้เจ้าหน้าที่ตรวจสอบ",
    "payout.failed": "โอนเงินออกไม่สำเร็จ",
    "payin.paid_large": "ชำระเงินยอดสูง",
    "daily.summary": "สรุปประจำวัน",
  },
});
