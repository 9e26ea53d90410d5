import type { Locale } from "../i18n";
import { reword, sentencePair } from "../i18n/sentence";

/**
 * Why a webhook was held back, as stored (in English) on the delivery and the timeline, and worded
 * again for the reader when shown (components/console/paydesk-words.ts).
 */
export const WEBHOOK_NOTES = {
  noReadKey: sentencePair(
    "not confirmed: the merchant has no read key, so PayDesk cannot ask the provider",
    "ยืนยันไม่ได้: ร้านค้าไม่มีคีย์สำหรับอ่าน PayDesk จึงสอบถามผู้ให้บริการไม่ได้",
  ),
  noAmount: sentencePair("{event} without an amount (TX_AMOUNT)", "{event} ไม่มียอดเงิน (TX_AMOUNT)"),
};

/** A stored webhook note in the reader's language; null for text that is not one. */
export function webhookNoteWords(text: string, locale: Locale): string | null {
  return reword(Object.values(WEBHOOK_NOTES), text, locale);
}
