/**
 * bench/overview-scale: the overview's queries (docs/DESIGN.md §15) at scale —
 * lib/overview/figures.ts overviewFigures itself, in process, not HTTP.
 *
 * Seed: 1,000,000 payment_requests over the 90 days before a fixed "now" (NOW, 12:30 in Bangkok),
 * 3 merchants, the four lanes (payin, payin_p2p, payout, withdrawal) and their states (paid with
 * paid_at seconds to an hour after created_at, approved, rejected — some for expiry —, expired,
 * pending, awaiting_approval, unknown, submitting, needs_review, canceled), plus one provider webhook
 * per two requests (2 % with a verdict the overview counts), in one INSERT … SELECT
 * generate_series per 100,000 rows, on a database the normal migrations made (openDatabase). The
 * request list's indexes are dropped for the load and re-created from their own definitions after
 * it, as bench/list-scale does. The rollups (migration 0027) are filled by the row trigger, as in
 * production, while the trigger's seed rate keeps the whole seed within SEED_BUDGET_S; past that the
 * rest is loaded with the trigger disabled and both rollups are rebuilt with the back-fill
 * statements read from lib/db/migrations/0027_overview-rollup.sql at run time. The notes say which
 * happened, and the rollups are checked against that back-fill (they must be equal row for row).
 *
 * 1. overviewFigures (current and previous period, the chart series, waiting now: 7 queries) for a
 *    custom 30-day range ending today, for all merchants (an admin) and for one merchant (a
 *    merchant's user, the three in turn), and for "today" and a 90-day range (informational):
 *    5 warm-up runs, then p50 and p95 of 50. Target: the 30-day p95 ≤ 100 ms on Postgres. The same
 *    on PGlite, reported without a target (its seed size is in the figure's name when it is not 1M).
 * 2. The trigger's cost per write: 2,000 single-row inserts and 2,000 status updates (pending →
 *    paid) with the trigger and 2,000 each without (ALTER TABLE … DISABLE TRIGGER), in alternating
 *    blocks of 100, all indexes in place: p50 per statement each and the difference.
 *
 * Postgres runs as the test server runs it (fsync and synchronous commit off), pool of 10 as the
 * app. OVERVIEW_SCALE_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of each of overviewFigures's
 * queries on Postgres (their execution times are always in the notes). OVERVIEW_SCALE_ROWS and
 * OVERVIEW_SCALE_PGLITE_ROWS change the seeds; BENCH_ONLY=pglite|postgres runs one database.
 */
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { MIGRATIONS_DIR, openDatabase, type Database } from "../lib/db/client";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";

// lib/overview/figures.ts imports "server-only", which only Next's bundler (or the react-server
// condition) resolves; outside them it is an empty module, as in bench/list-scale.ts.
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(s, c, next) { return s === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(s, c); }`,
  )}`,
);
const { overviewFigures } = await import("../lib/overview/figures");
const { parseRange, bangkokDay } = await import("../lib/overview/range");
type Scope = import("../lib/requests/queries").Scope;
type OverviewRange = import("../lib/overview/range").OverviewRange;

const ROWS = Number(process.env.OVERVIEW_SCALE_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.OVERVIEW_SCALE_PGLITE_ROWS ?? 1_000_000);
const CHUNK = 100_000;
const DAYS = 90;
const MERCHANTS = ["mer_ov_0", "mer_ov_1", "mer_ov_2"];
/** 12:30 in Bangkok: "today" has half a day of requests. */
const NOW = new Date("2026-11-20T05:30:00Z");
const DAY_MS = 86_400_000;
const RUNS = 50;
const WARM_UP = 5;
const WRITES = 2_000;
const BLOCK = 100;
/** Seeding through the trigger is kept while the whole seed would take at most this long. */
const SEED_BUDGET_S = { postgres: 300, pglite: 600 } as const;
const TARGET_P95_MS = 100;
const EXPLAIN = Boolean(process.env.OVERVIEW_SCALE_EXPLAIN);

type Kind = Database["kind"];
type Row = Record<string, unknown>;
/** Raw SQL on one connection (begin … rollback must stay on it). */
type Raw = (text: string) => Promise<Row[]>;

