/**
 * bench/list-scale: 1,000,000 requests in a throw-away Postgres, then the
 * server-side time of the request list's queries — lib/requests/queries.ts itself, not HTTP — for
 * the first page, a status + date filter, a RefId search and an amount search (p95 of 50 runs each,
 * target ≤ 50 ms), and a 100,000-row CSV export through the streaming code (target < 10 s) with
 * the process's RSS sampled throughout, so "memory stays flat" is a number.
 *
 * The queries are timed twice: without the list's indexes (dropped before the bulk seed, which is
 * also faster without them), then with them re-created exactly as migrations 0004_list-indexes and
 * 0012_list-search make them (PROPOSED_INDEXES mirrors them), so the figures show what those indexes buy.
 *
 * A page view also counts what the filters match (lib/requests/summary.ts summarizeRequests,
 * bounded at 10,000 rows): its p95 is measured beside each page query, with the same target.
 */
import { register } from "node:module";
import pg from "pg";
import { openDatabase, type Database } from "../lib/db/client";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { figure, percentile, writeResults, type Figure } from "./lib/results";

// lib/requests/* import "server-only", which only Next's bundler resolves; outside it the import
// is an empty module, as in the unit tests (lib/testing/server-only-stub.ts).
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(s, c, next) { return s === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(s, c); }`,
  )}`,
);
const { listRequests, iterateRequests, selectPage, whereFor } = await import("../lib/requests/queries");
const { summarizeRequests, selectSummary } = await import("../lib/requests/summary");
const { ACCOUNT_DIGITS_SQL, SEARCH_TEXT_SQL } = await import("../lib/requests/search");
const { parseListFilters } = await import("../lib/requests/list-filters");
const { csvStream, REQUEST_CSV_COLUMNS } = await import("../lib/requests/csv");
type Filters = import("../lib/requests/queries").ResolvedFilters;

const ROWS = 1_000_000;
const RUNS = 50;
const MERCHANTS = 4;

export const PROPOSED_INDEXES = [
  // Keyset pages per merchant: equality, then the sort key with its tie-breaker.
  `create index payment_requests_list_idx on payment_requests (merchant_id, created_at desc, id desc)`,
  // The same across every merchant (an admin's "all merchants").
  `create index payment_requests_created_idx on payment_requests (created_at desc, id desc)`,
  // The summary by state and dates, from the index alone (migration 0051).
  `create index payment_requests_summary_idx on payment_requests (merchant_id, status, created_at, kind, is_withdrawal, status_code, requested_amount, paid_amount)`,
  // Search: RefIds and amounts exactly (RefId1 across merchants too: the unique key leads with the
  // merchant), an account's last digits as a prefix of the reversed number.
  `create index payment_requests_ref_id1_idx on payment_requests (ref_id1)`,
  `create index payment_requests_ref_id2_idx on payment_requests (ref_id2)`,
  `create index payment_requests_ref_id3_idx on payment_requests (ref_id3)`,
  `create index payment_requests_requested_amount_idx on payment_requests (requested_amount, id)`,
  // The list ordered by amount, per merchant (across merchants the index above serves it).
  `create index payment_requests_list_amount_idx on payment_requests (merchant_id, requested_amount, id)`,
  `create index payment_requests_generated_amount_idx on payment_requests (generated_amount)`,
  `create index payment_requests_account_digits_idx on payment_requests ((${ACCOUNT_DIGITS_SQL}) text_pattern_ops)`,
  // Any part of RefId1–3, payer name, description, tags, customer phone (pg_trgm).
  `create index payment_requests_search_idx on payment_requests using gin ((${SEARCH_TEXT_SQL}) gin_trgm_ops)`,
];

