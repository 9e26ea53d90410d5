/**
 * The statement that reconciles (docs/DESIGN.md §4, "The statement"): per merchant and Bangkok
 * day, the provider's wallet movements read with the read key (GetMerchantWalletTxs, 100 a call,
 * newest first — a movement added while reading pushes the pages down, so one may be read twice,
 * never missed), each matched to its PayDesk request by what its tags name (docs/provider-facts.md
 * §9.3: a pay-in credit names its RefId1, a pay-out debit its provider request id), and then:
 *
 * - opening and closing balance (the first movement's balance before, the last one's after),
 *   credits, debits, and the fees the wallet bore for the requests that moved;
 * - findings, each a fact worded where it is shown (lib/wallet/finding-words.ts):
 *   `unmatched_movement` a movement that names no request PayDesk has (a provider admin's
 *   adjustment, money assigned by hand); `missing_movement` a request PayDesk has as paid with no
 *   movement; `moved_twice` a request the wallet moved for more than once, for more than it should;
 *   `amount_differs` a request whose movements add up to another amount than its paid amount and
 *   fee (lib/requests/fees.ts) say; `not_paid_here` a movement for a request PayDesk does not have as
 *   paid (yet); `balance_gap` a movement whose balance before is not the one before it's after.
 *
 * Matching and the sums are set-based SQL; the per-request judgement walks the touched requests in
 * pages, so memory stays bounded however many movements a day has (bench/statement).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { walletStatements } from "../db/schema";
import { toDecimalString, toSatang, type Satang } from "../money";
import { ENDED_PAID, isEndedPaid } from "../requests/lifecycle";
import type { MerchantApi } from "../provider/client";
import { chainInOrder } from "./chain";
import { EXPECTED_SQL, FEE_SQL } from "./fee-sql";
import { dayBounds, readWalletDay, signedSatang } from "./movements";

export type Finding =
  | {
      kind: "unmatched_movement";
      movementId: string;
      direction: "credit" | "debit";
      amountSatang: Satang;
      description: string | null;
      tags: string | null;
    }
  | { kind: "missing_movement"; requestId: string; refId1: string; expectedSatang: Satang }
  | { kind: "moved_twice"; requestId: string; refId1: string; expectedSatang: Satang; movedSatang: Satang; movements: number }
  | { kind: "amount_differs"; requestId: string; refId1: string; expectedSatang: Satang; movedSatang: Satang; feeSatang: Satang }
  | { kind: "not_paid_here"; requestId: string; refId1: string; movedSatang: Satang; status: string }
  | { kind: "balance_gap"; movementId: string; expectedPreviousSatang: Satang; previousSatang: Satang };
export type FindingKind = Finding["kind"];

export interface StatementFigures {
  merchantId: string;
  day: string;
  openingSatang: Satang | null;
  creditsSatang: Satang;
  debitsSatang: Satang;
  feesSatang: Satang;
  closingSatang: Satang | null;
  movements: number;
  findings: Finding[];
}

/**
 * Pairs the day's unmatched movements with PayDesk's requests: a pay-out by its provider id (the
 * provider's GUIDs are lower case, as PayDesk keeps them and as the tags are read; the unique index
 * on provider_id finds each), else anything by RefId1 in the right direction (the merchant's unique
 * RefId1 index).
 */
