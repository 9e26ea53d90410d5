/**
 * A statement's findings (lib/wallet/statement.ts) in words, in the reader's language: what does
 * not reconcile, with the request or movement it is about, and what to do. Stored as facts, worded
 * only where shown (docs/DESIGN.md §11).
 */
import { formatThb, type Locale } from "../i18n";
import type { Satang } from "../money";
import type { Finding, FindingKind } from "./statement";

const thb = (satang: Satang) => (satang < 0 ? `−${formatThb(-satang)}` : formatThb(satang));
const abs = (satang: Satang) => formatThb(Math.abs(satang));

export const FINDING_KINDS: readonly FindingKind[] = [
  "unmatched_movement",
  "missing_movement",
  "moved_twice",
  "amount_differs",
  "not_paid_here",
  "balance_gap",
];

/** The finding's name, as a heading or a filter. */
export function findingTitle(kind: FindingKind, locale: Locale): string {
  const en: Record<FindingKind, string> = {
    unmatched_movement: "Wallet movement with no request",
    missing_movement: "Paid request with no wallet movement",
    moved_twice: "Moved more than once",
    amount_differs: "Amount or fee differs",
    not_paid_here: "Moved for a request not paid in PayDesk",
    balance_gap: "Balance does not follow",
  };
  const th: Record<FindingKind, string> = {
    unmatched_movement: "รายการในกระเป๋าเงินที่ไม่ตรงกับคำขอใด",
    missing_movement: "คำขอที่ชำระแล้วแต่ไม่มีรายการในกระเป๋าเงิน",
    moved_twice: "ตัดหรือเติมเงินซ้ำ",
    amount_differs: "ยอดเงินหรือค่าธรรมเนียมไม่ตรงกัน",
    not_paid_here: "มีรายการเงินของคำขอที่ PayDesk ยังไม่ถือว่าชำระแล้ว",
    balance_gap: "ยอดคงเหลือไม่ต่อเนื่อง",
  };
  return (locale === "th" ? th : en)[kind];
}

export function findingWords(f: Finding, locale: Locale): string {
  const th = locale === "th";
  switch (f.kind) {
    case "unmatched_movement": {
      const what = th
        ? `${f.direction === "credit" ? "เงินเข้า" : "เงินออก"} ${formatThb(f.amountSatang)}`
        : `A ${f.direction} of ${formatThb(f.amountSatang)}`;
      const note = f.description ? ` ("${f.description}")` : "";
      return th
        ? `${what}${note} ในกระเป๋าเงินไม่ตรงกับคำขอใดใน PayDesk อาจเป็นการปรับยอดโดยผู้ให้บริการ หรือเงินที่ผู้ให้บริการกำหนดให้ร้านค้าเอง ให้สอบถามผู้ให้บริการว่าคือรายการอะไร`
        : `${what} in the wallet${note} names no request PayDesk has. The provider may have adjusted the balance by hand or assigned money to the merchant: ask the provider what it is.`;
    }
    case "missing_movement":
      return th
        ? `${f.refId1} ชำระแล้วใน PayDesk แต่กระเป๋าเงินไม่มีรายการของคำขอนี้ (ควรมี${f.expectedSatang >= 0 ? "เงินเข้า" : "เงินออก"} ${abs(f.expectedSatang)}) ให้ผู้ให้บริการตรวจสอบ`
        : `${f.refId1} is paid in PayDesk, but the wallet has no movement for it (a ${f.expectedSatang >= 0 ? "credit" : "debit"} of ${abs(f.expectedSatang)} was due). Ask the provider to check it.`;
    case "moved_twice":
      return th
        ? `กระเป๋าเงินเคลื่อนไหว ${f.movements} ครั้งสำหรับ ${f.refId1} รวม ${abs(f.movedSatang)} แต่ควรเป็น ${abs(f.expectedSatang)} ให้ผู้ให้บริการคืนส่วนที่เกิน ${abs(f.movedSatang - f.expectedSatang)}`
        : `The wallet moved ${f.movements} times for ${f.refId1}: ${abs(f.movedSatang)} in all, where ${abs(f.expectedSatang)} was due. Ask the provider to reverse the extra ${abs(f.movedSatang - f.expectedSatang)}.`;
    case "amount_differs":
      return th
        ? `กระเป๋าเงินเคลื่อนไหว ${abs(f.movedSatang)} สำหรับ ${f.refId1} แต่ยอดที่ชำระและค่าธรรมเนียม (${formatThb(f.feeSatang)}) ทำให้ควรเป็น ${abs(f.expectedSatang)} ต่างกัน ${abs(f.movedSatang - f.expectedSatang)}`
        : `The wallet moved ${abs(f.movedSatang)} for ${f.refId1}, where its paid amount and fee (${formatThb(f.feeSatang)}) make ${abs(f.expectedSatang)}: ${abs(f.movedSatang - f.expectedSatang)} apart.`;
    case "not_paid_here":
      return th
        ? `กระเป๋าเงินเคลื่อนไหว ${thb(f.movedSatang)} สำหรับ ${f.refId1} ซึ่ง PayDesk ยังไม่ถือว่าชำระแล้ว (สถานะ ${f.status}) PayDesk อาจยังไม่ได้รับแจ้ง ให้กดตรวจสอบคำขออีกครั้ง`
        : `The wallet moved ${thb(f.movedSatang)} for ${f.refId1}, which PayDesk does not have as paid (${f.status}). PayDesk may not have heard yet: re-check the request.`;
    case "balance_gap":
      return th
        ? `รายการหนึ่งเริ่มจากยอดคงเหลือ ${thb(f.previousSatang)} แต่รายการก่อนหน้าจบที่ ${thb(f.expectedPreviousSatang)} ประวัติกระเป๋าเงินขาดช่วง ${abs(f.previousSatang - f.expectedPreviousSatang)}`
        : `A movement starts from a balance of ${thb(f.previousSatang)} where the one before it ended at ${thb(f.expectedPreviousSatang)}: the wallet's history has a gap of ${abs(f.previousSatang - f.expectedPreviousSatang)}.`;
  }
}
