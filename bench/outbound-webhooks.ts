/**
 * bench/outbound-webhooks: the merchant's webhooks going out (docs/DESIGN.md §14), on PGlite and on
 * Postgres (each its own database), through the real outbox, lease and worker
 * (lib/requests/apply.ts, lib/outbound-webhooks/deliver.ts, lib/outbound-webhooks/worker.ts) with the configuration
 * lib/start-up.ts gives it: pollMs 1,000, at most OUTBOUND_MAX_IN_FLIGHT (10) in flight per
 * endpoint, the default 64 per process, woken by the change announcements on REQUEST_CHANNEL.
 *
 * One merchant with 2 enabled endpoints subscribed to every event type, both on a lean receiver on
 * loopback in this process (a plain node http server answering 200 at once, keeping only the
 * webhook-id and when it arrived).
 *
 * 1. Drain: 10,000 Pay-Ins moved pending → paid through applyToRequest with the worker stopped
 *    (each writes its outbox event and one delivery per endpoint in the statement of the change:
 *    20,000 deliveries), then the worker is started and timed until every delivery is sent and
 *    recorded (the receiver has all 20,000 and the worker's stop() has awaited every record).
 *    Targets: ≥ 1,000 deliveries/s on Postgres, ≥ 300/s on PGlite.
 * 2. Latency: with the worker running, Pay-Ins are paid at a steady rate (an open loop: each change
 *    starts on its schedule, whether or not the one before has finished); for each delivery, the
 *    time from applyToRequest resolving (the change committed) to its first attempt arriving at the
 *    receiver, matched by webhook-id → outbound_events.request_id; 3 rounds, the median round's
 *    p95 is the figure. Target: p95 ≤ 250 ms.
 *
 * Over both: lost (a delivery the database holds that never reached the receiver) and sent twice (a
 * webhook-id arriving twice at one endpoint) must be 0, and no endpoint may ever hold more requests
 * open at once than the per-endpoint limit.
 *
 * Postgres runs as the test server runs it (fsync and synchronous commit off), with the app's
 * default pool of 10 connections (the LISTEN has its own). BENCH_ONLY=pglite|postgres runs one
 * database. Looking into it: BENCH_OUTBOUND_MAX_IN_FLIGHT=N runs with another per-endpoint limit;
 * BENCH_PG_STATEMENTS=1 prints Postgres's statements by time; BENCH_ANALYZE=1 analyzes the outbox
 * before the drain, BENCH_PENDING_INDEX=1 adds an index the migrations lack. Those runs write
 * bench/results/outbound-webhooks-<variant>.json, never the bench's own results.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { count, inArray, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../lib/db/client";
import { outboundAttempts, outboundDeliveries, outboundEvents, paymentRequests } from "../lib/db/schema";
import { findPostgresBin, startPostgres, type PostgresServer } from "../lib/db/testing/postgres-server";
import { createKeyVault } from "../lib/merchants/key-vault";
import { createMerchant } from "../lib/merchants/manage";
import { DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT } from "../lib/outbound-webhooks/deliver";
import { createEndpoint } from "../lib/outbound-webhooks/endpoints";
import { OUTBOUND_EVENT_TYPES } from "../lib/outbound-webhooks/events";
import { startOutboundWorker, type OutboundWorker } from "../lib/outbound-webhooks/worker";
import { applyToRequest, REQUEST_CHANNEL } from "../lib/requests/apply";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";
import { serverCpuMs } from "./lib/server-cpu";

const CHANGES = 10_000;
const ENDPOINTS = 2;
/** How many changes are applied at once while the backlog is written (the worker is stopped meanwhile). */
const APPLY_CONCURRENCY = 10;
/**
 * The latency phase: changes per second and for how long. Each database gets a steady load within
 * what its throughput target promises (2 deliveries a change): 200 changes/s (400 deliveries/s) on
 * Postgres, 60/s (120 deliveries/s) on PGlite; a rate past what the worker drains measures the queue, not the latency.
 */
