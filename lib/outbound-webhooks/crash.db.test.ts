import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, eq, gte, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundAttempts, outboundDeliveries, outboundEvents } from "../db/schema";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT } from "./deliver";
import { createEndpoint } from "./endpoints";
import { listDeliveries } from "./log";
import { startReceiver, type Receiver } from "./testing/receiver";
import { scaled } from "@/lib/testing/vitest-project";
import { forkWorkerProcess, type WorkerProcess } from "@/lib/testing/worker-process";
import { paidPayIn } from "./testing/paid-pay-in";
import { testMerchant } from "../merchants/testing/test-merchant";

/**
 * docs/DESIGN.md §14 promises it: `kill -9` of the instance in the middle of a delivery burst, then a
 * restart — every event delivered, none lost, duplicates only with the same `webhook-id`, and each
 * duplicate visible in the delivery log as an attempt without an outcome followed by its repeat. The
 * instance is a real OS process (lib/outbound-webhooks/testing/worker-process.ts) on a real Postgres; the
 * restarted one takes the killed one's deliveries only once their leases lapse.
 */
const BURST = 200;
const KILL_AFTER_RECEIVED = 40;
const RECEIVER_DELAY_MS = 75;
/** The instances' lease, short so the test need not wait out production's (LEASE_MS, 20 s); longer than an attempt may take (1.5 s here). */
const LEASE_MS = 3_000;

const vaultKey = randomBytes(32);
const vault = createKeyVault([vaultKey]);
const script = path.join(import.meta.dirname, "testing", "worker-process.ts");

/** Starts one instance's delivery loop in its own process; resolves once it runs. */
const startInstance = (url: string): Promise<WorkerProcess> =>
  forkWorkerProcess(script, {
    OUTBOUND_DATABASE_URL: url,
    OUTBOUND_VAULT_KEY: vaultKey.toString("hex"),
    OUTBOUND_POLL_MS: "50",
    OUTBOUND_LEASE_MS: String(LEASE_MS),
    OUTBOUND_TIMEOUT_MS: "1500",
  });