/** Requests i in [from, to] of `rows`: request i was created i × (90 days / rows) before NOW. */
function seedSql(from: number, to: number, rows: number): string {
  const step = (DAYS * 86_400) / rows;
  return `
insert into payment_requests (id, merchant_id, kind, is_withdrawal, ref_id1, requested_amount, generated_amount, paid_amount,
  status, status_code, input, idempotency_key, submission, created_at, updated_at, paid_at, expire_at)
select 'req_ov_' || i, 'mer_ov_' || (h % 3), kind, kind = 'withdrawal', 'OV' || i, amount,
  case when kind like 'payin%' then amount + (1 + h2 % 99) / 100.0 end,
  case when status in ('paid', 'approved') then amount else 0 end,
  status,
  case when status = 'expired' or (status = 'rejected' and h3 % 3 = 0) then 'ERR_EXPIRED_REQUEST'
    when status = 'rejected' then 'ERROR_VALUE_NOT_IN_RANGE' end,
  '{}'::jsonb, 'ov' || i, 'sent', at, at,
  -- Paid a few seconds to an hour after it was created, mostly within minutes.
  case when status in ('paid', 'approved') then at + make_interval(secs => 2 + 3598 * power((h3 % 1000) / 1000.0, 3)) end,
  case when kind like 'payin%' then at + interval '15 minutes' end
from (
  select i, h, h2, h3, at, ((2000 + h % 4999801)::numeric / 100) as amount, kind,
    case when kind like 'payin%' then
      case when h2 % 1000 < 600 then 'paid' when h2 % 1000 < 680 then 'rejected' when h2 % 1000 < 830 then 'expired'
        when h2 % 1000 < 950 then 'pending' when h2 % 1000 < 955 then 'unknown' when h2 % 1000 < 957 then 'submitting'
        when h2 % 1000 < 960 then 'needs_review' else 'canceled' end
    else
      case when h2 % 1000 < 550 then 'paid' when h2 % 1000 < 800 then 'approved' when h2 % 1000 < 880 then 'rejected'
        when h2 % 1000 < 890 then 'awaiting_approval' when h2 % 1000 < 980 then 'pending' when h2 % 1000 < 990 then 'unknown'
        else 'canceled' end
    end as status
  from (
    select i, h, h2, h3, at,
      case when i % 20 < 12 then 'payin' when i % 20 < 14 then 'payin_p2p' when i % 20 < 18 then 'payout' else 'withdrawal' end as kind
    from (
      select i, abs(hashint8(i)::bigint) as h, abs(hashint8(i + 1000000007)::bigint) as h2, abs(hashint8(i + 2000000011)::bigint) as h3,
        timestamptz '${NOW.toISOString()}' - make_interval(secs => i * ${step}) as at
      from generate_series(${from}, ${to}) i
    ) g
  ) k
) s`;
}

/** One provider webhook per two requests, received a minute after every second request; 2 % unmatched, malformed… */
function webhookSql(rows: number): string {
  const step = (DAYS * 86_400) / rows;
  return `
insert into webhook_deliveries (provider_job_id, received_at, merchant_id, verdict, raw_body)
select 'job_ov_' || i, timestamptz '${NOW.toISOString()}' - make_interval(secs => 2 * i * ${step} - 60), 'mer_ov_' || (h % 3),
  case when h2 % 100 < 2 then (array['unmatched_money', 'unknown_request', 'mismatch', 'malformed', 'contradicted', 'unconfirmed'])[1 + h % 6]
    when h2 % 100 < 4 then 'duplicate' else 'applied' end,
  '{}'
from (select i, abs(hashint8(i)::bigint) as h, abs(hashint8(i + 1000000007)::bigint) as h2 from generate_series(1, ${Math.floor(rows / 2)}) i) g`;
}