const STEADY = { postgres: { perSecond: 200, seconds: 3 }, pglite: { perSecond: 60, seconds: 5 } } as const;
/** Rounds of the latency phase (half a second apart); the target figure is the median round's p95. */
const STEADY_ROUNDS = 3;
/** The app's defaults (lib/start-up.ts, lib/env.ts). */
const POLL_MS = 1_000;
const POOL_SIZE = 10;
const PER_ENDPOINT = Number(process.env.BENCH_OUTBOUND_MAX_IN_FLIGHT ?? DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT);
const TARGET_PER_S = { pglite: 300, postgres: 1_000 } as const;
const TARGET_P95_MS = 250;
const DRAIN_TIMEOUT_MS = 180_000;
const ANALYZE = process.env.BENCH_ANALYZE === "1";
const PENDING_INDEX = process.env.BENCH_PENDING_INDEX === "1";

type Kind = "pglite" | "postgres";
const vault = createKeyVault([randomBytes(32)]);

// ---------------------------------------------------------------------------------------------
// The receiver: per endpoint (the path), each webhook-id's arrival times.

interface LeanReceiver {
  url: string;
  /** endpoint path → webhook-id → arrival times (performance.now()). */
  arrivals: Map<string, Map<string, number[]>>;
  total(): number;
  /** Resolves once `n` requests have arrived since the last reset. */
  reached(n: number): Promise<void>;
  /** The most requests one endpoint held open at once. */
  mostOpenPerEndpoint(): number;
  reset(): void;
  close(): Promise<void>;
}

async function startLeanReceiver(): Promise<LeanReceiver> {
  let arrivals = new Map<string, Map<string, number[]>>();
  let total = 0;
  let waiting: { n: number; resolve: () => void } | null = null;
  const open = new Map<string, number>();
  let most = 0;
  const server = http.createServer((request, response) => {
    const at = performance.now();
    const endpoint = request.url ?? "/";
    const id = String(request.headers["webhook-id"]);
    let byId = arrivals.get(endpoint);
    if (!byId) arrivals.set(endpoint, (byId = new Map()));
    const times = byId.get(id);
    if (times) times.push(at);
    else byId.set(id, [at]);
    total += 1;
    if (waiting && total >= waiting.n) {
      waiting.resolve();
      waiting = null;
    }
    const nowOpen = (open.get(endpoint) ?? 0) + 1;
    open.set(endpoint, nowOpen);
    most = Math.max(most, nowOpen);
    response.on("close", () => open.set(endpoint, (open.get(endpoint) ?? 1) - 1));
    request.resume();
    request.on("end", () => response.writeHead(200, { connection: "close" }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get arrivals() {
      return arrivals;
    },
    total: () => total,
    reached: (n) => (total >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }))),
    mostOpenPerEndpoint: () => most,
    reset() {
      arrivals = new Map();
      total = 0;
      most = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))),
  ]);
}