async function matchDay(db: Db, merchantId: string, day: string): Promise<void> {
  await db.execute(sql`
    UPDATE wallet_transactions wt SET request_id = pr.id
    FROM payment_requests pr
    WHERE wt.merchant_id = ${merchantId} AND wt.day = ${day} AND wt.request_id IS NULL AND wt.ref_kind = 'payout'
      AND pr.provider_id = wt.ref_id AND pr.merchant_id = ${merchantId} AND pr.kind IN ('payout', 'withdrawal')`);
  await db.execute(sql`
    UPDATE wallet_transactions wt SET request_id = pr.id
    FROM payment_requests pr
    WHERE wt.merchant_id = ${merchantId} AND wt.day = ${day} AND wt.request_id IS NULL AND wt.ref_id1 IS NOT NULL
      AND pr.merchant_id = ${merchantId} AND pr.ref_id1 = wt.ref_id1
      AND ((wt.direction = 'credit' AND pr.kind IN ('payin', 'payin_p2p')) OR (wt.direction = 'debit' AND pr.kind IN ('payout', 'withdrawal')))`);
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Works out the day's statement from the movements kept, and records it. Everything is set-based
 * SQL: the figures, the balance chain (each movement's balance before against the one before it's
 * after, in time order), the movements that name no request, and the requests whose movements do
 * not add up to what they should; only what does not reconcile comes back to be worded.
 */
export async function reconcileDay(
  db: Db,
  merchantId: string,
  day: string,
  options: { readCalls?: number } = {},
): Promise<StatementFigures> {
  await matchDay(db, merchantId, day);
  const { start, end } = dayBounds(day);
  const findings: Finding[] = [];
  const ofDay = sql`merchant_id = ${merchantId} AND day = ${day}`;

  const [totals] = rowsOf(
    await db.execute(sql`
      SELECT count(*) AS movements,
             coalesce(sum(amount) FILTER (WHERE direction = 'credit'), 0)::text AS credits,
             coalesce(sum(amount) FILTER (WHERE direction = 'debit'), 0)::text AS debits,
             (SELECT previous_balance::text FROM wallet_transactions WHERE ${ofDay} ORDER BY created_at, id LIMIT 1) AS opening,
             (SELECT current_balance::text FROM wallet_transactions WHERE ${ofDay} ORDER BY created_at DESC, id DESC LIMIT 1) AS closing,
             (SELECT current_balance::text FROM wallet_transactions WHERE merchant_id = ${merchantId} AND day < ${day}
               ORDER BY created_at DESC, id DESC LIMIT 1) AS before
      FROM wallet_transactions WHERE ${ofDay}`),
  );
  const movements = Number(totals!.movements);
  const before = signedSatang((totals!.before as string | null) ?? null);

  // The chain: a movement is out of step when its balance before is not the previous one's after.
  const gaps = rowsOf(
    await db.execute(sql`
      SELECT id, previous_balance::text AS previous, before::text AS before, tied FROM (
        SELECT id, previous_balance,
               coalesce(lag(current_balance) OVER w, ${before === null ? null : toDecimalString(before)}::numeric) AS before,
               (lag(created_at) OVER w = created_at OR lead(created_at) OVER w = created_at) AS tied
        FROM wallet_transactions WHERE ${ofDay} WINDOW w AS (ORDER BY created_at, id)
      ) chain
      WHERE before IS NOT NULL AND previous_balance IS NOT NULL AND previous_balance <> before`),
  );
  // Movements of the same instant may have been written in another order than their ids: walk those in the chain's own order.
  if (gaps.some((g) => g.tied === true)) findings.push(...(await chainInOrder(db, merchantId, day, before)));
  else
    for (const g of gaps)
      findings.push({
        kind: "balance_gap",
        movementId: String(g.id),
        expectedPreviousSatang: signedSatang(String(g.before))!,
        previousSatang: signedSatang(String(g.previous))!,
      });

  for (const m of rowsOf(
    await db.execute(sql`
      SELECT id, direction, amount::text AS amount, description, tags FROM wallet_transactions
      WHERE ${ofDay} AND request_id IS NULL ORDER BY created_at, id`),
  ))
    findings.push({
      kind: "unmatched_movement",
      movementId: String(m.id),
      direction: m.direction as "credit" | "debit",
      amountSatang: toSatang(String(m.amount)),
      description: (m.description as string | null) ?? null,
      tags: (m.tags as string | null) ?? null,
    });

  // Every request the day touched (moved for today, or paid today): its movements against what it should have moved.
  const endedPaid = sql.join(
    ENDED_PAID.map((state) => sql`${state}`),
    sql`, `,
  );
  const judged = rowsOf(
    await db.execute(sql`
      WITH touched AS (
        SELECT request_id AS id FROM wallet_transactions WHERE ${ofDay} AND request_id IS NOT NULL
        UNION
        SELECT id FROM payment_requests
        WHERE merchant_id = ${merchantId} AND paid_at >= ${start.toISOString()}::timestamptz AND paid_at < ${end.toISOString()}::timestamptz
          AND paid_amount > 0
      ), moved AS (
        SELECT wt.request_id AS id,
               sum(CASE wt.direction WHEN 'credit' THEN wt.amount ELSE -wt.amount END) AS moved,
               count(*) AS movements, count(DISTINCT wt.amount) AS amounts,
               count(*) FILTER (WHERE wt.day = ${day}) AS today
        FROM wallet_transactions wt JOIN touched ON wt.request_id = touched.id
        GROUP BY wt.request_id
      ), judged AS (
        SELECT pr.id, pr.kind, pr.ref_id1, pr.status, pr.paid_amount, fee,
               coalesce(m.moved, 0) AS moved, coalesce(m.movements, 0) AS movements, coalesce(m.amounts, 0) AS amounts,
               coalesce(m.today, 0) AS today, ${EXPECTED_SQL} AS expected
        FROM touched JOIN payment_requests pr ON pr.id = touched.id
        LEFT JOIN moved m ON m.id = pr.id
        -- The fee the wallet bore: none when the recipient bore it (then the debit is what was paid out).
        CROSS JOIN LATERAL (SELECT CASE WHEN pr.fee_payer = 'beneficiary' AND pr.paid_amount > 0 THEN 0 ELSE ${FEE_SQL} END AS fee) f
      )
      SELECT 'fees' AS row, NULL AS id, NULL AS kind, NULL AS ref_id1, NULL AS status, NULL AS paid, NULL AS moved,
             NULL AS movements, NULL AS amounts, (SELECT coalesce(sum(fee) FILTER (WHERE today > 0), 0) FROM judged)::text AS fee,
             NULL AS expected
      UNION ALL
      SELECT 'request', id, kind, ref_id1, status, paid_amount::text, moved::text, movements, amounts, fee::text, expected::text
      FROM judged
      WHERE (movements = 0 AND paid_amount > 0)
         OR (movements > 0 AND (paid_amount = 0 OR (kind IN ('payin', 'payin_p2p') AND status NOT IN (${endedPaid}))))
         OR (movements > 0 AND paid_amount > 0 AND fee IS NOT NULL AND moved <> expected
             AND NOT (kind IN ('payin', 'payin_p2p') AND status NOT IN (${endedPaid})))`),
  );
  let fees = 0;
  for (const r of judged) {
    if (r.row === "fees") fees = toSatang(String(r.fee));
    else judgeRequest(r, findings);
  }

  const opening = signedSatang((totals!.opening as string | null) ?? null);
  const closing = signedSatang((totals!.closing as string | null) ?? null);
  const figures: StatementFigures = {
    merchantId,
    day,
    openingSatang: movements === 0 ? before : opening,
    creditsSatang: toSatang(String(totals!.credits)),
    debitsSatang: toSatang(String(totals!.debits)),
    feesSatang: fees,
    closingSatang: movements === 0 ? before : closing,
    movements,
    findings,
  };
  const money = (s: Satang | null) => (s === null ? null : toDecimalString(s));
  const values = {
    status: findings.length === 0 ? ("reconciled" as const) : ("findings" as const),
    opening: money(figures.openingSatang),
    credits: toDecimalString(figures.creditsSatang),
    debits: toDecimalString(figures.debitsSatang),
    fees: toDecimalString(fees),
    closing: money(figures.closingSatang),
    movements,
    findings,
    failure: null,
    readCalls: options.readCalls ?? 0,
    computedAt: new Date(),
    leaseUntil: null,
  };
  await db
    .insert(walletStatements)
    .values({ merchantId, day, ...values })
    .onConflictDoUpdate({ target: [walletStatements.merchantId, walletStatements.day], set: values });
  return figures;
}

/** One request the SQL found out of step, as a finding. */
function judgeRequest(r: Row, findings: Finding[]): void {
  const requestId = String(r.id);
  const refId1 = String(r.ref_id1);
  const kind = String(r.kind);
  const status = String(r.status);
  const movedSatang = signedSatang(String(r.moved))!;
  const count = Number(r.movements);
  const paid = toSatang(String(r.paid));
  const expected = signedSatang(String(r.expected))!;
  if (count === 0) {
    findings.push({ kind: "missing_movement", requestId, refId1, expectedSatang: expected });
    return;
  }
  if (paid === 0 || (!isEndedPaid(status) && kind.startsWith("payin"))) {
    findings.push({ kind: "not_paid_here", requestId, refId1, movedSatang, status });
    return;
  }
  if (count > 1 && Number(r.amounts) < count && Math.abs(movedSatang) > Math.abs(expected))
    findings.push({ kind: "moved_twice", requestId, refId1, expectedSatang: expected, movedSatang, movements: count });
  else
    findings.push({ kind: "amount_differs", requestId, refId1, expectedSatang: expected, movedSatang, feeSatang: toSatang(String(r.fee)) });
}

/** Reads the day from the provider, then works out its statement; a failed read is recorded as such. */
export async function runStatement(
  db: Db,
  merchantId: string,
  day: string,
  api: MerchantApi,
): Promise<StatementFigures | { failure: string }> {
  const read = await readWalletDay(db, merchantId, day, api);
  if (!read.ok) {
    const values = { status: "failed" as const, failure: read.failure, readCalls: read.calls, computedAt: new Date(), leaseUntil: null };
    await db
      .insert(walletStatements)
      .values({ merchantId, day, ...values })
      .onConflictDoUpdate({ target: [walletStatements.merchantId, walletStatements.day], set: values });
    return { failure: read.failure };
  }
  return reconcileDay(db, merchantId, day, { readCalls: read.calls });
}