describe("kill -9 of the delivering instance in the middle of a burst", () => {
  const skip = postgresSkipReason();
  let database: TestDatabase;
  let receiver: Receiver;
  const instances: WorkerProcess[] = [];

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase("postgres", { poolSize: 6 });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(instances.map((i) => i.exited));
    await receiver?.close();
    await database?.dispose();
  });

  it.skipIf(skip)(
    "delivers every event after a restart, none lost, a duplicate only under the same webhook-id",
    async () => {
      const merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000051", vault: vault });
      const { secret } = await createEndpoint(database.db, vault, {
        merchantRowId: merchantId,
        url: `${receiver.url}/hooks`,
        description: null,
        eventTypes: ["payin.paid"],
        createdBy: null,
      });
      // Each answer takes a while, so the burst is in flight when the instance is killed.
      receiver.behave({ kind: "delay", ms: RECEIVER_DELAY_MS });
      for (let i = 0; i < BURST; i++) {
        await paidPayIn(database.db, merchantId, { refId1: `K${i}`, amount: "10.00" });
      }
      const outbox = new Set((await database.db.select({ id: outboundEvents.id }).from(outboundEvents)).map((e) => e.id));
      expect(outbox.size).toBe(BURST);

      // The first instance starts on the burst and is killed part-way through it.
      const first = await startInstance(database.url!);
      instances.push(first);
      await expect
        .poll(() => receiver.received.length, { timeout: scaled(10_000), interval: 2 })
        .toBeGreaterThanOrEqual(KILL_AFTER_RECEIVED);
      process.kill(first.child.pid!, "SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const killedAt = Date.now();
      const receivedBeforeKill = receiver.received.length;
      expect(receivedBeforeKill).toBeLessThan(BURST);

      // What the killed instance left: deliveries leased and never recorded (their attempts may or
      // may not have reached the receiver), held until their leases lapse.
      const held = await database.db
        .select({ id: outboundDeliveries.id, leaseUntil: outboundDeliveries.leaseUntil })
        .from(outboundDeliveries)
        .where(and(eq(outboundDeliveries.status, "pending"), gte(outboundDeliveries.leaseUntil, sql`now()`)));
      expect(held.length).toBeGreaterThan(0);
      expect(held.length).toBeLessThanOrEqual(DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT);
      const heldUntil = new Map(held.map((h) => [h.id, h.leaseUntil!.getTime()]));
      expect(Math.max(...heldUntil.values())).toBeLessThanOrEqual(killedAt + LEASE_MS);

      // The restart: a fresh instance, which takes the killed one's deliveries once their leases lapse.
      const second = await startInstance(database.url!);
      instances.push(second);
      await expect
        .poll(
          async () =>
            (await database.db.select({ status: outboundDeliveries.status }).from(outboundDeliveries)).filter(
              (d) => d.status !== "delivered",
            ).length,
          { timeout: scaled(LEASE_MS + 20_000), interval: 250 },
        )
        .toBe(0);
      second.child.send("stop");
      expect(await second.exited).toBe(0);

      // Every event arrived, signed, and nothing arrived that was not in the outbox.
      const webhook = new Webhook(secret);
      const timesReceived = new Map<string, number>();
      for (const got of receiver.received) {
        const headers = {
          "webhook-id": String(got.headers["webhook-id"]),
          "webhook-timestamp": String(got.headers["webhook-timestamp"]),
          "webhook-signature": String(got.headers["webhook-signature"]),
        };
        const event = webhook.verify(got.body, headers) as { id: string; type: string };
        // The body's id is the webhook-id: a receiver deduplicating on either sees one event.
        expect(event.id).toBe(headers["webhook-id"]);
        expect(event.type).toBe("payin.paid");
        expect(outbox.has(event.id)).toBe(true);
        timesReceived.set(event.id, (timesReceived.get(event.id) ?? 0) + 1);
      }
      expect(new Set(timesReceived.keys())).toEqual(outbox);

      // Only what was in flight at the kill arrived twice, and never three times; the kill came
      // while some had reached the receiver and were not yet answered.
      const duplicates = [...timesReceived.entries()].filter(([, n]) => n > 1);
      expect(duplicates.every(([, n]) => n === 2)).toBe(true);
      expect(duplicates.length).toBeGreaterThan(0);
      expect(duplicates.length).toBeLessThanOrEqual(held.length);

      // In the database every send is on record: an attempt row is written
      // before its request leaves and completed after. The killed instance's sends are attempts
      // without an outcome, and what was sent again is a second attempt — a visible repeat — made
      // only after the lease lapsed. Each delivery was delivered by exactly one recorded attempt.
      const rows = await database.db.select().from(outboundDeliveries);
      expect(rows).toHaveLength(BURST);
      for (const row of rows) expect(row).toMatchObject({ status: "delivered", leaseUntil: null });
      // Every event the receiver got twice shows so in the delivery log: an attempt without an
      // outcome, then the repeat.
      const log = await listDeliveries(database.db, { merchantIds: null }, BURST);
      const byEvent = new Map(log.entries.map((entry) => [entry.eventId, entry]));
      for (const [eventId] of duplicates) {
        const entry = byEvent.get(eventId)!;
        expect(entry.attempts).toBe(2);
        expect(entry.unknownAttempts).toBe(1);
        expect(entry.attemptLog.map((a) => [a.outcome, a.possibleRepeat])).toEqual([
          ["unknown", false],
          ["recorded", true],
        ]);
      }
      const attempts = await database.db.select().from(outboundAttempts);
      const attemptsOf = new Map<number, (typeof attempts)[number][]>();
      for (const attempt of attempts) attemptsOf.set(attempt.deliveryId, [...(attemptsOf.get(attempt.deliveryId) ?? []), attempt]);
      const completed = attempts.filter((a) => a.completedAt !== null);
      expect(completed).toHaveLength(BURST);
      for (const attempt of completed) {
        expect(attempt.status).toBe(200);
        const until = heldUntil.get(attempt.deliveryId);
        if (until !== undefined) expect(attempt.at.getTime()).toBeGreaterThanOrEqual(until);
      }
      const unknown = attempts.filter((a) => a.completedAt === null);
      for (const attempt of unknown) expect(heldUntil.has(attempt.deliveryId)).toBe(true);
      for (const row of rows) expect(row.attempts).toBe(attemptsOf.get(row.id)!.length);
      const firstAfterKill = receiver.received[receivedBeforeKill]!.at - killedAt;
      console.log(
        `[crash] received ${receivedBeforeKill} before the kill, ${held.length} held by the killed instance, ` +
          `${duplicates.length} received twice; the first arrival after the kill ${(firstAfterKill / 1000).toFixed(1)} s ` +
          `after it, all ${BURST} delivered ${((Date.now() - killedAt) / 1000).toFixed(1)} s after it`,
      );
    },
    // Two worker processes started with tsx, 200 applies and 200 deliveries: on a busy machine all
    // of it slows, and once ran past an unscaled 63 s.
    scaled(LEASE_MS + 60_000),
  );
});
