/**
 * A merchant's wallet as the money-out screens show it (docs/DESIGN.md §4, "The wallet"): the
 * balance as last read and how old it is, what waits to be debited, what is available after it,
 * and — for the amount being typed — its fee and what would be left. Plain data and arithmetic in
 * satang, shared by the server (app/api/wallet) and the browser.
 */
import type { Satang } from "../money";
import { percentOfAmount } from "../requests/fees";

export type WalletFailure = "no_read_key" | "refused" | "not_found" | "unavailable";

export interface WalletPosition {
  merchantId: string;
  /** The balance as last read; null when the provider has never told PayDesk. */
  balanceSatang: Satang | null;
  /** When it was read (ISO), and the failure of a later attempt, if any. */
  readAt: string | null;
  failure: WalletFailure | null;
  waiting: {
    count: number;
    amountSatang: Satang;
    feeSatang: Satang;
    feeEstimated: boolean;
    feeUnknownCount: number;
  };
  /** The merchant's latest known pay-out fee rate, in percent, or null. */
  payoutFeePct: string | null;
  /** The balance less everything waiting (and its fees); null when the balance is unknown. */
  availableSatang: Satang | null;
}

export function availableOf(balanceSatang: Satang | null, waiting: WalletPosition["waiting"]): Satang | null {
  return balanceSatang === null ? null : balanceSatang - waiting.amountSatang - waiting.feeSatang;
}

export interface AfterThis {
  /** The fee this pay-out would cost at the latest known rate; null when no rate is known. */
  feeSatang: Satang | null;
  /** Who bears it: the merchant (the provider's default: it is debited with the amount) or the recipient (who gets the amount less it). */
  feePayer: "merchant" | "beneficiary";
  /** What the wallet would be debited: the amount, plus the fee when the merchant bears it. */
  debitSatang: Satang;
  /** Available less this debit; null when the balance is unknown. */
  leftSatang: Satang | null;
  /** More than is available: the provider would refuse it at approval unless money comes in first. */
  short: boolean;
}

/**
 * What one pay-out — or several, a bulk file's lines — would take from what is available. Each
 * amount's fee is rounded on its own, as the provider rounds each pay-out's.
 */
export function afterThis(
  position: WalletPosition,
  amounts: Satang | readonly Satang[],
  feePayer: "merchant" | "beneficiary" = "merchant",
): AfterThis {
  const list = typeof amounts === "number" ? [amounts] : amounts;
  const pct = position.payoutFeePct;
  const feeSatang = pct === null ? null : list.reduce((sum, amount) => sum + percentOfAmount(amount, pct), 0);
  const debitSatang = list.reduce((sum, amount) => sum + amount, 0) + (feePayer === "merchant" ? (feeSatang ?? 0) : 0);
  const leftSatang = position.availableSatang === null ? null : position.availableSatang - debitSatang;
  return { feeSatang, feePayer, debitSatang, leftSatang, short: leftSatang !== null && leftSatang < 0 };
}
