/**
 * bench/statement: the statement that reconciles (lib/wallet/statement.ts, docs/DESIGN.md §4) at
 * one merchant-day of 100,000 wallet movements against 100,000 requests, on PostgreSQL and PGlite.
 *
 * Seed (per database, migrated as in production): one merchant; 100,000 requests paid on one
 * Bangkok day (70 % Pay-Ins at 1.5 %, 30 % Pay-Outs at 0.5 %, each with its rate recorded), and one
 * wallet movement each, as the provider writes it (credit paid − fee, debit paid + fee, fee rounded
 * half away from zero; tags naming the payment tx and RefId1, or the pay-out's provider id), the
 * balance chained through them; plus 10 adjustments by hand — so a correct run finds exactly those
 * 10 and nothing else (checked; the run fails otherwise).
 *
 * 1. reconcileDay for the day, from movements already read: the first run (it matches every
 *    movement to its request) — target ≤ 10 s — and the median of 3 more (matching done).
 *    Peak RSS of the process after it (PGlite's database lives in the process, Postgres's does not).
 * 2. Reading: what 100,000 movements cost to read — readWalletDay against an in-process provider
 *    serving them 100 a call (the provider's cap): the calls made, the theoretical minimum
 *    (⌈N / 100⌉), and the least time those calls take at the provider's 20 calls per 10 s (the first
 *    20 at once, then 2 a second), beside the time PayDesk spent storing what was read.
 * 3. The overview's wallet (lib/wallet/balance.ts storedPositions: the stored balance and what
 *    waits to be debited, among the 100,000 requests): p95 of 50 after 5 warm-ups — target ≤ 20 ms.
 *
 * STATEMENT_ROWS changes the size; BENCH_ONLY=pglite|postgres runs one database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../lib/db/client";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import type { MerchantApi, WalletTx } from "../lib/provider/client";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";

const { reconcileDay } = await import("../lib/wallet/statement");
const { readWalletDay } = await import("../lib/wallet/movements");
const { storedPositions } = await import("../lib/wallet/balance");

const ROWS = Number(process.env.STATEMENT_ROWS ?? 100_000);
const ADJUSTMENTS = 10;
const DAY = "2026-11-20";
const MERCHANT = "mer_statement_bench";
const only = process.env.BENCH_ONLY;
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
type Row = Record<string, unknown>;

async function seed(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4)
    VALUES (${MERCHANT}, 'Bench shop', 'org-bench', '00000000-0000-4000-8000-000000000001', 'x', 'xxxx')`);
  await db.execute(
    sql`INSERT INTO merchant_wallets (merchant_id, wallet_id, balance, read_at) VALUES (${MERCHANT}, 'wallet-bench', '0', now())`,
  );
  // Requests, paid across the day (Bangkok), 70 % Pay-Ins. The overview's totals are not measured here: their trigger
  // would update the same few rows 100,000 times in one statement (bench/overview-scale measures it).
  await db.execute(sql`ALTER TABLE payment_requests DISABLE TRIGGER payment_requests_rollup`);
  await db.execute(sql`
    INSERT INTO payment_requests (id, merchant_id, kind, ref_id1, requested_amount, paid_amount, status, input, idempotency_key,
                                  provider_id, paid_at, created_at, fee_pct)
    SELECT 'req_b' || lpad(g::text, 8, '0'), ${MERCHANT},
           CASE WHEN g % 10 < 7 THEN 'payin' ELSE 'payout' END,
           'B' || lpad(g::text, 8, '0'),
           (100 + (g * 37) % 90000) / 1.0 + (g % 100) / 100.0,
           (100 + (g * 37) % 90000) / 1.0 + (g % 100) / 100.0,
           'paid', '{}'::jsonb, 'idem-b' || g,
           lpad(to_hex(g), 8, '0') || '-0000-4000-8000-000000000000',
           ${`${DAY}T00:00:00+07:00`}::timestamptz + (g * interval '1 second') * (86000.0 / ${ROWS}),
           ${`${DAY}T00:00:00+07:00`}::timestamptz + (g * interval '1 second') * (86000.0 / ${ROWS}) - interval '1 minute',
           CASE WHEN g % 10 < 7 THEN 1.5 ELSE 0.5 END
    FROM generate_series(1, ${ROWS}) AS g`);
  await db.execute(sql`ALTER TABLE payment_requests ENABLE TRIGGER payment_requests_rollup`);
  // One movement per request, as the provider writes it, and the hand adjustments; the balance chained through them in time order.
  await db.execute(sql`
    WITH moves AS (
      SELECT 'mv-' || pr.id AS id, pr.paid_at AS at,
             CASE WHEN pr.kind = 'payin' THEN 'credit' ELSE 'debit' END AS direction,
             CASE WHEN pr.kind = 'payin' THEN pr.paid_amount - round(pr.paid_amount * pr.fee_pct / 100, 2)
                  ELSE pr.paid_amount + round(pr.paid_amount * pr.fee_pct / 100, 2) END AS amount,
             CASE WHEN pr.kind = 'payin' THEN 'PaymentTxId=[' || md5(pr.id) || '], RefId1=[' || pr.ref_id1 || ']'
                  ELSE 'PayOutRequestId=[' || pr.provider_id || '], RefId1=[' || pr.ref_id1 || ']' END AS tags,
             CASE WHEN pr.kind = 'payin' THEN 'payin' ELSE 'payout' END AS ref_kind,
             CASE WHEN pr.kind = 'payin' THEN md5(pr.id) ELSE pr.provider_id END AS ref_id,
             pr.ref_id1
      FROM payment_requests pr WHERE pr.merchant_id = ${MERCHANT}
      UNION ALL
      SELECT 'mv-adjust-' || g, ${`${DAY}T12:00:00+07:00`}::timestamptz + g * interval '1 millisecond', 'credit', 250.00,
             'manual', NULL, NULL, NULL
      FROM generate_series(1, ${ADJUSTMENTS}) AS g
    ), chained AS (
      SELECT *, 50000000.00 + sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END) OVER (ORDER BY at, id) AS current
      FROM moves
    )
    INSERT INTO wallet_transactions (id, merchant_id, wallet_id, direction, amount, previous_balance, current_balance, tags,
                                     description, created_at, day, ref_kind, ref_id, ref_id1)
    SELECT id, ${MERCHANT}, 'wallet-bench', direction, amount,
           current - CASE direction WHEN 'credit' THEN amount ELSE -amount END, current, tags, NULL, at, ${DAY}::date,
           ref_kind, ref_id, ref_id1
    FROM chained`);
}

/** An in-process provider: the day's movements, newest first, 100 a call, as GetMerchantWalletTxs pages them. */
function fakeProvider(movements: WalletTx[]): MerchantApi & { calls: number } {
  const newestFirst = [...movements].reverse();
  const api = {
    calls: 0,
    getMerchantWallet: async () => ({
      ok: true as const,
      data: { id: "wallet-bench", merchantId: null, balanceSatang: 0, updatedAt: null },
    }),
    getMerchantWalletTxs: async (_walletId: string, query: { offset?: number; limit?: number }) => {
      api.calls++;
      const from = (query.offset ?? 1) - 1;
      return { ok: true as const, data: newestFirst.slice(from, from + Math.min(100, query.limit ?? 100)) };
    },
  };
  return api as unknown as MerchantApi & { calls: number };
}

