/**
 * What waits to be debited from a merchant's wallet (docs/DESIGN.md §4, "The wallet"): every
 * Pay-Out and Withdrawal (refunds are Pay-Outs) that has not ended — held for approval, being
 * sent, sent with its answer lost, or pending at the provider — for what is left of it (a partly
 * paid pay-out has already been debited for its rounds), plus its fee when the merchant bears it
 * (not when the recipient does: lib/requests/contract.ts FEE_PAYERS). The provider debits the
 * amount and the fee when an admin approves it, and refuses then when the wallet is short
 * (docs/provider-facts.md §9.3); nothing is held at submit. So "available" is the balance less
 * all of this, and a new pay-out is measured against it.
 *
 * A fee is the request's own rate (fixed by the provider, recorded from its record) applied to
 * what is left, rounded as the provider rounds (half away from zero, like lib/requests/fees.ts
 * `percentOfAmount`: PostgreSQL's round() on numeric does the same). A request whose rate PayDesk
 * has not learnt yet takes the merchant's latest known pay-out rate, and the fee says it is an
 * estimate; with no rate known at all, the fee is unknown and says so.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { toSatang, type Satang } from "../money";
import { percentOfAmount, plainPercent } from "../requests/fees";

/** The states of a Pay-Out or Withdrawal that the wallet has not yet been debited for in full. */
export const AWAITING_DEBIT = ["awaiting_approval", "submitting", "unknown", "needs_review", "pending"] as const;

export interface WaitingDebits {
  count: number;
  /** What is left to pay out, summed. */
  amountSatang: Satang;
  /** Their fees, where a rate is known (their own, or the latest one as an estimate). */
  feeSatang: Satang;
  /** Some fees are the latest known rate applied, not the request's own. */
  feeEstimated: boolean;
  /** Requests whose fee cannot be told at all (no rate known for this merchant). */
  feeUnknownCount: number;
  /** The merchant's latest known pay-out rate, in percent (for a new pay-out's fee), or null. */
  latestPayoutFeePct: string | null;
}

export async function waitingDebits(db: Db, merchantId: string): Promise<WaitingDebits> {
  // Written out, not as parameters: the partial index on open money-out requests (migration 0048) is chosen only when the
  // planner can see the query asks for exactly its states.
  const statuses = sql.raw(AWAITING_DEBIT.map((state) => `'${state}'`).join(", "));
  type Row = {
    count: string | number;
    amount: string | null;
    own_fee: string | null;
    unrated_amount: string | null;
    unrated_count: string | number;
    latest_pct: string | null;
  };
  const result = await db.execute(sql`
      WITH latest AS (
        SELECT fee_pct FROM payment_requests
        WHERE merchant_id = ${merchantId} AND kind IN ('payout', 'withdrawal') AND fee_pct IS NOT NULL
        ORDER BY created_at DESC LIMIT 1
      ), open AS (
        -- A fee the recipient bears leaves the wallet untouched: rated at nothing.
        SELECT requested_amount - paid_amount AS left_amount, CASE WHEN fee_payer = 'beneficiary' THEN 0 ELSE fee_pct END AS fee_pct
        FROM payment_requests
        WHERE merchant_id = ${merchantId} AND kind IN ('payout', 'withdrawal') AND status IN (${statuses})
          AND requested_amount > paid_amount
      )
      SELECT count(*) AS count,
             coalesce(sum(left_amount), 0) AS amount,
             coalesce(sum(round(left_amount * fee_pct / 100, 2)) FILTER (WHERE fee_pct IS NOT NULL), 0) AS own_fee,
             coalesce(sum(left_amount) FILTER (WHERE fee_pct IS NULL), 0) AS unrated_amount,
             count(*) FILTER (WHERE fee_pct IS NULL) AS unrated_count,
             (SELECT fee_pct::text FROM latest) AS latest_pct
      FROM open
    `);
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  const unratedCount = Number(row.unrated_count);
  const latest = row.latest_pct === null ? null : plainPercent(row.latest_pct);
  let fee = toSatang(row.own_fee ?? "0");
  let feeEstimated = false;
  let feeUnknownCount = 0;
  if (unratedCount > 0) {
    if (latest === null) feeUnknownCount = unratedCount;
    else {
      // Each unrated request is rounded on its own by the provider; estimating their sum at once
      // may differ from that by under a satang per request, which an estimate may.
      feeEstimated = true;
      fee += percentOfAmount(toSatang(row.unrated_amount ?? "0"), latest);
    }
  }
  return {
    count: Number(row.count),
    amountSatang: toSatang(row.amount ?? "0"),
    feeSatang: fee,
    feeEstimated,
    feeUnknownCount,
    latestPayoutFeePct: latest,
  };
}
