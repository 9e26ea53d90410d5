/**
 * bench/webhook-ingest: webhooks received per second and their latency at 20 concurrent senders,
 * on PGlite and on a real Postgres, through PayDesk's receiver code (authenticate by secret, read,
 * de-duplicate, store, then apply through the state machine) — in process, without HTTP. Every
 * request gets one success webhook, and 10 % are sent twice: at the end every request must be paid
 * exactly once (no lost, no double-applied event). Targets: ≥ 300/s on PGlite, ≥ 1,000/s on Postgres.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { openDatabase, type Database } from "../lib/db/client";
import { merchants, paymentRequests, requestEvents } from "../lib/db/schema";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { ingestWebhook } from "../lib/webhooks/ingest";
import { processDelivery } from "../lib/webhooks/process";
import { figure, percentile, writeResults, type Figure } from "./lib/results";

const SENDERS = 20;
const REQUESTS = 3_000;
const DUPLICATE_SHARE = 0.1;

async function seed(database: Database): Promise<{ secret: string; jobs: string[] }> {
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const { webhookSecretDigest } = await import("../lib/merchants/webhook-secret");
  const merchantId = randomUUID();
  await database.db.insert(merchants).values({ id: "mer_bench", displayName: "Bench", orgId: "demo", merchantId, submitKeyEncrypted: "x", submitKeyLast4: "xxxx", webhookSecretHash: webhookSecretDigest(secret) });
  const jobs: string[] = [];
  const rows = [];
  for (let i = 0; i < REQUESTS; i++) {
    const providerId = randomUUID();
    const refId1 = `BENCH-${i}`;
    rows.push({ id: `req_bench_${i}`, merchantId: "mer_bench", kind: "payin" as const, refId1, requestedAmount: "100.00", generatedAmount: "100.37", status: "pending", idempotencyKey: `bench-${i}`, input: {}, providerId });
    const job = JSON.stringify({
      Id: randomUUID(),
      Type: "Payment.Success",
      Parameters: [
        { Name: "EVENT_TYPE", Value: "PaymentIn.Success" },
        { Name: "PMR_ID", Value: providerId },
        { Name: "PMR_REF_ID1", Value: refId1 },
        { Name: "MERCHANT_ID", Value: merchantId },
        { Name: "ORG_ID", Value: "demo" },
        { Name: "TX_AMOUNT", Value: "100.37" },
      ],
    });
    jobs.push(job);
    if (Math.random() < DUPLICATE_SHARE) jobs.push(job);
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(paymentRequests).values(rows.slice(i, i + 500));
  // Shuffle so duplicates arrive at different moments.
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
  }
  return { secret, jobs };
}

async function run(label: string, database: Database): Promise<Record<string, Figure>> {
  const { secret, jobs } = await seed(database);
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < jobs.length) {
        const body = jobs[next++]!;
        const t = performance.now();
        const answer = await ingestWebhook(database.db, { secret, rawBody: body });
        if (answer.status !== 200) failures += 1;
        // The sender's wait ends with the answer; applying follows it, as in the route handler.
        latencies.push(performance.now() - t);
        if (answer.deliveryId !== null) await processDelivery(database.db, async () => undefined, answer.deliveryId);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [paid] = await database.db.select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.status, "paid"));
  const [applied] = await database.db.select({ n: count() }).from(requestEvents).where(eq(requestEvents.actor, "webhook"));
  latencies.sort((a, b) => a - b);
  const target = label === "postgres" ? 1_000 : 300;
  console.log(`${label}: ${jobs.length} webhooks in ${seconds.toFixed(1)} s; ${paid?.n} of ${REQUESTS} paid; ${applied?.n} applied events`);
  return {
    [`${label}_events_per_s`]: figure(jobs.length / seconds, "events/s", { atLeast: target }),
    [`${label}_answer_ms_p99`]: figure(percentile(latencies, 99), "ms"),
    [`${label}_answer_ms_p50`]: figure(percentile(latencies, 50), "ms"),
    [`${label}_requests_paid`]: figure(paid?.n ?? 0, "count", { atLeast: REQUESTS }),
    [`${label}_applied_events_vs_requests`]: figure((applied?.n ?? 0) / REQUESTS, "ratio", { atMost: 1 }),
    [`${label}_refused_webhooks`]: figure(failures, "count", { atMost: 0 }),
  };
}

async function main(): Promise<void> {
  const figures: Record<string, Figure> = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-webhooks-"));
  const pglite = await openDatabase({ dir });
  try {
    Object.assign(figures, await run("pglite", pglite));
  } finally {
    await pglite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bin = findPostgresBin();
  if (bin) {
    const server = await startPostgres(bin);
    try {
      const postgres = await openDatabase({ url: server.url("postgres"), poolSize: SENDERS });
      try {
        Object.assign(figures, await run("postgres", postgres));
      } finally {
        await postgres.close();
      }
    } finally {
      server.stop();
    }
  } else {
    console.log("postgres: skipped (Debian's postgresql is not installed)");
  }
  writeResults("webhook-ingest", figures, { senders: SENDERS, requests: REQUESTS, duplicateShare: DUPLICATE_SHARE, path: "ingestWebhook + processDelivery in process, no provider confirmation (no read key)" });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
