import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { outboundAttempts, outboundDeliveries, webhookEndpoints } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { deliverDue, leaseDue, RETRY_AFTER_MS, type DeliverOptions } from "./deliver";
import { newSigningSecret } from "./signature";
import { startOutboundWorker } from "./worker";
import { paidPayIn as payInPaid } from "./testing/paid-pay-in";
import { startReceiver, type Receiver } from "./testing/receiver";
import { scaled } from "@/lib/testing/vitest-project";
import { testMerchant } from "../merchants/testing/test-merchant";
import { setUpTwoInstances } from "@/lib/testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);

describe.each(DATABASE_KINDS)("delivering the outbox on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let receiver: Receiver;
  let merchantId: string;
  const secret = newSigningSecret();

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind, { poolSize: 6 });
    receiver = await startReceiver();
    merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000041", vault: vault });
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    if (skip) return;
    receiver.received.length = 0;
    receiver.behave({ kind: "status", status: 200 });
    // Each test starts with no endpoint and nothing due.
    for (const table of ["outbound_attempts", "outbound_deliveries", "outbound_events", "webhook_endpoints"]) {
      await database.db.execute(sql.raw(`delete from ${table}`));
    }
  });

  const options = (db = database.db): DeliverOptions => ({
    db,
    vault,
    publicBaseUrl: "https://pay.example.com",
    allowPrivate: true,
    isSandbox: true,
    timeoutMs: 2_000,
  });
  let n = 0;
  const endpoint = async () => {
    const id = `we_${kind}_${++n}`;
    await database.db.insert(webhookEndpoints).values({
      id,
      merchantId,
      url: `${receiver.url}/hooks`,
      eventTypes: ["payin.paid"],
      secretEncrypted: vault.seal(secret, { merchantId: id, field: "endpointSecret" }),
    });
    return id;
  };
  const paidPayIn = () => payInPaid(database.db, merchantId, { amount: "150.00", generatedAmount: "150.37" });
  const deliveries = () => database.db.select().from(outboundDeliveries);
  const dueNow = () =>
    database.db.execute(sql`update outbound_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending'`);

  it.skipIf(skip)("sends the event signed, with the request as the merchant API shows it, and records the attempt", async () => {
    await endpoint();
    const requestId = await paidPayIn();
    expect(await deliverDue(options())).toBe(1);
    const got = receiver.received[0]!;
    const headers = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    const event = new Webhook(secret).verify(got.body, headers) as Record<string, unknown>;
    expect(event).toMatchObject({
      id: headers["webhook-id"],
      type: "payin.paid",
      livemode: false,
      data: { id: requestId, object: "payment_request", status: "paid", amount: "150.00", amount_paid: "150.37", kind: "payin" },
    });
    expect(await deliveries()).toMatchObject([{ status: "delivered", attempts: 1, leaseUntil: null }]);
    expect(await database.db.select().from(outboundAttempts)).toMatchObject([{ status: 200, error: null }]);
    // Nothing is due any more.
    expect(await deliverDue(options())).toBe(0);
  });

  it.skipIf(skip)("a secret sealed with a key PayDesk no longer has is a failed attempt that says so, not a silent retry", async () => {
    const id = await endpoint();
    await paidPayIn();
    const lostKey = createKeyVault([randomBytes(32)]);
    await database.db
      .update(webhookEndpoints)
      .set({ secretEncrypted: lostKey.seal(secret, { merchantId: id, field: "endpointSecret" }) })
      .where(eq(webhookEndpoints.id, id));
    expect(await deliverDue(options())).toBe(1);
    expect(receiver.received).toEqual([]);
    expect(await deliveries()).toMatchObject([{ status: "pending", attempts: 1, leaseUntil: null }]);
    const [attempt] = await database.db.select().from(outboundAttempts);
    expect(attempt).toMatchObject({ status: null, error: expect.stringMatching(/^secret_unreadable: .*rotate the endpoint's secret/) });
    // Not leased again at once: it waits for its next attempt like any failure.
    expect(await deliverDue(options())).toBe(0);
  });

  it.skipIf(skip)("tries a failing endpoint again later, under the same webhook-id, until it answers", async () => {
    await endpoint();
    await paidPayIn();
    receiver.behave({ kind: "fail-then-succeed", failures: 2 });
    await deliverDue(options());
    const [afterOne] = await deliveries();
    expect(afterOne).toMatchObject({ status: "pending", attempts: 1 });
    const wait = afterOne!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(RETRY_AFTER_MS[0]! * 0.8);
    expect(wait).toBeLessThan(RETRY_AFTER_MS[0]! * 1.2);
    // Not due yet: nothing is sent.
    expect(await deliverDue(options())).toBe(0);
    await dueNow();
    await deliverDue(options());
    await dueNow();
    await deliverDue(options());
    expect(await deliveries()).toMatchObject([{ status: "delivered", attempts: 3 }]);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect((await database.db.select().from(outboundAttempts)).map((a) => a.status)).toEqual([500, 500, 204]);
  });

  it.skipIf(skip)("gives up after about a day of attempts, and disables an endpoint that answers 410 Gone", async () => {
    const id = await endpoint();
    await paidPayIn();
    receiver.behave({ kind: "status", status: 503 });
    for (let i = 0; i <= RETRY_AFTER_MS.length; i++) {
      await dueNow();
      await deliverDue(options());
    }
    expect(await deliveries()).toMatchObject([{ status: "failed", attempts: RETRY_AFTER_MS.length + 1 }]);

    await paidPayIn();
    receiver.behave({ kind: "status", status: 410 });
    await deliverDue(options());
    const [endpointRow] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpointRow!.enabled).toBe(false);
    expect((await deliveries()).map((d) => d.status).sort()).toEqual(["failed", "failed"]);
  });
});