const SEED = `
insert into payment_requests (id, merchant_id, kind, is_withdrawal, ref_id1, ref_id2, payer_name, requested_amount, generated_amount,
  status, status_code, input, provider_id, provider_response, idempotency_key, submission, created_by, expire_at, created_at, updated_at)
select 'req_' || lpad(to_hex(i), 20, '0'), 'mer_bench_' || (h % ${MERCHANTS}), kind, kind = 'withdrawal', 'B' || i,
  case when i % 3 = 0 then 'INV-' || i end,
  case when kind like 'payin%' then (array['สมชาย ใจดี','Somchai Jaidee','มาลี สุขใจ','John Smith','นก ทองดี'])[1 + h2 % 5] || ' ' || (h2 % 10000) end,
  amount, case when kind like 'payin%' then amount + (1 + h2 % 99) / 100.0 end,
  status, case status when 'expired' then 'ERR_EXPIRED_REQUEST' when 'rejected' then 'ERROR_VALUE_NOT_IN_RANGE' end,
  case when kind like 'payin%' then '{}'::jsonb else jsonb_build_object('destination', jsonb_build_object('type', 'bank', 'bankCode', 'KBANK',
    'accountNo', lpad((h2 % 10000000000)::text, 10, '0'), 'accountName', 'Bench payee')) end,
  md5(i::text)::uuid::text,
  case when kind like 'payin%' then jsonb_build_object('status', 'Pending', 'payInBankCode', 'KBANK', 'payInBankAccountNo', lpad((h % 10000000000)::text, 10, '0')) end,
  'bk' || i, 'sent', case when i % 10 = 0 then null else 'usr_bench_' || (i % 3) end,
  case when kind like 'payin%' then at + interval '15 minutes' end, at, at
from (
  select i, h, h2, at, ((2000 + h % 4999801)::numeric / 100) as amount,
    case when i % 20 < 12 then 'payin' when i % 20 < 14 then 'payin_p2p' when i % 20 < 18 then 'payout' else 'withdrawal' end as kind,
    case when h2 % 1000 < 50 then 'pending' when h2 % 1000 < 550 then 'paid' when h2 % 1000 < 650 then 'approved'
      when h2 % 1000 < 800 then 'rejected' when h2 % 1000 < 950 then 'expired' when h2 % 1000 < 960 then 'unknown'
      when h2 % 1000 < 965 then 'submitting' when h2 % 1000 < 975 then 'awaiting_approval' else 'canceled' end as status
  from (select i, abs(hashint8(i)::bigint) as h, abs(hashint8(i + 1000000007)::bigint) as h2,
    -- Pairs share a created_at (ties the cursor must break), spread over the year before 1 June 2026.
    timestamptz '2026-06-01 00:00:00+07' - make_interval(secs => (i / 2) * 63.072) as at
    from generate_series(1, ${ROWS}) i) g
) s`;

async function seed(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query(`insert into merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4)
    select 'mer_bench_' || m, 'Bench merchant ' || m, 'org', 'M' || m, 'v1:x', 'abcd' from generate_series(0, ${MERCHANTS - 1}) m`);
  await client.query(`insert into staff_users (id, email, name, password_hash, role)
    select 'usr_bench_' || s, 'bench' || s || '@x', 'Bench ' || s, 'x', 'operator' from generate_series(0, 2) s`);
  // A bulk load builds indexes once at the end instead of row by row: the schema's indexes are
  // dropped and recreated from their own definitions.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'payment_requests' and indexname <> 'payment_requests_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query("set maintenance_work_mem = '512MB'");
  // The overview's rollup trigger (migrations 0027, 0047, 0050) costs two upserts a row; this bench
  // reads no rollup (the overview's benches seed their own), so the bulk load goes without it.
  await client.query("alter table payment_requests disable trigger payment_requests_rollup");
  await client.query(SEED);
  await client.query("alter table payment_requests enable trigger payment_requests_rollup");
  for (const index of indexes) await client.query(index.indexdef);
  // As autovacuum leaves a table at rest: statistics, and the visibility map an index-only scan needs.
  await client.query("vacuum analyze");
  await client.end();
  return (performance.now() - started) / 1000;
}

const filters = (query: Record<string, string>, merchant: string): Filters => ({ ...parseListFilters(query).filters, merchant });
const pick = <T>(items: T[], i: number) => items[i % items.length]!;
const merchantOf = (i: number) => `mer_bench_${i % MERCHANTS}`;

