/** What the statement expects the wallet to have moved for a request, in SQL (./statement.ts). */
import { sql } from "drizzle-orm";

/**
 * lib/requests/fees.ts `feesOf`'s fee, in SQL, for a request row aliased `pr`: the fee a webhook
 * stated, else the recorded rate applied to what was paid, rounded to the satang half away from
 * zero (PostgreSQL's round on numeric), with a discarding merchant's Pay-In credit's satang added
 * to it; null when nothing is paid or nothing is known. `lib/wallet/fee-sql.db.test.ts` holds it
 * against `feesOf` for every kind of input.
 */
export const FEE_SQL = sql.raw(`CASE
  WHEN pr.paid_amount <= 0 THEN NULL
  WHEN pr.fee_amount IS NOT NULL THEN pr.fee_amount
  WHEN pr.fee_pct IS NULL THEN NULL
  WHEN pr.kind = 'payin' AND pr.discard_cent THEN round(pr.paid_amount * pr.fee_pct / 100, 2)
    + mod(pr.paid_amount - round(pr.paid_amount * pr.fee_pct / 100, 2), 1)
  ELSE round(pr.paid_amount * pr.fee_pct / 100, 2) END`);
/**
 * What the wallet should have moved for the request (`pr`, the fee its wallet bore as `fee`): + paid
 * − fee for money in, −(paid + fee) for money out (the fee 0 when the recipient bore it).
 */
export const EXPECTED_SQL = sql.raw(
  `CASE WHEN pr.kind IN ('payin', 'payin_p2p') THEN pr.paid_amount - coalesce(fee, 0) ELSE -(pr.paid_amount + coalesce(fee, 0)) END`,
);
