/**
 * The statement that reconciles (docs/DESIGN.md §4, "The statement"): per merchant and Bangkok
 * day, the provider's wallet movements read with the read key (GetMerchantWalletTxs, 100 a call,
 * newest first — a movement added while reading pushes the pages down, so one may be read twice,
 * never missed), each matched to its PayDesk request by what its tags name (docs/provider-facts.md
 * §9.3: a pay-in credit names its RefId1, a pay-out debit its provider request id), and then:
 *
 * - opening and closing balance (the first movement's balance before, the last one's after),
 *   credits, debits, and the fees of the requests that moved;
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
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { merchantWallets, walletStatements, walletTransactions } from "../db/schema";
import { toDecimalString, toSatang, type Satang } from "../money";
import { feesOf } from "../requests/fees";
import { isEndedPaid } from "../requests/lifecycle";
import type { MerchantApi, WalletTx } from "../payment-api/client";

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

/** The Bangkok day's bounds as instants: [start, end). */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+07:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** What a movement's tags name (§9.3): `PaymentTxId=[..], RefId1=[..]` for a pay-in credit, `PayOutRequestId=[..], RefId1=[..]` for a pay-out debit. */
export function tagsOf(tags: string | null): { refKind: "payin" | "payout" | null; refId: string | null; refId1: string | null } {
  const part = (name: string) => new RegExp(`(?:^|[,\\s])${name}=\\[([^\\]]*)\\]`).exec(tags ?? "")?.[1]?.trim() || null;
  const payout = part("PayOutRequestId");
  const payin = part("PaymentTxId");
  return { refKind: payout ? "payout" : payin ? "payin" : null, refId: (payout ?? payin)?.toLowerCase() ?? null, refId1: part("RefId1") };
}

const signedSatang = (text: string | null): Satang | null =>
  text === null ? null : text.trim().startsWith("-") ? -toSatang(text.trim().slice(1)) : toSatang(text);

/** Keeps movements as read: a movement read again (pages shifted while reading) is the same row. */
export async function storeMovements(db: Db, merchantId: string, movements: readonly WalletTx[]): Promise<number> {
  if (movements.length === 0) return 0;
  const rows = movements.map((m) => {
    const createdAt = new Date(m.createdAt ?? Date.now());
    return {
      id: m.id.toLowerCase(),
      merchantId,
      walletId: (m.walletId ?? "").toLowerCase(),
      direction: m.direction,
      amount: toDecimalString(m.amountSatang),
      previousBalance: m.previousSatang === null ? null : toDecimalString(m.previousSatang),
      currentBalance: m.currentSatang === null ? null : toDecimalString(m.currentSatang),
      tags: m.tags,
      description: m.description,
      createdAt,
      day: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(createdAt),
      ...tagsOf(m.tags),
    };
  });
  const inserted = await db.insert(walletTransactions).values(rows).onConflictDoNothing().returning({ id: walletTransactions.id });
  return inserted.length;
}

export type ReadOutcome = { ok: true; calls: number; read: number } | { ok: false; calls: number; failure: string };

/** Reads one Bangkok day of the merchant's wallet movements from the provider (100 a call) and keeps them. */
export async function readWalletDay(db: Db, merchantId: string, day: string, api: MerchantApi): Promise<ReadOutcome> {
  let [wallet] = await db.select().from(merchantWallets).where(eq(merchantWallets.merchantId, merchantId));
  let calls = 0;
  if (!wallet?.walletId) {
    calls++;
    const found = await api.getMerchantWallet();
    if (!found.ok) return { ok: false, calls, failure: found.kind };
    await db
      .insert(merchantWallets)
      .values({ merchantId, walletId: found.data.id, balance: toDecimalString(found.data.balanceSatang), readAt: new Date() })
      .onConflictDoUpdate({ target: merchantWallets.merchantId, set: { walletId: found.data.id } });
    [wallet] = await db.select().from(merchantWallets).where(eq(merchantWallets.merchantId, merchantId));
  }
  const { start, end } = dayBounds(day);
  const toDate = new Date(end.getTime() - 1).toISOString();
  let read = 0;
  for (let offset = 1; ; offset += 100) {
    calls++;
    const page = await api.getMerchantWalletTxs(wallet!.walletId!, { offset, limit: 100, fromDate: start.toISOString(), toDate });
    if (!page.ok) return { ok: false, calls, failure: page.kind };
    read += page.data.length;
    await storeMovements(db, merchantId, page.data);
    if (page.data.length < 100) break;
  }
  return { ok: true, calls, read };
}

