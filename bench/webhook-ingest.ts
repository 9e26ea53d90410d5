/**
 * bench/webhook-ingest: webhooks received per second and their answer
 * latency at 20 concurrent senders, on PGlite and on a real Postgres, through exactly what the
 * webhook door (lib/provider-webhooks/payment-route.ts) runs — `ingestWebhook` (authenticate by
 * secret, read, de-duplicate, store, answer) then `processDelivery` with what ingest read — in
 * process, without HTTP. A sender waits for the apply before its next webhook (the route answers
 * first and applies from its queue, lib/provider-webhooks/queue.ts), so the rate includes applying, not just storing.
 *
 * Sustained: several rounds on the same, growing tables; each round 3,000 fresh requests get one
 * success webhook each, 10 % sent twice, in random order. The rate is the median round's; the
 * latency percentiles are over every answer of every round. After the rounds every request must
 * be paid exactly once (no lost, no double-applied event), every delivery logged and settled, and
 * every apply announced on the live-update channel.
 *
 * The merchant has no read key and its admin chose to apply unconfirmed webhooks, so the webhook
 * is not confirmed with the provider; confirming costs a provider call per webhook, bounded by the
 * provider's rate limit, not by PayDesk.
 *
 * Postgres runs twice: as the test server runs it (fsync and synchronous commit off), and with
 * production durability (every commit flushed to this machine's disk before it returns), since
 * the receiver's promise is "answered only once durably stored". PGlite writes through the OS page
 * cache and never flushes, whatever we do. Targets: ≥ 300/s on PGlite, ≥ 1,000/s on Postgres.
 *
 * Then two PayDesk instances on one PostgreSQL, over HTTP (bench/lib/webhook-instances.ts): 200
 * webhooks a second for 60 s with real payments mixed in, on this tree's production build and, as
 * the baseline in the same run, on the design before the intake had a pool and gate of its own
 * (main at 33cebff, built in a folder of its own: BENCH_BASELINE_ROOT, made here when unset).
 * Targets for this design: no answer 5xx, none missing, p99 ≤ 1 s, every webhook stored, every
 * real payment applied. BENCH_WEBHOOK_PARTS=instances runs only this part (and keeps the other
 * figures of the last result); BENCH_LOAD_MS shortens the load and BENCH_PER_SECOND changes its
 * rate while investigating (the committed result uses neither); BENCH_CPU_PROFILE_DIR makes each
 * instance write a V8 CPU profile there when it stops.
 */
import { execSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../lib/db/client";
import { merchants, paymentRequests, requestEvents, webhookDeliveries } from "../lib/db/schema";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { webhookSecretDigest } from "../lib/merchants/webhook-secret";
import { REQUEST_CHANNEL } from "../lib/requests/apply";
import { ingestWebhook } from "../lib/provider-webhooks/ingest";
import { processDelivery } from "../lib/provider-webhooks/process";
import { buildApp } from "./lib/app-process";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";
import { runTwoInstances } from "./lib/webhook-instances";

const SENDERS = 20;
const ROUNDS = 3;
const REQUESTS_PER_ROUND = 3_000;
const DUPLICATE_SHARE = 0.1;

interface Merchant {
  secret: string;
  providerMerchantId: string;
}

async function createMerchant(database: Database): Promise<Merchant> {
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const providerMerchantId = randomUUID();
  await database.db.insert(merchants).values({
    id: "mer_bench",
    displayName: "Bench",
    orgId: "demo",
    merchantId: providerMerchantId,
    submitKeyEncrypted: "x",
    submitKeyLast4: "xxxx",
    webhookSecretHash: webhookSecretDigest(secret),
    applyUnconfirmedWebhooks: true,
  });
  return { secret, providerMerchantId };
}

/** Fresh pending pay-ins and their success webhooks (some twice), shuffled. */
async function seedRound(database: Database, merchant: Merchant, round: number): Promise<{ jobs: string[]; duplicates: number }> {
  const jobs: string[] = [];
  const rows = [];
  let duplicates = 0;
  for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
    const providerId = randomUUID();
    const refId1 = `BENCH-${round}-${i}`;
    rows.push({
      id: `req_bench_${round}_${i}`,
      merchantId: "mer_bench",
      kind: "payin" as const,
      refId1,
      requestedAmount: "100.00",
      generatedAmount: "100.37",
      status: "pending",
      idempotencyKey: `bench-${round}-${i}`,
      input: {},
      providerId,
    });
    const job = JSON.stringify({
      Id: randomUUID(),
      Type: "Payment.Success",
      Parameters: [
        { Name: "EVENT_TYPE", Value: "PaymentIn.Success" },
        { Name: "PMR_ID", Value: providerId },
        { Name: "PMR_REF_ID1", Value: refId1 },
        { Name: "MERCHANT_ID", Value: merchant.providerMerchantId },
        { Name: "ORG_ID", Value: "demo" },
        { Name: "TX_AMOUNT", Value: "100.37" },
      ],
    });
    jobs.push(job);
    if (Math.random() < DUPLICATE_SHARE) {
      jobs.push(job);
      duplicates += 1;
    }
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(paymentRequests).values(rows.slice(i, i + 500));
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
  }
  return { jobs, duplicates };
}