/** `n` pending Pay-Ins of the merchant, inserted in batches; answers their ids. */
async function seedPending(database: Database, merchantId: string, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const id = `req_${prefix}_${i}`;
    ids.push(id);
    rows.push({
      id,
      merchantId,
      kind: "payin" as const,
      refId1: `${prefix.toUpperCase()}${i}`,
      requestedAmount: "150.00",
      generatedAmount: "150.37",
      status: "pending",
      input: {},
      idempotencyKey: randomUUID(),
      providerId: randomUUID(),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(paymentRequests).values(rows.slice(i, i + 500));
  return ids;
}

/** What the provider's success webhook applies: pending → paid, which writes payin.paid to the outbox. */
const pay = (database: Database, id: string) =>
  applyToRequest(database.db, id, { type: "provider_status", status: "Paid", statusCode: null, reason: null }, { actor: "webhook" });

function startWorker(database: Database): OutboundWorker {
  return startOutboundWorker({
    db: database.db,
    listen: (onChange) => database.listen(REQUEST_CHANNEL, onChange),
    vault,
    publicBaseUrl: "https://pay.example.com",
    // The receiver is on loopback (as in demo mode).
    allowPrivate: true,
    isSandbox: true,
    pollMs: POLL_MS,
    maxInFlightPerEndpoint: PER_ENDPOINT,
    log: (m) => console.log(`[outbound] ${m}`),
  });
}

/** webhook-ids (event ids) → request id, for the events of these requests. */
async function eventsOf(database: Database, requestIds: string[]): Promise<Map<string, string>> {
  const byEvent = new Map<string, string>();
  for (let i = 0; i < requestIds.length; i += 1_000) {
    const rows = await database.db
      .select({ id: outboundEvents.id, requestId: outboundEvents.requestId })
      .from(outboundEvents)
      .where(inArray(outboundEvents.requestId, requestIds.slice(i, i + 1_000)));
    for (const row of rows) byEvent.set(row.id, row.requestId!);
  }
  return byEvent;
}

/** Lost and sent twice, against the deliveries the database holds for these events. */
function tally(receiver: LeanReceiver, endpointPaths: string[], events: Map<string, string>): { lost: number; twice: number } {
  let lost = 0;
  let twice = 0;
  for (const endpoint of endpointPaths) {
    const byId = receiver.arrivals.get(endpoint) ?? new Map<string, number[]>();
    for (const eventId of events.keys()) if (!byId.has(eventId)) lost += 1;
    for (const times of byId.values()) if (times.length > 1) twice += times.length - 1;
  }
  return { lost, twice };
}

async function run(kind: Kind, database: Database): Promise<Record<string, Figure>> {
  const receiver = await startLeanReceiver();
  try {
    const merchantId = (
      await createMerchant(database.db, vault, {
        displayName: "Bench",
        orgId: "org-bench",
        merchantId: randomUUID(),
        submitKey: "submit-key-000000000000",
      })
    ).id;
    const endpointPaths: string[] = [];
    for (let e = 1; e <= ENDPOINTS; e++) {
      endpointPaths.push(`/hooks/${e}`);
      await createEndpoint(database.db, vault, {
        merchantRowId: merchantId,
        url: `${receiver.url}/hooks/${e}`,
        description: `Bench ${e}`,
        eventTypes: OUTBOUND_EVENT_TYPES,
        createdBy: null,
      });
    }

    // 1. The backlog, written with no worker running.
    const backlogIds = await seedPending(database, merchantId, "backlog", CHANGES);
    let next = 0;
    const applyStarted = performance.now();
    await Promise.all(
      Array.from({ length: APPLY_CONCURRENCY }, async () => {
        while (next < backlogIds.length) {
          const result = await pay(database, backlogIds[next++]!);
          if (!result.applied) throw new Error(`a Pay-In was not paid: ${JSON.stringify(result)}`);
        }
      }),
    );
    const applyPerS = CHANGES / ((performance.now() - applyStarted) / 1000);
    const [written] = await database.db.select({ n: count() }).from(outboundDeliveries);
    const expected = CHANGES * ENDPOINTS;
    if (written?.n !== expected) throw new Error(`expected ${expected} deliveries in the outbox, found ${written?.n}`);
    console.log(`${kind}: ${CHANGES} changes written at ${Math.round(applyPerS)}/s; ${expected} deliveries waiting`);

    // Diagnostic only (BENCH_ANALYZE=1): fresh planner statistics for the outbox, as autovacuum would
    // have them a minute later; the figures are taken without it.
    if (ANALYZE) await database.db.execute(sql`analyze outbound_deliveries`);
    // Diagnostic only (BENCH_PENDING_INDEX=1): an index that finds one endpoint's due deliveries in
    // order without reading its delivered ones or the other endpoints' (not in lib/db's migrations).
    if (PENDING_INDEX)
      await database.db.execute(
        sql`create index bench_outbound_pending_idx on outbound_deliveries (endpoint_id, next_attempt_at) where status = 'pending'`,
      );
    receiver.reset();
    const cpuBefore = process.cpuUsage();
    const serverBefore = await serverCpuMs(database);
    const drainStarted = performance.now();
    const worker = startWorker(database);
    // Arrivals per second, to see whether the rate holds through the drain.
    const perSecond: number[] = [];
    let lastTotal = 0;
    const sampler = setInterval(() => {
      perSecond.push(receiver.total() - lastTotal);
      lastTotal = receiver.total();
    }, 1_000);
    try {
      await withTimeout(receiver.reached(expected), DRAIN_TIMEOUT_MS, `${kind}: the drain`);
    } finally {
      clearInterval(sampler);
    }
    const lastArrival = performance.now();
    // stop() waits for every delivery still being recorded.
    await worker.stop();
    const drainMs = performance.now() - drainStarted;
    const cpu = process.cpuUsage(cpuBefore);
    const serverAfter = await serverCpuMs(database);
    const deliveredPerS = expected / (drainMs / 1000);
    const drainMostOpen = receiver.mostOpenPerEndpoint();
    const backlogEvents = await eventsOf(database, backlogIds);
    const backlogTally = tally(receiver, endpointPaths, backlogEvents);
    const statuses = await database.db
      .select({ status: outboundDeliveries.status, n: count() })
      .from(outboundDeliveries)
      .groupBy(outboundDeliveries.status);
    const [attempts] = await database.db.select({ n: count() }).from(outboundAttempts);
    console.log(
      `${kind}: drained ${expected} in ${Math.round(drainMs)} ms (${Math.round(deliveredPerS)}/s; last arrival at ${Math.round(lastArrival - drainStarted)} ms); ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses.map((s) => [s.status, s.n])))}, ${attempts?.n} attempts; ` +
        `per second ${JSON.stringify(perSecond)} (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );

    // 2. Latency at a steady rate, the worker running and woken by the announcements.
    const steady = STEADY[kind];
    const perRound = steady.perSecond * steady.seconds;
    const steadyIds = await seedPending(database, merchantId, "steady", perRound * STEADY_ROUNDS);
    receiver.reset();
    const live = startWorker(database);
    // Let the LISTEN be in place and the first (empty) pass run.
    await sleep(500);
    const committedAt = new Map<string, number>();
    const interval = 1000 / steady.perSecond;
    const offered: number[] = [];
    const roundLatencies: number[][] = [];
    try {
      for (let round = 0; round < STEADY_ROUNDS; round++) {
        const ids = steadyIds.slice(round * perRound, (round + 1) * perRound);
        const applying: Promise<void>[] = [];
        const started = performance.now();
        for (let i = 0; i < ids.length; i++) {
          const wait = started + i * interval - performance.now();
          if (wait > 1) await sleep(wait);
          const id = ids[i]!;
          applying.push(
            pay(database, id).then((result) => {
              committedAt.set(id, performance.now());
              if (!result.applied) throw new Error(`a Pay-In was not paid: ${JSON.stringify(result)}`);
            }),
          );
        }
        await Promise.all(applying);
        offered.push(ids.length / ((performance.now() - started) / 1000));
        await withTimeout(receiver.reached((round + 1) * perRound * ENDPOINTS), 60_000, `${kind}: the steady phase`);
        const events = await eventsOf(database, ids);
        const latencies: number[] = [];
        // By the second of the round the change was made in: a queue that grows shows as a rising median.
        const bySecond: number[][] = [];
        for (const endpoint of endpointPaths) {
          for (const [eventId, times] of receiver.arrivals.get(endpoint) ?? []) {
            const requestId = events.get(eventId);
            const committed = requestId === undefined ? undefined : committedAt.get(requestId);
            if (committed === undefined) continue;
            latencies.push(times[0]! - committed);
            (bySecond[Math.floor((committed - started) / 1000)] ??= []).push(times[0]! - committed);
          }
        }
        latencies.sort((a, b) => a - b);
        roundLatencies.push(latencies);
        console.log(
          `${kind}: round ${round + 1}, ${ids.length} changes at ${Math.round(offered.at(-1)!)}/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
            `p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms; ` +
            `median by second ${JSON.stringify(bySecond.map((l) => Math.round(median(l ?? [Number.NaN]))))}`,
        );
        await sleep(500);
      }
    } finally {
      await live.stop();
    }
    const steadyTally = tally(receiver, endpointPaths, await eventsOf(database, steadyIds));
    const latencies = roundLatencies.flat().sort((a, b) => a - b);

    const [deliveredInAll] = await database.db
      .select({ n: count() })
      .from(outboundDeliveries)
      .where(sql`${outboundDeliveries.status} = 'delivered'`);
    const lost = backlogTally.lost + steadyTally.lost;
    const twice = backlogTally.twice + steadyTally.twice;
    const deliveries = expected;
    return {
      [`${kind}_deliveries_per_s`]: figure(deliveredPerS, "deliveries/s", { atLeast: TARGET_PER_S[kind] }),
      [`${kind}_arrivals_per_s_median_second`]: figure(median(perSecond.length > 0 ? perSecond : [deliveredPerS]), "deliveries/s"),
      [`${kind}_latency_ms_p95`]: figure(median(roundLatencies.map((l) => percentile(l, 95))), "ms", { atMost: TARGET_P95_MS }),
      [`${kind}_latency_ms_p95_worst_round`]: figure(Math.max(...roundLatencies.map((l) => percentile(l, 95))), "ms"),
      [`${kind}_latency_ms_p50`]: figure(median(roundLatencies.map((l) => percentile(l, 50))), "ms"),
      [`${kind}_latency_ms_max`]: figure(latencies.at(-1) ?? Number.NaN, "ms"),
      [`${kind}_steady_changes_per_s`]: figure(median(offered), "changes/s"),
      [`${kind}_lost`]: figure(lost, "count", { atMost: 0 }),
      [`${kind}_sent_twice`]: figure(twice, "count", { atMost: 0 }),
      [`${kind}_delivered_recorded_vs_deliveries`]: figure(
        (deliveredInAll?.n ?? 0) / (deliveries + steadyIds.length * ENDPOINTS),
        "ratio",
        { atLeast: 1 },
      ),
      [`${kind}_most_open_per_endpoint`]: figure(Math.max(drainMostOpen, receiver.mostOpenPerEndpoint()), "count", {
        atMost: PER_ENDPOINT,
      }),
      [`${kind}_node_cpu_ms_per_delivery`]: figure((cpu.user + cpu.system) / 1000 / deliveries, "ms"),
      ...(serverBefore === null || serverAfter === null
        ? {}
        : { [`${kind}_server_cpu_ms_per_delivery`]: figure((serverAfter - serverBefore) / deliveries, "ms") }),
      // The machine is shared: deliveries per second of CPU (this process, the receiver in it, and the
      // Postgres server) says what the rate would be on one free core, whatever else ran meanwhile.
      [`${kind}_deliveries_per_cpu_s`]: figure(
        deliveries /
          (((cpu.user + cpu.system) / 1000 + (serverBefore === null || serverAfter === null ? 0 : serverAfter - serverBefore)) / 1000),
        "deliveries/CPU-s",
      ),
      [`${kind}_backlog_changes_written_per_s`]: figure(applyPerS, "changes/s"),
    };
  } finally {
    await receiver.close();
  }
}

