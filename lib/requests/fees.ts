import { parseAmount, toDecimalString, toSatang, type Satang } from "../money";
import type { RequestKind } from "../db/schema";

/**
 * The provider's fee on a request and what it leaves the merchant (docs/DESIGN.md §4,
 * docs/provider-facts.md §5.6, §9.3). The provider keeps the fee, not PayDesk: a Pay-In credits
 * the merchant's wallet with what was paid less the fee, a Pay-Out or Withdrawal debits it with
 * what was paid out plus the fee when the merchant bears it (the provider's default), or with what
 * was paid out alone when the recipient does (they get it less the fee: `feePayer`). So:
 *
 * - the fee a webhook stated (PAYIN_FEE on a Pay-In's success; PAYOUT_FEE on a Pay-Out paid in one
 *   transfer) is the fee, as the provider said it: `source: "provider"`;
 * - otherwise, when the provider's record gave the rate it fixed for the request (payInFeePct,
 *   payoutFeePct) the fee is computed as the provider computes it: the rate applied to what was
 *   paid, rounded to the satang half away from zero, and for a Pay-In of a merchant that discards
 *   satang (discardCent) the satang of the credit added to the fee: `source: "computed"`, and shown
 *   as such. A P2P approval's fee is not rounded at the provider (it keeps the exact decimal);
 *   PayDesk rounds it to the satang, like the sandbox;
 * - otherwise nothing is known, and no figure is shown rather than a guess.
 *
 * Nothing is paid, nothing is charged: a request with no money moved has neither fee nor net.
 */
export type FeeSource = "provider" | "computed";

export interface FeeFigures {
  feeSatang: Satang;
  /**
   * What the merchant's wallet moves by: credited for money in (paid − fee), debited for money out
   * (paid + fee, or paid when the recipient bears the fee).
   */
  netSatang: Satang;
  /** Who bore the fee; for money out borne by the recipient, what they received (paid − fee). */
  feePayer: "merchant" | "beneficiary";
  recipientSatang: Satang | null;
  direction: "credit" | "debit";
  source: FeeSource;
  /** The rate, in percent, as the provider's record gave it ("1.5"), when known. */
  pct: string | null;
}

export interface FeeInput {
  kind: RequestKind;
  paidAmount: string;
  feeAmount: string | null;
  feePct: string | null;
  discardCent: boolean | null;
  /** Absent or null on rows from before the column: the merchant's. */
  feePayer?: string | null;
}

export function feesOf(r: FeeInput): FeeFigures | null {
  const paid = toSatang(r.paidAmount);
  if (paid <= 0) return null;
  const direction = r.kind === "payin" || r.kind === "payin_p2p" ? "credit" : "debit";
  // == null: an outbound event's copy of a row from before these columns has none of them.
  const pct = r.feePct == null ? null : plainPercent(r.feePct);
  const recipientPays = direction === "debit" && r.feePayer === "beneficiary";
  const feePayer = recipientPays ? ("beneficiary" as const) : ("merchant" as const);
  const net = (fee: Satang) => (direction === "credit" ? paid - fee : recipientPays ? paid : paid + fee);
  const recipient = (fee: Satang) => (recipientPays ? paid - fee : null);
  if (r.feeAmount != null) {
    const fee = toSatang(r.feeAmount);
    return { feeSatang: fee, netSatang: net(fee), feePayer, recipientSatang: recipient(fee), direction, source: "provider", pct };
  }
  if (pct === null) return null;
  let fee = percentOfAmount(paid, pct);
  // DiscardCent: the credit is whole baht; its satang go to the fee (not for P2P approvals, §9.3).
  if (r.kind === "payin" && r.discardCent === true) fee += (paid - fee) % 100;
  return { feeSatang: fee, netSatang: net(fee), feePayer, recipientSatang: recipient(fee), direction, source: "computed", pct };
}

/** A rate in percent with up to four decimals (the column's scale), as text: "1.5000" → "1.5". */
export function plainPercent(value: string): string | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,4})\d*)?\s*$/.exec(value);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (whole > 100 || (whole === 100 && frac !== "")) return null;
  return frac === "" ? String(whole) : `${whole}.${frac}`;
}

/**
 * `satang × pct / 100`, rounded to the satang half away from zero (the provider's
 * `Math.Round(x, 2, AwayFromZero)`), exactly: in whole numbers of 1/10,000 of a percent.
 */
export function percentOfAmount(satang: Satang, pct: string): Satang {
  const plain = plainPercent(pct);
  if (plain === null) throw new RangeError(`"${pct}" is not a percentage between 0 and 100 with at most 4 decimals.`);
  const [whole = "0", frac = ""] = plain.split(".");
  const perMillion = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, "0"));
  // satang × (pct × 10,000) / (100 × 10,000), rounded half up on the magnitude.
  const product = BigInt(Math.abs(satang)) * perMillion;
  const rounded = Number((product + 500_000n) / 1_000_000n);
  return satang < 0 ? -rounded : rounded;
}

/**
 * The fee terms a webhook carries (docs/provider-facts.md §6.3), as columns of the request, for the
 * change it applies: PAYIN_FEE with its rate and DiscardCent on a Pay-In's success; on a Pay-Out's,
 * PAYOUT_FEE only when this one transfer paid the whole request (after P2P rounds, the last
 * webhook's fee is the remainder's alone, and the rate over the total paid says more). A value that
 * is not a number is left out, never guessed.
 */
export function feeColumnsFromWebhook(
  event: string,
  parameters: Record<string, string | null>,
  request: { requestedAmount: string },
  txSatang: Satang | null,
  isPartial: boolean,
): { feeAmount?: string; feePct?: string; discardCent?: boolean } {
  const amount = (name: string): string | undefined => {
    const raw = parameters[name]?.trim();
    if (!raw) return undefined;
    const parsed = parseAmount(raw);
    if (parsed.ok) return toDecimalString(parsed.satang);
    // A P2P fee the provider kept unrounded ("0.1575"): to the satang, half away from zero.
    const n = /^\d{1,12}\.\d+$/.test(raw) ? Number(raw) : NaN;
    return Number.isFinite(n) ? toDecimalString(Math.round(n * 100)) : undefined;
  };
  const rate = (name: string): string | undefined => {
    const raw = parameters[name]?.trim();
    return raw ? (plainPercent(raw) ?? undefined) : undefined;
  };
  if (event === "PaymentIn.Success") {
    const discard = parameters.PAYIN_DISCARD_CENT?.trim().toLowerCase();
    return definedOnly({
      feeAmount: amount("PAYIN_FEE"),
      feePct: rate("PAYIN_FEE_PCT"),
      discardCent: discard === "true" ? true : discard === "false" ? false : undefined,
    });
  }
  if (event === "PaymentOut.Success") {
    const whole = !isPartial && txSatang !== null && txSatang === toSatang(request.requestedAmount);
    return definedOnly({ feeAmount: whole ? amount("PAYOUT_FEE") : undefined, feePct: rate("PAYOUT_FEE_PCT") });
  }
  return {};
}

/** The fee's terms as columns of the request. */
export interface FeeTerms {
  feePct?: string;
  discardCent?: boolean;
}

/** The terms a provider's record of the request gives (docs/provider-facts.md §4.5): only what it states. */
export function feeTermsOf(record: { feePct: string | null; discardCent: boolean | null }): FeeTerms {
  const pct = record.feePct === null ? null : plainPercent(record.feePct);
  return definedOnly({ feePct: pct ?? undefined, discardCent: record.discardCent ?? undefined });
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
