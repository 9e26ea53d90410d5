/**
 * bench/job-runner: PayDesk's own background-job mechanism (lib/jobs: startLoop and the lease
 * conventions) on a queue of no-op jobs, on PGlite and PostgreSQL, measured the way the job
 * libraries were measured beside it (docs/DESIGN.md §6.8, "Why PayDesk's own module"):
 *
 * 1. Throughput: 2,000 jobs enqueued one statement each while the loop runs (woken by each, as the
 *    live bus wakes the outbound loop), until every one is done: wall time, jobs/s, process CPU.
 * 2. Drain: 2,000 jobs already waiting, until done.
 * 3. Latency: 200 jobs sent one at a time into an idle queue, enqueue → handler start: median and
 *    p90, woken (the wake after the insert) and by polling alone every 500 ms (pg-boss 10's
 *    shortest interval).
 * 4. Idle: process CPU over 10 s of a loop polling every 500 ms with nothing to do.
 *
 * The queue is the same shape as every PayDesk queue (lib/jobs/lease.ts): `next_attempt_at`,
 * `lease_until` (claimed with `for update skip locked`), `attempts`; a pass takes up to 100.
 * JOBS, LATENCY_JOBS and IDLE_MS change the sizes; BENCH_ONLY=pglite|postgres runs one database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../lib/db/client";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { leaseEnd, leaseIsFree } from "../lib/jobs/lease";
import { startLoop, type Loop } from "../lib/jobs/loop";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";

const JOBS = Number(process.env.JOBS ?? 2_000);
const LATENCY_JOBS = Number(process.env.LATENCY_JOBS ?? 200);
const IDLE_MS = Number(process.env.IDLE_MS ?? 10_000);
const BATCH = 100;
const only = process.env.BENCH_ONLY;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

async function createQueue(database: Database): Promise<void> {
  await database.db.execute(sql`
    CREATE TABLE bench_jobs (
      id bigserial PRIMARY KEY,
      payload jsonb NOT NULL,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      done_at timestamptz)`);
  await database.db.execute(sql`CREATE INDEX bench_jobs_due ON bench_jobs (next_attempt_at) WHERE done_at IS NULL`);
}

/** A loop over the queue: each pass claims up to BATCH due jobs, runs the handler, marks them done under its lease. */
function queueLoop(database: Database, onJob: (payload: Row) => void, pollMs: number): Loop {
  const db = database.db;
  return startLoop({
    name: "bench",
    pollMs,
    firstPassAfterMs: 0,
    fullBatch: BATCH,
    pass: async () => {
      const mine = leaseEnd(60_000);
      const claimed = rowsOf(
        await db.execute(sql`
          update bench_jobs set lease_until = ${mine.toISOString()}::timestamptz, attempts = attempts + 1
          where id in (
            select id from bench_jobs where done_at is null and next_attempt_at <= now() and ${leaseIsFree()}
            order by next_attempt_at limit ${BATCH} for update skip locked)
          returning id, payload`),
      );
      if (claimed.length === 0) return 0;
      for (const row of claimed) onJob((typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Row);
      await db.execute(sql`
        update bench_jobs set done_at = now(), lease_until = null
        where id in (${sql.join(
          claimed.map((r) => sql`${Number(r.id)}`),
          sql`, `,
        )}) and lease_until = ${mine.toISOString()}::timestamptz`);
      return claimed.length;
    },
  });
}

const enqueue = (database: Database, payload: Row) =>
  database.db.execute(sql`insert into bench_jobs (payload) values (${JSON.stringify(payload)}::jsonb)`);

async function until(condition: () => boolean, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(1);
  }
}