async function measure(kind: "postgres" | "pglite", database: Database, figures: Record<string, Figure>, notes: Record<string, unknown>) {
  const db = database.db;
  let t = process.hrtime.bigint();
  await seed(database);
  const seedS = seconds(t);

  t = process.hrtime.bigint();
  const first = await reconcileDay(db, MERCHANT, DAY);
  const firstS = seconds(t);
  const unmatched = first.findings.filter((f) => f.kind === "unmatched_movement").length;
  if (first.findings.length !== ADJUSTMENTS || unmatched !== ADJUSTMENTS || first.movements !== ROWS + ADJUSTMENTS)
    throw new Error(
      `${kind}: expected ${ADJUSTMENTS} unmatched movements of ${ROWS + ADJUSTMENTS}; got ${JSON.stringify(first.findings.slice(0, 5))} (${first.findings.length}), ${first.movements} movements`,
    );
  const again: number[] = [];
  for (let i = 0; i < 3; i++) {
    t = process.hrtime.bigint();
    await reconcileDay(db, MERCHANT, DAY);
    again.push(seconds(t));
  }
  const rssMb = process.resourceUsage().maxRSS / 1024;

  // Reading: the same movements served 100 a call; stored again (already there: each is kept once).
  const rows = (
    (await db.execute(sql`
      SELECT id, direction, amount::text AS amount, previous_balance::text AS previous, current_balance::text AS current, tags, created_at
      FROM wallet_transactions WHERE merchant_id = ${MERCHANT} ORDER BY created_at, id`)) as unknown as { rows: Row[] }
  ).rows;
  const satang = (text: unknown) => Math.round(Number(text) * 100);
  const movements: WalletTx[] = rows.map((r) => ({
    id: String(r.id),
    walletId: "wallet-bench",
    tags: (r.tags as string | null) ?? null,
    description: null,
    amountSatang: satang(r.amount),
    direction: r.direction as "credit" | "debit",
    previousSatang: satang(r.previous),
    currentSatang: satang(r.current),
    createdAt: new Date(r.created_at as string | Date).toISOString(),
  }));
  await db.execute(sql`DELETE FROM wallet_transactions WHERE merchant_id = ${MERCHANT}`);
  const provider = fakeProvider(movements);
  t = process.hrtime.bigint();
  const read = await readWalletDay(db, MERCHANT, DAY, provider);
  const readS = seconds(t);
  if (!read.ok || read.read !== movements.length) throw new Error(`${kind}: reading gave ${JSON.stringify(read)}`);

  // The overview's wallet figure.
  const times: number[] = [];
  for (let i = 0; i < 55; i++) {
    t = process.hrtime.bigint();
    await storedPositions(db, [MERCHANT]);
    if (i >= 5) times.push(seconds(t) * 1000);
  }
  times.sort((a, b) => a - b);

  const k = ROWS === 100_000 ? "100k" : String(ROWS);
  figures[`${kind}_statement_${k}_first_s`] = figure(firstS, "s", { atMost: 10 });
  figures[`${kind}_statement_${k}_again_s_median`] = figure(median(again), "s");
  figures[`${kind}_peak_rss_mb`] = figure(rssMb, "MB");
  figures[`${kind}_read_${k}_store_s`] = figure(readS, "s");
  figures[`${kind}_overview_wallet_ms_p95`] = figure(percentile(times, 95), "ms", { atMost: 20 });
  if (kind === "pglite" || !figures.read_calls) {
    const minimum = Math.ceil(movements.length / 100);
    figures.read_calls = figure(provider.calls, "calls");
    figures.read_calls_minimum = figure(minimum, "calls");
    // 20 calls per sliding 10 s: the first 20 at once, then one every 0.5 s.
    figures.read_least_s_at_20_per_10s = figure(Math.max(0, provider.calls - 20) / 2, "s");
    figures.read_minimum_s_at_20_per_10s = figure(Math.max(0, minimum - 20) / 2, "s");
  }
  notes[kind] = {
    seed_s: Number(seedS.toFixed(1)),
    movements: movements.length,
    findings: first.findings.length,
    again_s: again.map((s) => Number(s.toFixed(2))),
  };
}

