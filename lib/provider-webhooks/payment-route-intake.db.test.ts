import { randomBytes, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONNECT_TIMEOUT_MS, openDatabase, type Database, type Db } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { postgresSkipReason } from "@/lib/db/testing/databases";
import { findPostgresBin, startPostgres, type PostgresServer } from "@/lib/db/testing/postgres-server";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { rotateWebhookSecret } from "@/lib/merchants/webhook-secret";
import { processStranded } from "@/lib/provider-webhooks/process";
import { RETRY_AFTER_SECONDS } from "@/lib/provider-webhooks/intake";
import { scaled } from "@/lib/testing/vitest-project";

/**
 * The webhook intake under the two conditions that lost webhooks in production (two instances on
 * one PostgreSQL at 160/s, where the provider never retries): every connection of the main pool
 * taken by a backlog of processing, and the database itself going away. Postgres only, on a server
 * of this file's own: PGlite is one connection inside the process, with no pool to exhaust and no
 * server to lose.
 */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, intake: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db, getIntakeDb: async () => surroundings.intake }));
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({
    WEBHOOK_SECRET_HEADER: "X-PayDesk-Webhook-Secret",
    WEBHOOK_INTAKE_POOL_SIZE: 2,
    TRUSTED_PROXIES: [],
    PUBLIC_BASE_URL: "http://127.0.0.1:3000",
  }),
}));
// No read key is asked for: the webhooks name requests PayDesk does not know, settled from the database alone.
vi.mock("@/lib/provider", () => ({ merchantApiIn: () => async () => undefined }));

const { receivePaymentWebhook: POST } = await import("./payment-route");

const HEADER = "X-PayDesk-Webhook-Secret";
const MAIN_POOL = 4;

const skip = postgresSkipReason() ?? (findPostgresBin() ? null : "Debian's postgresql is not installed");