/** The back-fill of migration 0027, as the migration file has it (not a copy that could drift from it). */
/** An INSERT … SELECT of a migration into `table`, comments dropped. */
function migrationInsert(file: string, table: string): string {
  const statements = fs
    .readFileSync(path.join(MIGRATIONS_DIR, file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) =>
      s
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((s) => new RegExp(`^insert into "?${table}"?\\s*\\(`, "i").test(s));
  if (statements.length !== 1) throw new Error(`expected one back-fill of ${table} in ${file}, found ${statements.length}`);
  return statements[0]!;
}

/**
 * The back-fills, in order: the hourly totals from the requests (migration 0027), the daily ones
 * from the hourly (0028), and the daily time-to-pay histogram from the requests (0028 derives it
 * from 0027's hourly one, since dropped, so it is written here the same way the trigger counts).
 */
function backfillStatements(): string[] {
  return [
    migrationInsert("0027_overview-rollup.sql", "request_rollup"),
    migrationInsert("0028_overview-daily.sql", "request_rollup_day"),
    `insert into request_pay_times_day (merchant_id, day, lane, bucket, n)
     select merchant_id, ((created_at at time zone 'UTC') + interval '7 hours')::date, kind, request_pay_time_bucket(paid_at - created_at), count(*)
     from payment_requests
     where status = 'paid' and paid_at is not null and kind in ('payin', 'payin_p2p') and not is_withdrawal
     group by 1, 2, 3, 4`,
  ];
}

const seconds = (since: number) => (performance.now() - since) / 1000;

interface SeedReport {
  seconds: number;
  withTriggerRowsPerS: number;
  withoutTriggerRowsPerS: number;
  throughTrigger: number;
  backfilled: number;
  backfillS: number | null;
  indexesS: number;
}

async function seed(raw: Raw, kind: Kind, rows: number): Promise<SeedReport> {
  const started = performance.now();
  await raw(`insert into merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4)
    select 'mer_ov_' || m, 'Overview merchant ' || m, 'org', 'M' || m, 'v1:x', 'abcd' from generate_series(0, ${MERCHANTS.length - 1}) m`);
  const indexes = (await raw(
    `select indexname, indexdef from pg_indexes where tablename = 'payment_requests' and indexname <> 'payment_requests_pkey'`,
  )) as Array<{ indexname: string; indexdef: string }>;
  for (const index of indexes) await raw(`drop index ${index.indexname}`);
  if (kind === "postgres") await raw("set maintenance_work_mem = '512MB'");
  const chunk = Math.min(CHUNK, rows);
  // The rate without the trigger, on the first chunk, rolled back (nothing of it stays).
  await raw("begin");
  await raw("alter table payment_requests disable trigger payment_requests_rollup");
  let t = performance.now();
  await raw(seedSql(1, chunk, rows));
  const withoutTriggerRowsPerS = chunk / seconds(t);
  await raw("rollback");
  // The same chunk through the trigger, kept.
  t = performance.now();
  await raw(seedSql(1, chunk, rows));
  const withTriggerRowsPerS = chunk / seconds(t);
  const throughTriggerAll = rows / withTriggerRowsPerS <= SEED_BUDGET_S[kind];
  console.log(
    `${kind}: ${Math.round(withTriggerRowsPerS).toLocaleString("en")} rows/s through the trigger, ` +
      `${Math.round(withoutTriggerRowsPerS).toLocaleString("en")} without → ${throughTriggerAll ? "seeding through the trigger" : "seeding without it, then the back-fill"}`,
  );
  if (!throughTriggerAll) await raw("alter table payment_requests disable trigger payment_requests_rollup");
  for (let from = chunk + 1; from <= rows; from += chunk) await raw(seedSql(from, Math.min(rows, from + chunk - 1), rows));
  let backfillS: number | null = null;
  if (!throughTriggerAll) {
    await raw("alter table payment_requests enable trigger payment_requests_rollup");
    t = performance.now();
    await raw("truncate request_rollup, request_rollup_day, request_pay_times_day");
    for (const statement of backfillStatements()) await raw(statement);
    backfillS = seconds(t);
  }
  await raw(webhookSql(rows));
  t = performance.now();
  for (const index of indexes) await raw(index.indexdef);
  const indexesS = seconds(t);
  await raw("vacuum analyze");
  return {
    seconds: seconds(started),
    withTriggerRowsPerS,
    withoutTriggerRowsPerS,
    throughTrigger: throughTriggerAll ? rows : chunk,
    backfilled: throughTriggerAll ? 0 : rows,
    backfillS,
    indexesS,
  };
}

/** The rollups must equal the back-fills of the same rows, row for row (0 = equal). */
async function rollupDifferences(raw: Raw): Promise<number> {
  const [rollup, , payTimes] = backfillStatements().map((s) =>
    s
      .replace(/^insert into "?\w+"?\s*\([^)]*\)/i, "")
      .replace(/;\s*$/, "")
      .trim(),
  );
  // The daily totals must be the hourly ones summed per Bangkok day.
  const daily = `select merchant_id, ((hour at time zone 'UTC') + interval '7 hours')::date, lane, state, sum(n), sum(requested), sum(paid)
    from request_rollup where n <> 0 group by 1, 2, 3, 4`;
  const differ = (
    table: string,
    columns: string,
    expected: string,
  ) => `(select count(*) from ((select ${columns} from ${table} where n <> 0 except ${expected})
      union all (${expected} except select ${columns} from ${table} where n <> 0)) d)`;
  const [row] = await raw(`select
    ${differ("request_rollup", "merchant_id, hour, lane, state, n, requested, paid", rollup!)}
    + ${differ("request_rollup_day", "merchant_id, day, lane, state, n, requested, paid", daily)}
    + ${differ("request_pay_times_day", "merchant_id, day, lane, bucket, n", payTimes!)} as n`);
  return Number(row!.n);
}

