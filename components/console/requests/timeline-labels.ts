import { defineMessages } from "@/lib/i18n";

/** Who did it, for the timeline: a person's name is looked up; these are the machines. */
export const actorLabels = defineMessages({
  en: {
    provider: "provider",
    webhook: "webhook",
    reconcile: "reconciliation",
    customer: "customer",
    system: "PayDesk",
    paydesk: "PayDesk",
    sandbox: "sandbox",
    staff: "a staff member",
    apiKey: "API key",
  },
  th: {
    provider: "ผู้ให้บริการ",
    webhook: "webhook",
    reconcile: "การตรวจสอบอัตโนมัติ",
    customer: "ลูกค้า",
    system: "PayDesk",
    paydesk: "PayDesk",
    sandbox: "sandbox",
    staff: "พนักงาน",
    apiKey: "API key",
  },
});

/** What happened, for the timeline; an unknown type is shown as it is stored. */
export const eventLabels = defineMessages<Record<string, string>>({
  en: {
    created: "Created",
    approval_granted: "Approved by a second person",
    approval_declined: "Declined by a second person",
    submit_accepted: "Provider accepted it",
    submit_rejected: "Provider rejected it",
    submit_uncertain: "Provider's answer lost",
    submit_unresolved: "Left to a person",
    provider_status: "Provider status",
    payout_success: "Pay-out transfer",
    resent: "Sent again",
    recheck: "Re-checked on request",
    sandbox_control: "Sandbox control",
    webhook: "Webhook",
    webhook_unconfirmed: "Webhook NOT applied: the provider did not confirm it",
    webhook_mismatch: "Webhook NOT applied: its amount or RefId1 does not fit",
    slip_uploaded: "Slip uploaded",
    slip_decided: "Slip decided",
    refund_requested: "Refund made",
  },
  th: {
    created: "สร้างคำขอ",
    approval_granted: "ผู้อนุมัติคนที่สองอนุมัติ",
    approval_declined: "ผู้อนุมัติคนที่สองปฏิเสธ",
    submit_accepted: "ผู้ให้บริการรับคำขอ",
    submit_rejected: "ผู้ให้บริการปฏิเสธคำขอ",
    submit_uncertain: "ไม่ได้รับคำตอบจากผู้ให้บริการ",
    submit_unresolved: "ส่งต่อให้เจ้าหน้าที่ตรวจสอบ",
    provider_status: "สถานะจากผู้ให้บริการ",
    payout_success: "โอนจ่ายแล้ว",
    resent: "ส่งใหม่อีกครั้ง",
    recheck: "ตรวจสอบตามคำขอ",
    sandbox_control: "คำสั่ง Sandbox",
    webhook: "Webhook",
    webhook_unconfirmed: "ไม่ได้บันทึกเว็บฮุก: ผู้ให้บริการไม่ได้ยืนยัน",
    webhook_mismatch: "ไม่ได้บันทึกเว็บฮุก: ยอดเงินหรือ RefId1 ไม่ตรง",
    slip_uploaded: "อัปโหลดสลิป",
    slip_decided: "ตัดสินสลิป",
    refund_requested: "สร้างรายการคืนเงิน",
  },
});

export const controlLabels = defineMessages({
  en: {
    pay: "Customer pays (mark paid)",
    approve: "Approve",
    reject: "Reject",
    expire: "Expire now",
    payout: "Pay out in full",
    partial_payout: "Partial pay-out",
  },
  th: {
    pay: "ลูกค้าชำระ (ทำเป็นชำระแล้ว)",
    approve: "อนุมัติ",
    reject: "ปฏิเสธ",
    expire: "ให้หมดอายุตอนนี้",
    payout: "โอนจ่ายเต็มจำนวน",
    partial_payout: "โอนจ่ายบางส่วน",
  },
});