const figures: Record<string, Figure> = {};
const notes: Record<string, unknown> = {
  rows: ROWS,
  adjustments: ADJUSTMENTS,
  measured:
    "lib/wallet/statement.ts reconcileDay (matching, balance chain, per-request judgement) in process; readWalletDay against an in-process provider; lib/wallet/balance.ts storedPositions",
  read_rate: "the provider's budget: 20 calls per 10 s (docs/provider-facts.md §8.1); at most 100 movements a call (§9.2)",
};
const load = [os.loadavg()[0]!];
if (!only || only === "postgres") {
  const bin = findPostgresBin();
  if (!bin) throw new Error("bench/statement needs Debian's postgresql: /usr/lib/postgresql/*/bin/initdb was not found.");
  const server = await startPostgres(bin);
  try {
    const setup = new pg.Client({ connectionString: server.url("postgres") });
    await setup.connect();
    await setup.query("create database statement_bench");
    await setup.end();
    const database = await openDatabase({ url: server.url("statement_bench"), poolSize: 10 });
    try {
      await measure("postgres", database, figures, notes);
    } finally {
      await database.close();
    }
  } finally {
    server.stop();
  }
  load.push(os.loadavg()[0]!);
}
if (!only || only === "pglite") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-statement-"));
  const database = await openDatabase({ dir });
  try {
    await measure("pglite", database, figures, notes);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  load.push(os.loadavg()[0]!);
}
notes.load_average_1m = load.map((l) => Number(l.toFixed(2)));
writeResults(only ? `statement-${only}` : "statement", figures, notes);