async function measure(database: Database, label: string): Promise<Record<string, Figure>> {
  await createQueue(database);
  const figures: Record<string, Figure> = {};

  // 1. Throughput: enqueued while the loop runs, each insert followed by a wake.
  let done = 0;
  let loop = queueLoop(database, () => done++, 2_000);
  let cpu = cpuMs();
  let started = performance.now();
  for (let i = 0; i < JOBS; i++) {
    await enqueue(database, { i });
    loop.wake();
  }
  const enqueueMs = performance.now() - started;
  await until(() => done === JOBS, 120_000);
  const wall = performance.now() - started;
  figures[`${label}_throughput_jobs_per_s`] = figure((JOBS / wall) * 1000, "jobs/s");
  figures[`${label}_throughput_enqueue_ms`] = figure(enqueueMs, "ms");
  figures[`${label}_throughput_cpu_ms`] = figure(cpuMs() - cpu, "ms");
  await loop.stop();

  // 2. Drain: all waiting before the loop starts.
  for (let i = 0; i < JOBS; i += 500)
    await database.db.execute(
      sql`insert into bench_jobs (payload) select jsonb_build_object('i', g) from generate_series(${i}::int, ${Math.min(JOBS, i + 500) - 1}::int) g`,
    );
  done = 0;
  cpu = cpuMs();
  started = performance.now();
  loop = queueLoop(database, () => done++, 2_000);
  await until(() => done === JOBS, 120_000);
  figures[`${label}_drain_jobs_per_s`] = figure((JOBS / (performance.now() - started)) * 1000, "jobs/s");
  figures[`${label}_drain_cpu_ms`] = figure(cpuMs() - cpu, "ms");
  await loop.stop();

  // 3. Latency into an idle queue: woken, then by polling alone every 500 ms.
  for (const [mode, wake] of [
    ["woken", true],
    ["polled_500ms", false],
  ] as const) {
    const latencies: number[] = [];
    let sentAt = 0;
    let seen = 0;
    loop = queueLoop(
      database,
      () => {
        latencies.push(performance.now() - sentAt);
        seen++;
      },
      wake ? 2_000 : 500,
    );
    await sleep(50);
    for (let i = 0; i < LATENCY_JOBS; i++) {
      sentAt = performance.now();
      await enqueue(database, { i });
      if (wake) loop.wake();
      await until(() => seen === i + 1, 10_000);
      // A random idle gap of 0–500 ms between jobs, as the libraries were measured: arrivals fall anywhere in a poll.
      await sleep(Math.random() * 500);
    }
    await loop.stop();
    const sorted = [...latencies].sort((a, b) => a - b);
    figures[`${label}_latency_${mode}_median_ms`] = figure(median(latencies), "ms");
    figures[`${label}_latency_${mode}_p90_ms`] = figure(percentile(sorted, 90), "ms");
  }

  // 4. Idle: polling every 500 ms with nothing to do.
  loop = queueLoop(database, () => undefined, 500);
  await sleep(200);
  cpu = cpuMs();
  await sleep(IDLE_MS);
  figures[`${label}_idle_cpu_ms_per_10s`] = figure(((cpuMs() - cpu) * 10_000) / IDLE_MS, "ms");
  await loop.stop();
  for (const [key, value] of Object.entries(figures)) console.log(`${key}: ${value.value} ${value.unit}`);
  return figures;
}

const figures: Record<string, Figure> = {};
if (only !== "postgres") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-jobs-"));
  const database = await openDatabase({ dir });
  try {
    Object.assign(figures, await measure(database, "pglite"));
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (only !== "pglite") {
  const bin = findPostgresBin();
  if (!bin) console.log("PostgreSQL is not installed: its figures are left out");
  else {
    const server = await startPostgres(bin);
    const database = await openDatabase({ url: server.url("postgres"), poolSize: 4 });
    try {
      Object.assign(figures, await measure(database, "postgres"));
    } finally {
      await database.close();
      server.stop();
    }
  }
}
writeResults("job-runner", figures, {
  jobs: JOBS,
  latencyJobs: LATENCY_JOBS,
  batch: BATCH,
  what: "lib/jobs startLoop over a queue of no-op jobs shaped like every PayDesk queue; compare docs/DESIGN.md §6.8",
});
process.exit(0);