describe.skipIf(skip)("the webhook intake on PostgreSQL", () => {
  let server: PostgresServer;
  let database: Database;
  /** The test's own view of the database, apart from both of PayDesk's pools. */
  let observer: Database;
  let merchant: { id: string; merchantId: string; secret: string };

  beforeAll(async () => {
    server = await startPostgres(findPostgresBin()!);
    database = await openDatabase({ url: server.url("postgres"), poolSize: MAIN_POOL, intakePoolSize: 2 });
    surroundings.db = database.db as Db;
    surroundings.intake = database.intake as Db;
    observer = await openDatabase({ url: server.url("postgres"), poolSize: 1, migrate: false });
    const merchantId = randomUUID();
    const { id } = await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
      displayName: "Siam Coffee",
      orgId: "demo",
      merchantId,
      submitKey: `submit-${randomBytes(8).toString("hex")}`,
    });
    merchant = { id, merchantId, secret: await rotateWebhookSecret(database.db, id) };
  });
  afterAll(async () => {
    await observer?.close();
    await database?.close();
    server?.stop();
  });

  const job = () => ({
    Id: randomUUID(),
    Type: "PaymentIn.Rejected",
    Parameters: [
      { Name: "EVENT_TYPE", Value: "PaymentIn.Rejected" },
      { Name: "MERCHANT_ID", Value: merchant.merchantId },
      { Name: "PMR_ID", Value: randomUUID() },
      { Name: "STATUS_REASON", Value: "expired" },
    ],
  });
  /** One webhook through the route as the server calls it: its status, Retry-After and how long the answer took. */
  const post = async (body: { Id: string }) => {
    const started = performance.now();
    const response = await POST(
      new Request("http://127.0.0.1/api/webhooks/payment", {
        method: "POST",
        headers: { "content-type": "application/json", [HEADER]: merchant.secret },
        body: JSON.stringify(body),
      }) as never,
    );
    await response.text();
    return { jobId: body.Id, status: response.status, retryAfter: response.headers.get("Retry-After"), ms: performance.now() - started };
  };
  /** The stored deliveries of these jobs (read apart: the main pool may be held). */
  const stored = async (jobIds: string[]) =>
    observer.db
      .select({ jobId: webhookDeliveries.providerJobId, verdict: webhookDeliveries.verdict })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.providerJobId, jobIds));
  const until = async (what: () => Promise<boolean>, ms: number, label: string) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error(`${label}: not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it(
    "stores and answers a burst at once while slow processing holds every connection of the main pool",
    { timeout: scaled(60_000) },
    async () => {
      // The intake's connections open as a running instance's already are.
      expect((await post(job())).status).toBe(200);
      // Every main-pool connection held, as a backlog of processing holds them.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = 0;
      const holders = Array.from({ length: MAIN_POOL }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          await held;
        }),
      );
      await until(async () => holding === MAIN_POOL, 10_000, "holding the pool");
      try {
        const bodies = Array.from({ length: 200 }, job);
        const answers = [];
        for (let i = 0; i < bodies.length; i += 50) answers.push(...(await Promise.all(bodies.slice(i, i + 50).map(post))));
        expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
        // None waited for a connection of the main pool (which gives up after CONNECT_TIMEOUT_MS and
        // answered 500). The 1 s the issue asks for is bench/webhook-ingest's: a machine as loaded
        // as a shared test run can be makes any wall-clock bound here below that a coin toss.
        const slowest = Math.max(...answers.map((a) => a.ms));
        expect(slowest, `answers took ${Math.round(slowest)} ms at most`).toBeLessThan(CONNECT_TIMEOUT_MS);
        // Every one stored, and none processed: processing waits for the main pool.
        const rows = await stored(bodies.map((b) => b.Id));
        expect(rows.map((r) => r.verdict)).toEqual(bodies.map(() => "received"));
      } finally {
        release();
        await Promise.all(holders);
      }
    },
  );

  it("drains what it stored once the main pool is free again", { timeout: scaled(60_000) }, async () => {
    const bodies = Array.from({ length: 20 }, job);
    expect((await Promise.all(bodies.map(post))).map((a) => a.status)).toEqual(bodies.map(() => 200));
    // From the queue, or (for what waited past the pool's timeout in the previous test) the stranded sweep.
    await until(
      async () => {
        await processStranded(database.db, async () => undefined, 0);
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.verdict, ["received", "processing"]));
        return row!.n === 0;
      },
      30_000,
      "every delivery settled",
    );
    expect((await stored(bodies.map((b) => b.Id))).map((r) => r.verdict)).toEqual(bodies.map(() => "unknown_request"));
  });

  it(
    "answers 503 with Retry-After while the database is down, and loses nothing it answered 200",
    { timeout: scaled(90_000) },
    async () => {
      const answers: Awaited<ReturnType<typeof post>>[] = [];
      let phase: "before" | "down" | "back" | "done" = "before";
      // Ten senders, without pause, across the outage.
      const senders = Array.from({ length: 10 }, async () => {
        while (phase !== "done") {
          const answer = await post(job());
          answers.push(answer);
        }
      });
      const okCount = () => answers.filter((a) => a.status === 200).length;
      await until(async () => okCount() >= 50, 20_000, "50 stored before the outage");
      await server.halt("fast");
      phase = "down";
      // Longer than the secret holders' cache (2 s): the secret's lookup fails too, not only the store.
      const downAt = answers.length;
      await new Promise((r) => setTimeout(r, 3_000));
      await server.start();
      phase = "back";
      const backAt = okCount();
      await until(async () => okCount() >= backAt + 50, 30_000, "50 stored after the outage");
      phase = "done";
      await Promise.all(senders);

      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]));
      const unavailable = answers.filter((a) => a.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(unavailable.map((a) => a.retryAfter)).toEqual(unavailable.map(() => String(RETRY_AFTER_SECONDS)));
      // The outage was told at once: a refused connection, not a wait for an answer that cannot come.
      expect(Math.max(...unavailable.map((a) => a.ms))).toBeLessThan(6_000);
      expect(answers.slice(downAt).some((a) => a.status === 503)).toBe(true);
      // Nothing answered 200 was lost.
      const accepted = answers.filter((a) => a.status === 200).map((a) => a.jobId);
      const rows = await stored(accepted);
      expect(rows.map((r) => r.jobId).sort()).toEqual([...accepted].sort());
    },
  );
});