describe("the delivery loop", () => {
  it("sends what falls due without being asked, and stops when told", async () => {
    const database = await createTestDatabase("pglite");
    const receiver = await startReceiver();
    try {
      const merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000043", vault: vault });
      await database.db.insert(webhookEndpoints).values({
        id: "we_loop",
        merchantId,
        url: `${receiver.url}/hooks`,
        eventTypes: ["payin.paid"],
        secretEncrypted: vault.seal(newSigningSecret(), { merchantId: "we_loop", field: "endpointSecret" }),
      });
      const worker = startOutboundWorker({
        db: database.db,
        vault,
        publicBaseUrl: "https://pay.example.com",
        allowPrivate: true,
        isSandbox: true,
        pollMs: 50,
      });
      await payInPaid(database.db, merchantId, { refId1: "LOOP1", amount: "10.00" });
      await expect.poll(() => receiver.received.length, { timeout: scaled(3_000) }).toBe(1);
      await worker.stop();
    } finally {
      await receiver.close();
      await database.dispose();
    }
  });
});

describe("two instances delivering one burst", () => {
  const setup = setUpTwoInstances({ poolSize: 8 });
  const { skip } = setup;
  let receiver: Receiver;
  beforeAll(async () => {
    if (skip) return;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it.skipIf(skip)("sends every event once: no attempt twice", async () => {
    const merchantId = await testMerchant(setup.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000042", vault: vault });
    const secret = newSigningSecret();
    await setup.db.insert(webhookEndpoints).values({
      id: "we_burst",
      merchantId,
      url: `${receiver.url}/hooks`,
      eventTypes: ["payin.paid"],
      secretEncrypted: vault.seal(secret, { merchantId: "we_burst", field: "endpointSecret" }),
    });
    for (let i = 0; i < 30; i++) await payInPaid(setup.db, merchantId, { refId1: `B${i}`, amount: "10.00" });
    const pass = (db: typeof setup.second.db) =>
      deliverDue({ db, vault, publicBaseUrl: "https://pay.example.com", allowPrivate: true, isSandbox: true, batchSize: 7 });
    let sent = 0;
    while (sent < 30) {
      const [a, b] = await Promise.all([pass(setup.db), pass(setup.second.db)]);
      if (a + b === 0) break;
      sent += a + b;
    }
    expect(sent).toBe(30);
    expect(receiver.received).toHaveLength(30);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(30);
  });
});

describe("leases taken at the same moment", () => {
  const skip = postgresSkipReason();
  let database: TestDatabase;
  let others: Database[] = [];
  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase("postgres", { poolSize: 4 });
    others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: database.url!, poolSize: 4, migrate: false })));
  });
  afterAll(async () => {
    await Promise.all(others.map((other) => other.close()));
    await database?.dispose();
  });

  it.skipIf(skip)("never hand one delivery to two passes, however they interleave", async () => {
    const merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000044", vault: vault });
    await database.db.insert(webhookEndpoints).values({
      id: "we_race",
      merchantId,
      url: "http://127.0.0.1:9/never-called",
      eventTypes: ["payin.paid"],
      secretEncrypted: vault.seal(newSigningSecret(), { merchantId: "we_race", field: "endpointSecret" }),
    });
    for (let i = 0; i < 120; i++) await payInPaid(database.db, merchantId, { refId1: `RACE${i}` });
    const dbs = [database.db, ...others.map((other) => other.db)];
    const base = { vault, publicBaseUrl: "https://pay.example.com", allowPrivate: true, isSandbox: true, maxInFlightPerEndpoint: 1_000 };
    const seen = new Map<number, number>();
    // Many rounds of four passes at once on four connections; between rounds the leases are made to lapse, so the next round may take them again.
    for (let round = 0; round < 30; round++) {
      const leased = await Promise.all(dbs.map((db) => leaseDue({ ...base, db }, 30)));
      const ids = leased.flat().map((delivery) => delivery.id);
      expect(new Set(ids).size, `round ${round}: a delivery leased by two passes at once`).toBe(ids.length);
      for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
      await database.db.execute(
        sql`update outbound_deliveries set lease_until = now() - interval '1 second' where lease_until is not null`,
      );
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