/** The four measured queries, each with varied parameters per run (cold spots, not one cached page). */
async function queryCases(
  admin: pg.Client,
): Promise<Record<string, (run: number) => { scope: { merchantIds: string[] | null }; filters: Filters }>> {
  const sample = await admin.query<{ ref_id1: string; merchant_id: string; requested_amount: string }>(
    `select ref_id1, merchant_id, requested_amount::text from payment_requests tablesample system (0.5) where kind like 'payin%' limit ${RUNS}`,
  );
  const s = (run: number) => sample.rows[run % sample.rows.length]!;
  const months = ["2025-07", "2025-09", "2025-11", "2026-01", "2026-03", "2026-05"];
  return {
    first_page: (run) => ({ scope: { merchantIds: [merchantOf(run)] }, filters: filters({}, merchantOf(run)) }),
    status_date_filter: (run) => ({
      scope: { merchantIds: null },
      filters: filters(
        {
          status: pick(["paid", "open", "expired", "failed", "unknown"], run),
          from: `${pick(months, run)}-01`,
          to: `${pick(months, run)}-28`,
        },
        merchantOf(run),
      ),
    }),
    refid_search: (run) => ({ scope: { merchantIds: [s(run).merchant_id] }, filters: filters({ q: s(run).ref_id1 }, s(run).merchant_id) }),
    amount_search: (run) => ({ scope: { merchantIds: null }, filters: filters({ q: s(run).requested_amount }, "all") }),
    // Informational: the other searches and an admin's all-merchant list.
    all_merchants_first_page: () => ({ scope: { merchantIds: null }, filters: filters({}, "all") }),
    account_digits_search: (run) => ({
      scope: { merchantIds: null },
      filters: filters({ tab: "payout", q: String(1000 + ((run * 7919) % 9000)) }, merchantOf(run)),
    }),
    payer_name_search: (run) => ({
      scope: { merchantIds: null },
      filters: filters({ q: pick(["สุขใจ", "smith", "Somchai"], run) }, merchantOf(run)),
    }),
    // The worst case: a name nobody has is looked for in every row of the merchant.
    payer_name_search_no_match: (run) => ({ scope: { merchantIds: null }, filters: filters({ q: "ไม่มีใครชื่อนี้" }, merchantOf(run)) }),
    // Part of a RefId (the middle of B<i>), and Latin text nobody has, which the trigram index answers without reading rows.
    partial_refid_search: (run) => ({
      scope: { merchantIds: [s(run).merchant_id] },
      filters: filters({ q: s(run).ref_id1.slice(2, 7) }, s(run).merchant_id),
    }),
    text_search_no_match: (run) => ({ scope: { merchantIds: null }, filters: filters({ q: `nobody-${run}-xq` }, merchantOf(run)) }),
    // Ordered by amount, largest first, per merchant.
    amount_order_first_page: (run) => ({
      scope: { merchantIds: [merchantOf(run)] },
      filters: filters({ sort: "amount_desc" }, merchantOf(run)),
    }),
  };
}