interface Case {
  name: string;
  target: boolean;
  run: (i: number) => { scope: Scope; merchant: string; range: OverviewRange };
}

const customRange = (days: number) =>
  parseRange({ range: "custom", from: bangkokDay(new Date(NOW.getTime() - (days - 1) * DAY_MS)), to: bangkokDay(NOW) }, NOW).range;

function cases(): Case[] {
  const d30 = customRange(30);
  const d90 = customRange(90);
  const today = parseRange({ range: "today" }, NOW).range;
  const all = { scope: { merchantIds: null }, merchant: "all" };
  const one = (i: number) => ({ scope: { merchantIds: [MERCHANTS[i % MERCHANTS.length]!] }, merchant: MERCHANTS[i % MERCHANTS.length]! });
  return [
    { name: "30d_all_merchants", target: true, run: () => ({ ...all, range: d30 }) },
    { name: "30d_one_merchant", target: true, run: (i) => ({ ...one(i), range: d30 }) },
    { name: "today_all_merchants", target: false, run: () => ({ ...all, range: today }) },
    { name: "today_one_merchant", target: false, run: (i) => ({ ...one(i), range: today }) },
    { name: "90d_all_merchants", target: false, run: () => ({ ...all, range: d90 }) },
  ];
}

async function timeCases(database: Database): Promise<Record<string, { p50: number; p95: number }>> {
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const c of cases()) {
    for (let i = 0; i < WARM_UP; i++) {
      const { scope, merchant, range } = c.run(i);
      await overviewFigures(database.db, scope, merchant, range);
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { scope, merchant, range } = c.run(i);
      const started = performance.now();
      await overviewFigures(database.db, scope, merchant, range);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out[c.name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return out;
}

/** What overviewFigures asks, seen at the pg client, each explained with its parameters (Postgres only). */
async function explainQueries(database: Database, admin: pg.Client, range: OverviewRange, merchant: string): Promise<string[]> {
  const captured: Array<{ text: string; values: unknown[] }> = [];
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === "string") captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object" && "text" in first) {
      const config = first as { text: string; values?: unknown[] };
      captured.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    await overviewFigures(database.db, merchant === "all" ? { merchantIds: null } : { merchantIds: [merchant] }, merchant, range);
  } finally {
    proto.query = original;
  }
  const summaries: string[] = [];
  for (const q of captured) {
    const { rows } = await admin.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${q.text}`, q.values);
    const plan = rows.map((r) => r["QUERY PLAN"]);
    const time = plan.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
    const from = /from "(\w+)"/.exec(q.text)?.[1] ?? "?";
    summaries.push(`${time} — ${from}: ${plan[0]!.trim().slice(0, 100)}`);
    if (EXPLAIN) console.log(`\n-- ${q.text}\n-- ${JSON.stringify(q.values)}\n${plan.join("\n")}`);
  }
  return summaries;
}

/** p50 per statement of single-row inserts and status updates, with the rollup trigger and without, in alternating blocks. */
async function triggerCost(database: Database): Promise<Record<string, number>> {
  const times = { insert_on: [] as number[], insert_off: [] as number[], update_on: [] as number[], update_off: [] as number[] };
  const setTrigger = (on: boolean) =>
    database.db.execute(sql.raw(`alter table payment_requests ${on ? "enable" : "disable"} trigger payment_requests_rollup`));
  let n = 0;
  for (let block = 0; block < (2 * WRITES) / BLOCK; block++) {
    const on = block % 2 === 0;
    await setTrigger(on);
    for (let k = 0; k < BLOCK; k++, n++) {
      const id = `req_ovw_${n}`;
      const merchant = MERCHANTS[n % MERCHANTS.length]!;
      // Within the last 30 days, so the trigger's upserts meet rows that exist, as a new request's would.
      const at = new Date(NOW.getTime() - ((n * 7_919) % (30 * 86_400)) * 1000);
      const amount = (100 + (n % 5_000)).toFixed(2);
      let t = performance.now();
      await database.db
        .execute(sql`insert into payment_requests (id, merchant_id, kind, ref_id1, requested_amount, generated_amount, status, input,
        idempotency_key, submission, created_at, updated_at, expire_at)
        values (${id}, ${merchant}, 'payin', ${id}, ${amount}, ${amount}, 'pending', '{}'::jsonb, ${id}, 'sent', ${at.toISOString()}::timestamptz,
          ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz + interval '15 minutes')`);
      times[on ? "insert_on" : "insert_off"].push(performance.now() - t);
      t = performance.now();
      await database.db.execute(sql`update payment_requests set status = 'paid', paid_amount = requested_amount,
        paid_at = created_at + interval '90 seconds', updated_at = now() where id = ${id}`);
      times[on ? "update_on" : "update_off"].push(performance.now() - t);
    }
  }
  await setTrigger(true);
  return {
    insert_with_trigger: median(times.insert_on),
    insert_without_trigger: median(times.insert_off),
    update_with_trigger: median(times.update_on),
    update_without_trigger: median(times.update_off),
  };
}

async function measure(kind: Kind, database: Database, raw: Raw, rows: number, figures: Record<string, Figure>, notes: Row) {
  const prefix = rows === 1_000_000 ? kind : `${kind}_${rows / 1000}k`;
  console.log(`${kind}: seeding ${rows.toLocaleString("en")} requests…`);
  const s = await seed(raw, kind, rows);
  console.log(`${kind}: seeded in ${s.seconds.toFixed(1)} s`);
  const differences = await rollupDifferences(raw);
  if (differences !== 0) throw new Error(`${kind}: the rollups differ from the migration's back-fill in ${differences} rows`);
  const [sizes] =
    await raw(`select (select count(*) from payment_requests) as requests, (select count(*) from request_rollup) as rollup_rows,
    (select count(*) from request_rollup_day) as rollup_day_rows, (select count(*) from request_pay_times_day) as pay_time_rows, (select count(*) from webhook_deliveries) as webhooks`);
  // The figures count what the rows hold: Pay-Ins paid in the 30 days, straight from the requests.
  const d30 = customRange(30);
  const [direct] = await raw(`select count(*)::int as n from payment_requests where status = 'paid' and kind like 'payin%'
    and created_at >= '${d30.start.toISOString()}' and created_at < '${d30.end.toISOString()}'`);
  const fromOverview = await overviewFigures(database.db, { merchantIds: null }, "all", d30);
  if (fromOverview.current.payIn.paid.count !== Number(direct!.n))
    throw new Error(`${kind}: overviewFigures counts ${fromOverview.current.payIn.paid.count} paid Pay-Ins, the rows ${String(direct!.n)}`);
  figures[`${prefix}_seed_s`] = figure(s.seconds, "s");
  figures[`${prefix}_seed_with_trigger_rows_per_s`] = figure(s.withTriggerRowsPerS, "rows/s");
  figures[`${prefix}_seed_without_trigger_rows_per_s`] = figure(s.withoutTriggerRowsPerS, "rows/s");
  const timed = await timeCases(database);
  for (const c of cases()) {
    const target = kind === "postgres" && c.target ? { atMost: TARGET_P95_MS } : undefined;
    figures[`${prefix}_${c.name}_ms_p50`] = figure(timed[c.name]!.p50, "ms");
    figures[`${prefix}_${c.name}_ms_p95`] = figure(timed[c.name]!.p95, "ms", target);
  }
  const cost = await triggerCost(database);
  for (const op of ["insert", "update"] as const) {
    figures[`${prefix}_${op}_with_trigger_ms_p50`] = figure(cost[`${op}_with_trigger`]!, "ms");
    figures[`${prefix}_${op}_without_trigger_ms_p50`] = figure(cost[`${op}_without_trigger`]!, "ms");
    figures[`${prefix}_${op}_trigger_cost_vs_without_trigger_ms_p50`] = figure(
      cost[`${op}_with_trigger`]! - cost[`${op}_without_trigger`]!,
      "ms",
    );
  }
  notes[kind] = {
    requests: rows,
    ...Object.fromEntries(Object.entries(sizes!).map(([k, v]) => [k, Number(v)])),
    seeded_through_trigger: s.throughTrigger,
    seeded_without_trigger_then_backfilled: s.backfilled,
    seed_rule: `through the trigger while ${rows.toLocaleString("en")} rows at the first ${Math.min(CHUNK, rows).toLocaleString("en")}'s rate take ≤ ${SEED_BUDGET_S[kind]} s`,
    backfill_s: s.backfillS === null ? null : Number(s.backfillS.toFixed(1)),
    index_rebuild_s: Number(s.indexesS.toFixed(1)),
    rollups_equal_migration_backfill: true,
  };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const started = performance.now();
  const figures: Record<string, Figure> = {};
  const notes: Row = {
    now: NOW.toISOString(),
    days: DAYS,
    merchants: MERCHANTS.length,
    runs_per_case: RUNS,
    warm_up_runs: WARM_UP,
    ranges: {
      "30d": `custom ${customRange(30).fromDay}…${customRange(30).toDay}`,
      "90d": `custom ${customRange(90).fromDay}…${customRange(90).toDay}`,
      today: parseRange({ range: "today" }, NOW).range.fromDay,
    },
    one_merchant: "scope { merchantIds: [m] } and merchant m, the 3 merchants in turn",
    trigger_cost: `${WRITES} single-row inserts and ${WRITES} status updates (pending → paid) each with and without the trigger, alternating blocks of ${BLOCK}, all indexes in place; p50 per statement`,
    measured: "lib/overview/figures.ts overviewFigures (7 queries, in parallel on the pool), in process",
  };
  const load = [os.loadavg()[0]!];
  if (!only || only === "postgres") {
    const bin = findPostgresBin();
    if (!bin) throw new Error("bench/overview-scale needs Debian's postgresql: /usr/lib/postgresql/*/bin/initdb was not found.");
    const server = await startPostgres(bin);
    try {
      const setup = new pg.Client({ connectionString: server.url("postgres") });
      await setup.connect();
      await setup.query("create database overview_scale");
      await setup.end();
      const url = server.url("overview_scale");
      const database = await openDatabase({ url, poolSize: 10 });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await measure("postgres", database, async (text) => (await admin.query(text)).rows as Row[], ROWS, figures, notes);
        const d30 = customRange(30);
        (notes.postgres as Row).explain_30d_all_merchants = await explainQueries(database, admin, d30, "all");
        (notes.postgres as Row).explain_30d_one_merchant = await explainQueries(database, admin, d30, MERCHANTS[0]!);
        notes.postgres_server = `PostgreSQL ${bin.split("/").at(-2)} (throw-away, fsync off), pool of 10`;
      } finally {
        await admin.end();
        await database.close();
      }
    } finally {
      server.stop();
    }
    load.push(os.loadavg()[0]!);
  }
  if (!only || only === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-overview-"));
    const database = await openDatabase({ dir });
    try {
      const raw: Raw = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
      await measure("pglite", database, raw, PGLITE_ROWS, figures, notes);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    load.push(os.loadavg()[0]!);
  }
  notes.load_average_1m = load.map((l) => Number(l.toFixed(2)));
  notes.bench_s = Math.round(seconds(started));
  writeResults(only ? `overview-scale-${only}` : "overview-scale", figures, notes);
  for (const kind of ["postgres", "pglite"]) {
    const explained = (notes[kind] as Row | undefined)?.explain_30d_all_merchants;
    if (Array.isArray(explained)) console.log(`\n${kind} 30d all merchants, per query:\n${explained.join("\n")}`);
  }
  console.log(`load (1 min) ${load.map((l) => l.toFixed(2)).join(" → ")}; ${Math.round(seconds(started))} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
