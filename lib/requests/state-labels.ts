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

/**
 * Words for the list's status groups (lib/requests/list-filters.ts), the same everywhere a group is
 * counted: the list's filter, the overview's figures. Each names its states by stateLabels' words.
 */
export const groupLabels = defineMessages({
  en: {
    open: "Open",
    openStates: "submitting, checking, pending, awaiting approval",
    succeeded: "Paid or approved",
    failed: "Rejected, expired or canceled",
  },
  th: {
    open: "ยังไม่จบ",
    openStates: "กำลังส่ง, กำลังตรวจสอบ, รอดำเนินการ, รออนุมัติ",
    succeeded: "ชำระแล้วหรืออนุมัติแล้ว",
    failed: "ถูกปฏิเสธ หมดอายุ หรือยกเลิกแล้ว",
  },
});