/** Pairs the day's unmatched movements with PayDesk's requests: a pay-out by its provider id, else anything by RefId1 in the right direction. */
async function matchDay(db: Db, merchantId: string, day: string): Promise<void> {
  await db.execute(sql`
    UPDATE wallet_transactions wt SET request_id = pr.id
    FROM payment_requests pr
    WHERE wt.merchant_id = ${merchantId} AND wt.day = ${day} AND wt.request_id IS NULL AND wt.ref_kind = 'payout'
      AND pr.merchant_id = ${merchantId} AND lower(pr.provider_id) = wt.ref_id AND pr.kind IN ('payout', 'withdrawal')`);
  await db.execute(sql`
    UPDATE wallet_transactions wt SET request_id = pr.id
    FROM payment_requests pr
    WHERE wt.merchant_id = ${merchantId} AND wt.day = ${day} AND wt.request_id IS NULL AND wt.ref_id1 IS NOT NULL
      AND pr.merchant_id = ${merchantId} AND pr.ref_id1 = wt.ref_id1
      AND ((wt.direction = 'credit' AND pr.kind IN ('payin', 'payin_p2p')) OR (wt.direction = 'debit' AND pr.kind IN ('payout', 'withdrawal')))`);
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const PAGE = 5_000;

/** Works out the day's statement from the movements kept, and records it. */
export async function reconcileDay(
  db: Db,
  merchantId: string,
  day: string,
  options: { readCalls?: number } = {},
): Promise<StatementFigures> {
  await matchDay(db, merchantId, day);
  const { start, end } = dayBounds(day);
  const findings: Finding[] = [];

  // The balance chain, in the provider's order (time, then each movement's balance before following the last one's after).
  const [before] = await db
    .select({ current: walletTransactions.currentBalance })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.merchantId, merchantId), sql`${walletTransactions.day} < ${day}`))
    .orderBy(sql`${walletTransactions.createdAt} desc`)
    .limit(1);
  let last: Satang | null = signedSatang(before?.current ?? null);
  let opening: Satang | null = null;
  let credits = 0;
  let debits = 0;
  let movements = 0;
  let cursor: { at: Date; id: string } | null = null;
  const pending: Array<{ id: string; at: Date; previous: Satang | null; current: Satang | null }> = [];
  const judge = (m: { id: string; previous: Satang | null; current: Satang | null }) => {
    if (opening === null) opening = m.previous;
    if (last !== null && m.previous !== null && m.previous !== last)
      findings.push({ kind: "balance_gap", movementId: m.id, expectedPreviousSatang: last, previousSatang: m.previous });
    if (m.current !== null) last = m.current;
  };
  /** Movements of the same instant: the one that follows the last balance first. */
  const flushTies = () => {
    while (pending.length > 0) {
      const at = pending.findIndex((m) => m.previous === last);
      judge(pending.splice(at < 0 ? 0 : at, 1)[0]!);
    }
  };
  for (;;) {
    const page: (typeof walletTransactions.$inferSelect)[] = await db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.merchantId, merchantId),
          eq(walletTransactions.day, day),
          cursor === null
            ? undefined
            : sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`,
        ),
      )
      .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.id))
      .limit(PAGE);
    for (const m of page) {
      movements++;
      const amount = toSatang(m.amount);
      if (m.direction === "credit") credits += amount;
      else debits += amount;
      if (m.requestId === null)
        findings.push({
          kind: "unmatched_movement",
          movementId: m.id,
          direction: m.direction,
          amountSatang: amount,
          description: m.description,
          tags: m.tags,
        });
      const entry = { id: m.id, at: m.createdAt, previous: signedSatang(m.previousBalance), current: signedSatang(m.currentBalance) };
      if (pending.length > 0 && pending[0]!.at.getTime() !== entry.at.getTime()) flushTies();
      pending.push(entry);
    }
    if (page.length < PAGE) break;
    const tail: typeof walletTransactions.$inferSelect = page[page.length - 1]!;
    cursor = { at: tail.createdAt, id: tail.id };
  }
  flushTies();

  // Every request the day touched: moved for today, or paid today. Judged in pages by id.
  let fees = 0;
  let after = "";
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        WITH touched AS (
          SELECT request_id AS id FROM wallet_transactions WHERE merchant_id = ${merchantId} AND day = ${day} AND request_id IS NOT NULL
          UNION
          SELECT id FROM payment_requests
          WHERE merchant_id = ${merchantId} AND paid_at >= ${start.toISOString()}::timestamptz AND paid_at < ${end.toISOString()}::timestamptz AND paid_amount > 0
        ), picked AS (
          SELECT id FROM touched WHERE id > ${after} ORDER BY id LIMIT ${PAGE}
        )
        SELECT pr.id, pr.kind, pr.ref_id1, pr.status, pr.paid_amount::text AS paid_amount, pr.fee_amount::text AS fee_amount,
               pr.fee_pct::text AS fee_pct, pr.discard_cent,
               coalesce(sum(CASE wt.direction WHEN 'credit' THEN wt.amount ELSE -wt.amount END), 0)::text AS moved,
               count(wt.id) AS movements, count(DISTINCT wt.amount) AS amounts,
               count(wt.id) FILTER (WHERE wt.day = ${day}) AS today
        FROM picked JOIN payment_requests pr ON pr.id = picked.id
        LEFT JOIN wallet_transactions wt ON wt.request_id = pr.id
        GROUP BY pr.id ORDER BY pr.id`),
    );
    for (const r of page) judgeRequest(r, findings, (fee) => (fees += fee));
    if (page.length < PAGE) break;
    after = String(page[page.length - 1]!.id);
  }

  const figures: StatementFigures = {
    merchantId,
    day,
    openingSatang: opening,
    creditsSatang: credits,
    debitsSatang: debits,
    feesSatang: fees,
    closingSatang: movements === 0 ? signedSatang(before?.current ?? null) : last,
    movements,
    findings,
  };
  if (figures.openingSatang === null && movements === 0) figures.openingSatang = figures.closingSatang;
  const money = (s: Satang | null) => (s === null ? null : toDecimalString(s));
  const values = {
    status: findings.length === 0 ? ("reconciled" as const) : ("findings" as const),
    opening: money(figures.openingSatang),
    credits: toDecimalString(credits),
    debits: toDecimalString(debits),
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

function judgeRequest(r: Row, findings: Finding[], addFee: (fee: Satang) => void): void {
  const requestId = String(r.id);
  const refId1 = String(r.ref_id1);
  const kind = r.kind as "payin" | "payin_p2p" | "payout" | "withdrawal";
  const status = String(r.status);
  const movedSatang = signedSatang(String(r.moved))!;
  const count = Number(r.movements);
  const paid = toSatang(String(r.paid_amount));
  const figures = feesOf({
    kind,
    paidAmount: String(r.paid_amount),
    feeAmount: (r.fee_amount as string | null) ?? null,
    feePct: (r.fee_pct as string | null) ?? null,
    discardCent: (r.discard_cent as boolean | null) ?? null,
  });
  if (figures && Number(r.today) > 0) addFee(figures.feeSatang);
  if (count === 0) {
    if (paid > 0) {
      const expected = figures
        ? figures.direction === "credit"
          ? figures.netSatang
          : -figures.netSatang
        : kind.startsWith("payin")
          ? paid
          : -paid;
      findings.push({ kind: "missing_movement", requestId, refId1, expectedSatang: expected });
    }
    return;
  }
  if (paid === 0 || (!isEndedPaid(status) && kind.startsWith("payin"))) {
    findings.push({ kind: "not_paid_here", requestId, refId1, movedSatang, status });
    return;
  }
  // With no fee known (no rate, no stated fee) the movement cannot be judged to the satang.
  if (!figures) return;
  const expected = figures.direction === "credit" ? figures.netSatang : -figures.netSatang;
  if (movedSatang === expected) return;
  if (count > 1 && Number(r.amounts) < count && Math.abs(movedSatang) > Math.abs(expected))
    findings.push({ kind: "moved_twice", requestId, refId1, expectedSatang: expected, movedSatang, movements: count });
  else findings.push({ kind: "amount_differs", requestId, refId1, expectedSatang: expected, movedSatang, feeSatang: figures.feeSatang });
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