/**
 * CPU time (ms) used so far by the Postgres server behind this database — the postmaster and every
 * process it started — from /proc; null where there is none (or for PGlite, which runs in ours).
 * With rates this noisy on a shared machine, CPU per event is the steadier measure of work.
 */
async function serverCpuMs(database: Database): Promise<number | null> {
  if (database.kind !== "postgres" || !fs.existsSync("/proc/self/stat")) return null;
  const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
  const statOf = (pid: string | number) => {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name: state ppid … utime(12) stime(13), in clock ticks (100 a second).
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  };
  const postmaster = statOf(rows[0]!.pid).ppid;
  let total = statOf(postmaster).cpuMs;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = statOf(pid);
      if (stat.ppid === postmaster) total += stat.cpuMs;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** 20 senders through the receiver and the apply, as the route runs them; returns events/s. */
async function sendRound(
  database: Database,
  secret: string,
  jobs: string[],
  latencies: number[],
): Promise<{ perSecond: number; refused: number }> {
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < jobs.length) {
        const body = jobs[next++]!;
        const t = performance.now();
        const answer = await ingestWebhook(database.db, { secret, rawBody: body });
        latencies.push(performance.now() - t);
        if (answer.status !== 200) refused += 1;
        // No read key: `apiFor` is never asked (the route passes merchantApi).
        if (answer.deliveryId !== null && answer.prepared !== null)
          await processDelivery(database.db, async () => undefined, answer.deliveryId, answer.prepared);
      }
    }),
  );
  return { perSecond: jobs.length / ((performance.now() - started) / 1000), refused };
}

