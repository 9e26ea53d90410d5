import "server-only";
import { parse } from "promptparse";

/**
 * The QR payload a customer can scan, or null. Decided by the payload itself — an EMVCo string
 * whose CRC-16 checks out (promptparse, strict) — and not by the provider's `isQrAvailable`: the
 * live provider says false beside a valid SCB bill-payment QR (tag 30), for receiving accounts
 * without a PromptPay id (docs/provider-facts.md §4.1). A blank or corrupt payload is never drawn: a QR
 * that scans to nothing, or to the wrong amount, is worse than the bank details alone. Checked on
 * the server, so the customer's phone downloads no parser.
 */
export function scannableQrPayload(qrCode: string | null | undefined): string | null {
  const payload = qrCode?.trim();
  if (!payload) return null;
  return parse(payload, true) ? payload : null;
}