/** BENCH_PG_STATEMENTS=1: where Postgres's time goes (pg_stat_statements), printed after the run. */
const STATEMENTS = process.env.BENCH_PG_STATEMENTS === "1";

async function loadStatementStats(server: PostgresServer): Promise<void> {
  const admin = await openDatabase({ url: server.url("postgres"), migrate: false, poolSize: 1 });
  try {
    await admin.db.execute(sql`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  } finally {
    await admin.close();
  }
  await server.halt("fast");
  await server.start();
}

async function printStatementStats(database: Database): Promise<void> {
  const { rows } = (await database.db.execute(sql`
    select calls, round(total_exec_time)::int as exec_ms, round(total_plan_time)::int as plan_ms,
      round((mean_exec_time + mean_plan_time)::numeric, 3) as mean_ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as query
    from pg_stat_statements order by total_exec_time + total_plan_time desc limit 10`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  console.table(rows);
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const figures: Record<string, Figure> = {};
  const notes: Record<string, unknown> = {};
  const load = [os.loadavg()[0]!];
  if (!only || only === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-outbound-"));
    const pglite = await openDatabase({ dir });
    try {
      Object.assign(figures, await run("pglite", pglite));
    } finally {
      await pglite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!only || only === "postgres") {
    const bin = findPostgresBin();
    if (bin) {
      const server = await startPostgres(bin);
      try {
        if (STATEMENTS) await loadStatementStats(server);
        const postgres = await openDatabase({ url: server.url("postgres"), poolSize: POOL_SIZE });
        try {
          if (STATEMENTS) {
            await postgres.db.execute(sql`create extension if not exists pg_stat_statements`);
            await postgres.db.execute(sql`alter system set pg_stat_statements.track_planning = on`);
            await postgres.db.execute(sql`select pg_reload_conf()`);
          }
          Object.assign(figures, await run("postgres", postgres));
          if (STATEMENTS) await printStatementStats(postgres);
        } finally {
          await postgres.close();
        }
      } finally {
        server.stop();
      }
    } else {
      notes.postgres_skipped = "Debian's postgresql is not installed";
    }
  }
  load.push(os.loadavg()[0]!);
  // A run with another limit or a diagnostic keeps its results apart from the bench's own.
  const variant = [
    ...(PER_ENDPOINT === DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT ? [] : [`n${PER_ENDPOINT}`]),
    ...(ANALYZE ? ["analyzed"] : []),
    ...(PENDING_INDEX ? ["pending-index"] : []),
  ];
  const name = ["outbound-webhooks", ...variant].join("-");
  writeResults(name, figures, {
    ...notes,
    ...(variant.length > 0
      ? {
          variant: `diagnostic run (${variant.join(", ")}): ${[
            ...(PER_ENDPOINT === DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT
              ? []
              : [`maxInFlightPerEndpoint ${PER_ENDPOINT} instead of the default`]),
            ...(ANALYZE ? ["the outbox analyzed before the drain"] : []),
            ...(PENDING_INDEX
              ? ["an index on outbound_deliveries (endpoint_id, next_attempt_at) where status = 'pending' that the migrations lack"]
              : []),
          ].join("; ")}`,
        }
      : {}),
    changes: CHANGES,
    endpoints: ENDPOINTS,
    deliveries: CHANGES * ENDPOINTS,
    worker: { pollMs: POLL_MS, maxInFlightPerEndpoint: PER_ENDPOINT, maxInFlight: "default (64)", batchSize: "default (100)" },
    drain: `${CHANGES} Pay-Ins paid through applyToRequest (${APPLY_CONCURRENCY} at once) with the worker stopped, then timed from starting the worker to every delivery received and recorded`,
    latency: `${Object.entries(STEADY)
      .map(([kind, s]) => `${kind}: ${STEADY_ROUNDS} rounds of ${s.perSecond} changes/s for ${s.seconds} s`)
      .join(
        "; ",
      )} (open loop, 2 deliveries a change), worker woken by LISTEN ${REQUEST_CHANNEL}; from applyToRequest resolving to the first attempt arriving; p95 and p50 are the median round's`,
    receiver: "in this process, on loopback: answers 200 once the body is read, a new connection per attempt (the sender's agent: false)",
    postgres: `fsync, synchronous_commit and full_page_writes off (the test server's settings), pool of ${POOL_SIZE}`,
    loadAverage1mStartEnd: load.map((l) => Math.round(l * 10) / 10),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