async function run(label: string, database: Database): Promise<Record<string, Figure>> {
  const merchant = await createMerchant(database);
  let announced = 0;
  const unlisten = await database.listen(REQUEST_CHANNEL, () => (announced += 1));
  const rates: number[] = [];
  const latencies: number[] = [];
  let sent = 0;
  let duplicates = 0;
  let refused = 0;
  let nodeCpuMs = 0;
  let serverCpu: number | null = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const seeded = await seedRound(database, merchant, round);
    const cpuBefore = process.cpuUsage();
    const serverBefore = await serverCpuMs(database);
    const result = await sendRound(database, merchant.secret, seeded.jobs, latencies);
    const cpu = process.cpuUsage(cpuBefore);
    nodeCpuMs += (cpu.user + cpu.system) / 1000;
    const serverAfter = await serverCpuMs(database);
    serverCpu = serverCpu === null || serverBefore === null || serverAfter === null ? null : serverCpu + serverAfter - serverBefore;
    rates.push(result.perSecond);
    sent += seeded.jobs.length;
    duplicates += seeded.duplicates;
    refused += result.refused;
    console.log(
      `${label} round ${round + 1}: ${seeded.jobs.length} webhooks at ${Math.round(result.perSecond)}/s (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
  const requests = ROUNDS * REQUESTS_PER_ROUND;
  // NOTIFY is delivered asynchronously: give the last ones a moment.
  for (let waited = 0; announced < requests && waited < 3_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  await unlisten();

  const { db } = database;
  const [paid] = await db.select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.status, "paid"));
  const [applied] = await db.select({ n: count() }).from(requestEvents).where(eq(requestEvents.actor, "webhook"));
  const verdicts = await db
    .select({ verdict: webhookDeliveries.verdict, n: count() })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.verdict);
  const logged = (verdict: string) => verdicts.find((v) => v.verdict === verdict)?.n ?? 0;
  const [unsettled] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(
      and(sql`${webhookDeliveries.verdict} not in ('applied_unconfirmed', 'duplicate')`, eq(webhookDeliveries.merchantId, "mer_bench")),
    );
  latencies.sort((a, b) => a - b);
  const target = label === "pglite" ? 300 : 1_000;
  console.log(
    `${label}: ${sent} webhooks, ${paid?.n} of ${requests} paid, ${applied?.n} applied events, ${announced} announced; verdicts ${JSON.stringify(Object.fromEntries(verdicts.map((v) => [v.verdict, v.n])))}`,
  );
  return {
    [`${label}_events_per_s`]: figure(median(rates), "events/s", { atLeast: target }),
    [`${label}_events_per_s_slowest_round`]: figure(Math.min(...rates), "events/s"),
    [`${label}_node_cpu_ms_per_event`]: figure(nodeCpuMs / sent, "ms"),
    ...(serverCpu === null ? {} : { [`${label}_server_cpu_ms_per_event`]: figure(serverCpu / sent, "ms") }),
    [`${label}_answer_ms_p99`]: figure(percentile(latencies, 99), "ms"),
    [`${label}_answer_ms_p50`]: figure(percentile(latencies, 50), "ms"),
    [`${label}_requests_paid`]: figure(paid?.n ?? 0, "count", { atLeast: requests }),
    [`${label}_applied_events_vs_requests`]: figure((applied?.n ?? 0) / requests, "ratio", { atMost: 1 }),
    [`${label}_deliveries_logged_vs_sent`]: figure((logged("applied_unconfirmed") + logged("duplicate")) / sent, "ratio", { atLeast: 1 }),
    [`${label}_duplicates_logged_vs_sent`]: figure(logged("duplicate") / Math.max(1, duplicates), "ratio", { atLeast: 1 }),
    [`${label}_deliveries_not_applied`]: figure(unsettled?.n ?? 0, "count", { atMost: 0 }),
    [`${label}_announced_vs_applied`]: figure(announced / requests, "ratio", { atLeast: 1 }),
    [`${label}_refused_webhooks`]: figure(refused, "count", { atMost: 0 }),
  };
}

async function onPostgres(label: string, bin: string, durable: boolean): Promise<Record<string, Figure>> {
  const server = await startPostgres(bin, { durable });
  try {
    // One more connection than senders: the LISTEN holds one for the whole run.
    const postgres = await openDatabase({ url: server.url("postgres"), poolSize: SENDERS + 1 });
    try {
      return await run(label, postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    server.stop();
  }
}

const PARTS = (process.env.BENCH_WEBHOOK_PARTS ?? "in-process,instances").split(",");
const INSTANCES_PER_SECOND = Number(process.env.BENCH_PER_SECOND ?? 200);
const INSTANCES_LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 60_000);
/** The design before the intake's own pool and gate. */
const BASELINE_COMMIT = "33cebff";

async function main(): Promise<void> {
  const figures: Record<string, Figure> = {};
  let notes: Record<string, unknown> = {};
  const load = [os.loadavg()[0]!];
  const resultsFile = path.join(import.meta.dirname, "results", "webhook-ingest.json");
  if (!PARTS.includes("in-process") && fs.existsSync(resultsFile)) {
    // Only the instances are measured now: the in-process figures are kept from the last full run.
    const last = JSON.parse(fs.readFileSync(resultsFile, "utf8")) as {
      when: string;
      figures: Record<string, Figure>;
      notes: Record<string, unknown>;
    };
    for (const [key, value] of Object.entries(last.figures)) if (!key.startsWith("instances_")) figures[key] = value;
    notes = {
      ...Object.fromEntries(Object.entries(last.notes).filter(([key]) => !key.startsWith("instances"))),
      inProcessMeasuredAt: last.notes.inProcessMeasuredAt ?? last.when,
    };
  }
  const bin = findPostgresBin();
  if (PARTS.includes("in-process")) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-webhooks-"));
    const pglite = await openDatabase({ dir });
    try {
      Object.assign(figures, await run("pglite", pglite));
    } finally {
      await pglite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (bin) {
      Object.assign(figures, await onPostgres("postgres", bin, false));
      Object.assign(figures, await onPostgres("postgres_durable", bin, true));
    } else {
      console.log("postgres: skipped (Debian's postgresql is not installed)");
    }
    notes = {
      senders: SENDERS,
      rounds: ROUNDS,
      requestsPerRound: REQUESTS_PER_ROUND,
      duplicateShare: DUPLICATE_SHARE,
      path: "ingestWebhook + processDelivery(prepared) in process, as the route runs them; no provider confirmation (no read key)",
      postgres: "fsync, synchronous_commit and full_page_writes off (the test server's settings)",
      postgres_durable: "Postgres defaults: every commit flushed to disk",
    };
  }
  if (PARTS.includes("instances")) {
    if (!bin) throw new Error("the two-instance run needs Debian's postgresql");
    const measured = await onTwoInstances(bin);
    Object.assign(figures, measured.figures);
    notes.instances = {
      outcomes: measured.outcomes,
      perSecond: INSTANCES_PER_SECOND,
      loadMs: INSTANCES_LOAD_MS,
      baseline: `main at ${BASELINE_COMMIT}: the intake on the shared pool of 10, no gate, a database failure answered 500`,
      postgres: "one server, fsync and synchronous_commit off; each design on a fresh server, database and sandbox",
      load: "open-loop, half to each instance; 1 in 100 a real payment at the sandbox (its webhook to instance A); of the rest, half rejection claims for 200 open Pay-Ins (confirmed with the sandbox and contradicted), a quarter late successes for paid ones, a quarter unknown requests",
    };
  }
  load.push(os.loadavg()[0]!);
  writeResults("webhook-ingest", figures, { ...notes, loadAverage1mStartEnd: load.map((l) => Math.round(l * 10) / 10) });
}

/** This design and the baseline, one after the other, each on a fresh Postgres and sandbox. */
async function onTwoInstances(bin: string): Promise<{ figures: Record<string, Figure>; outcomes: Record<string, unknown> }> {
  buildApp();
  const baselineRoot = process.env.BENCH_BASELINE_ROOT ?? prepareBaseline();
  const options = { bin, perSecond: INSTANCES_PER_SECOND, loadMs: INSTANCES_LOAD_MS, paymentEvery: 100, openPayIns: 200 };
  const now = await runTwoInstances("intake", { ...options, root: path.resolve(import.meta.dirname, "..") });
  console.log(`[webhook-ingest] intake: ${JSON.stringify(now)}`);
  const before = await runTwoInstances("baseline", { ...options, root: baselineRoot });
  console.log(`[webhook-ingest] baseline: ${JSON.stringify(before)}`);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  const figures: Record<string, Figure> = {
    instances_webhooks_sent: figure(now.sent, "webhooks"),
    instances_achieved_per_s: figure(now.achievedPerSecond, "webhooks/s"),
    instances_answered_5xx: figure(now.answered5xx, "webhooks", { atMost: 0 }),
    instances_answered_503: figure(now.answered503, "webhooks"),
    instances_unanswered_in_30s: figure(now.unanswered, "webhooks", { atMost: 0 }),
    instances_answer_ms_p50: figure(now.answerMsP50, "ms"),
    instances_answer_ms_p99: figure(now.answerMsP99, "ms", { atMost: 1_000 }),
    instances_answer_ms_max: figure(now.answerMsMax, "ms"),
    instances_not_stored: figure(now.webhooksSent - now.stored, "webhooks", { atMost: 0 }),
    instances_answered_2xx_not_stored: figure(now.answered2xxNotStored, "webhooks", { atMost: 0 }),
    instances_payments_not_applied: figure(now.payments - now.paymentsApplied, "payments", { atMost: 0 }),
    instances_payment_apply_ms_p50: figure(now.paymentApplyMsP50, "ms"),
    instances_settled_after_load_s: figure(now.settledAfterS ?? Number.NaN, "s"),
    instances_rss_growth_mb_max: figure(Math.max(...now.rssGrowthMb), "MB"),
    instances_baseline_achieved_per_s: figure(before.achievedPerSecond, "webhooks/s"),
    instances_baseline_answered_5xx: figure(before.answered5xx, "webhooks"),
    instances_baseline_unanswered_in_30s: figure(before.unanswered, "webhooks"),
    instances_baseline_answer_ms_p50: figure(before.answerMsP50, "ms"),
    instances_baseline_answer_ms_p99: figure(before.answerMsP99, "ms"),
    instances_baseline_not_stored: figure(before.webhooksSent - before.stored, "webhooks"),
    instances_baseline_payments_not_applied: figure(before.payments - before.paymentsApplied, "payments"),
    instances_baseline_settled_after_load_s: figure(before.settledAfterS ?? Number.NaN, "s"),
    instances_baseline_rss_growth_mb_max: figure(Math.max(...before.rssGrowthMb), "MB"),
    instances_answer_ms_p50_vs_baseline: figure(ratio(now.answerMsP50, before.answerMsP50), "ratio"),
    instances_answer_ms_p99_vs_baseline: figure(ratio(now.answerMsP99, before.answerMsP99), "ratio"),
    // Where the machine's CPU went, per webhook, while the load ran (bench/lib/webhook-instances.ts).
    instances_cpu_ms_per_webhook_paydesk: figure(now.cpuMsPerWebhook.paydesk, "ms"),
    instances_cpu_ms_per_webhook_sandbox: figure(now.cpuMsPerWebhook.sandbox, "ms"),
    instances_cpu_ms_per_webhook_postgres: figure(now.cpuMsPerWebhook.postgres, "ms"),
    instances_cpu_ms_per_webhook_load_generator: figure(now.cpuMsPerWebhook.loadGenerator, "ms"),
    instances_baseline_cpu_ms_per_webhook_paydesk: figure(before.cpuMsPerWebhook.paydesk, "ms"),
    // The rate this machine's cores could carry if nothing but the rig ran and every core were busy.
    // An upper bound when the instances fell behind: the work they still owed when the answers were
    // in (confirming and applying the backlog) is outside the window.
    instances_rig_ceiling_per_s: figure(ceiling(now.cpuMsPerWebhook), "webhooks/s"),
    instances_rig_ceiling_without_paydesk_per_s: figure(ceiling({ ...now.cpuMsPerWebhook, paydesk: 0 }), "webhooks/s"),
  };
  return { figures, outcomes: { intake: now, baseline: before } };
}

/** Webhooks a second the machine's cores can carry at these CPU costs per webhook. */
function ceiling(costs: Record<string, number>): number {
  const perWebhook = Object.values(costs).reduce((a, b) => a + b, 0);
  return perWebhook > 0 ? Math.round((os.cpus().length * 1000) / perWebhook) : Number.NaN;
}

/** main at BASELINE_COMMIT in a temporary folder, with this tree's node_modules (hard links) and its own production build. */
function prepareBaseline(): string {
  const root = path.resolve(import.meta.dirname, "..");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-baseline-"));
  execSync(`git -C ${JSON.stringify(root)} archive ${BASELINE_COMMIT} | tar -x -C ${JSON.stringify(dir)}`);
  execSync(`cp -al ${JSON.stringify(path.join(root, "node_modules"))} ${JSON.stringify(path.join(dir, "node_modules"))}`);
  execSync(`${JSON.stringify(path.join(dir, "node_modules", ".bin", "next"))} build`, {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
