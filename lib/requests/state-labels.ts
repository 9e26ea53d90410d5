import { defineMessages } from "../i18n/locale";
import type { State } from "./lifecycle";

/** Words for what a request is and where it stands, shared by the list, the detail page and the badges. */
export const stateLabels = defineMessages<Record<State, string>>({
  en: {
    awaiting_approval: "Awaiting approval",
    submitting: "Submitting",
    unknown: "Checking with the provider",
    needs_review: "Needs a person",
    pending: "Pending",
    paid: "Paid",
    approved: "Approved",
    rejected: "Rejected",
    expired: "Expired",
    canceled: "Canceled",
  },
  th: {
    awaiting_approval: "รออนุมัติ",
    submitting: "กำลังส่ง",
    unknown: "กำลังตรวจสอบกับผู้ให้บริการ",
    needs_review: "ต้องให้เจ้าหน้าที่ตรวจสอบ",
    pending: "รอดำเนินการ",
    paid: "ชำระแล้ว",
    approved: "อนุมัติแล้ว",
    rejected: "ถูกปฏิเสธ",
    expired: "หมดอายุ",
    canceled: "ยกเลิกแล้ว",
  },
});
