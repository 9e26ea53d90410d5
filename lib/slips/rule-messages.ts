import { keyedMessages } from "../i18n/keyed-messages";
import { DECISION_NOTE_MAX_CHARS } from "./decision-limits";

/** The slip decision form's rules (./decision-schema.ts) and refusals, as keys, worded for the form. This file reaches the browser. */
export const slipRuleMessages = keyedMessages("slips", {
  en: {
    chooseDecision: "Choose whether the slip matches the request.",
    noteNeeded: "Say why it does not match: the next person reads this.",
    noteTooLong: `Keep the note to ${DECISION_NOTE_MAX_CHARS} characters.`,
    notFound: "That slip is not here (or not in your merchants). Open the Slips page again.",
  },
  th: {
    chooseDecision: "เลือกว่าสลิปตรงกับคำขอหรือไม่",
    noteNeeded: "ระบุเหตุผลที่ไม่ตรง เพื่อให้ผู้ตรวจคนถัดไปเข้าใจ",
    noteTooLong: `หมายเหตุยาวได้ไม่เกิน ${DECISION_NOTE_MAX_CHARS} ตัวอักษร`,
    notFound: "ไม่พบสลิปนี้ (หรือไม่อยู่ในร้านค้าของคุณ) เปิดหน้าสลิปอีกครั้ง",
  },
});