async function timeQueries(
  database: Database,
  cases: Awaited<ReturnType<typeof queryCases>>,
  admin: pg.Client,
  options: { summaries: boolean },
): Promise<Record<string, number>> {
  const p95: Record<string, number> = {};
  const time = async (name: string, query: (run: number) => Promise<unknown>) => {
    for (let run = 0; run < 3; run++) await query(run); // warm-up
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await query(run);
      times.push(performance.now() - started);
    }
    p95[name] = percentile(
      times.sort((a, b) => a - b),
      95,
    );
  };
  for (const [name, make] of Object.entries(cases)) {
    if (process.env.LIST_SCALE_EXPLAIN) {
      // LIST_SCALE_EXPLAIN=1 prints each query's plan, for choosing indexes.
      const query = selectPage(database.db, whereFor(make(1).scope, make(1).filters), 51).toSQL();
      const plan = await admin.query(`explain (analyze, buffers) ${query.sql}`, query.params as unknown[]);
      console.log(`\n-- ${name}\n${plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
      if (options.summaries) {
        const summary = selectSummary(database.db, make(1).scope, make(1).filters).toSQL();
        const summaryPlan = await admin.query(`explain (analyze, buffers) ${summary.sql}`, summary.params as unknown[]);
        console.log(`\n-- ${name}_summary\n${summaryPlan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
    await time(name, (run) => listRequests(database.db, make(run).scope, make(run).filters));
    // Only with the indexes: without them each bounded count reads up to 10,001 rows by a scan, minutes for nothing learned.
    if (options.summaries) await time(`${name}_summary`, (run) => summarizeRequests(database.db, make(run).scope, make(run).filters));
  }
  return p95;
}

async function timeExport(database: Database, admin: pg.Client, from: string, to: string) {
  const f = filters({ from, to }, "all");
  const counted = await admin.query<{ n: string }>(
    `select count(*) as n from payment_requests where kind like 'payin%' and created_at >= $1 and created_at < $2`,
    [f.createdFrom, f.createdBefore],
  );
  const expected = Number(counted.rows[0]!.n);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of csvStream(REQUEST_CSV_COLUMNS, iterateRequests(database.db, { merchantIds: null }, f, { batchSize: 1_000 }))) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssAfter = process.memoryUsage().rss;
  return { rows: lines - 1, expected, seconds, bytes, rssBefore, rssPeak: Math.max(rssPeak, rssAfter), rssAfter };
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      "bench/list-scale needs Debian's postgresql (apt-get install postgresql): /usr/lib/postgresql/*/bin/initdb was not found.",
    );
  const server = await startPostgres(bin);
  const setup = new pg.Client({ connectionString: server.url("postgres") });
  await setup.connect();
  await setup.query("create database list_scale");
  await setup.end();
  const url = server.url("list_scale");
  const database = await openDatabase({ url, poolSize: 4 });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of PROPOSED_INDEXES) await admin.query(`drop index if exists ${/create index (\w+)/.exec(statement)![1]}`);
    console.log(`seeding ${ROWS.toLocaleString("en")} requests…`);
    const seedSeconds = await seed(url);
    console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const cases = await queryCases(admin);
    const schemaOnly = await timeQueries(database, cases, admin, { summaries: false });
    for (const sql of PROPOSED_INDEXES) await admin.query(sql);
    await admin.query("analyze payment_requests");
    const proposed = await timeQueries(database, cases, admin, { summaries: true });
    // Just over 100,000 rows (every merchant's Pay-Ins over 53 days); then three times as many, to
    // show the peak does not grow with the row count.
    const exported = await timeExport(database, admin, "2026-03-01", "2026-04-22");
    const tripled = await timeExport(database, admin, "2025-11-01", "2026-04-10");
    const mb = (n: number) => n / 1024 / 1024;
    const figures: Record<string, Figure> = { seed_s: figure(seedSeconds, "s", { atMost: 60 }) };
    for (const name of ["first_page", "status_date_filter", "refid_search", "amount_search"]) {
      figures[`${name}_ms_p95`] = figure(proposed[name]!, "ms", { atMost: 50 });
      figures[`${name}_summary_ms_p95`] = figure(proposed[`${name}_summary`]!, "ms", { atMost: 50 });
    }
    for (const name of Object.keys(proposed).filter((n) => !figures[`${n}_ms_p95`]))
      figures[`${name}_ms_p95`] = figure(proposed[name]!, "ms");
    for (const [name, value] of Object.entries(schemaOnly)) figures[`${name}_schema_indexes_only_ms_p95`] = figure(value, "ms");
    Object.assign(figures, {
      export_rows: figure(exported.rows, "rows", { atLeast: 100_000 }),
      export_s: figure(exported.seconds, "s", { atMost: 10 }),
      export_mb: figure(mb(exported.bytes), "MB"),
      export_rss_before_mb: figure(mb(exported.rssBefore), "MB"),
      export_rss_peak_mb: figure(mb(exported.rssPeak), "MB"),
      export_rss_after_mb: figure(mb(exported.rssAfter), "MB"),
      // Flat: a 100k-row export may not grow the process by more than a few batches' worth.
      export_rss_growth_vs_before_mb: figure(mb(exported.rssPeak - exported.rssBefore), "MB", { atMost: 64 }),
      export_3x_rows: figure(tripled.rows, "rows"),
      export_3x_s: figure(tripled.seconds, "s"),
      export_3x_rss_peak_mb: figure(mb(tripled.rssPeak), "MB"),
      export_3x_rss_peak_vs_export_rss_peak_mb: figure(mb(tripled.rssPeak - exported.rssPeak), "MB", { atMost: 32 }),
    });
    for (const e of [exported, tripled])
      if (e.rows !== e.expected) throw new Error(`the export wrote ${e.rows} rows, the database holds ${e.expected} matching`);
    writeResults("list-scale", figures, {
      rows: ROWS,
      merchants: MERCHANTS,
      runs_per_query: RUNS,
      database: `PostgreSQL ${bin.split("/").at(-2)} (throw-away, fsync off)`,
      measured: "lib/requests/queries.ts listRequests (50 rows + 1) and iterateRequests + lib/requests/csv.ts csvStream, in process",
      proposed_indexes: PROPOSED_INDEXES,
    });
  } finally {
    await admin.end();
    await database.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
