import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboundDeliveries, outboundEvents, webhookEndpoints } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { DELIVERY_CHANGE_PREFIX, REQUEST_CHANNEL } from "../requests/apply";
import { deliverDue, FAILING_DISABLES_AFTER_MS, type DeliverOptions } from "./deliver";
import { createEndpoint, deleteEndpoint, listEndpoints, rotateEndpointSecret, sendTestEvent, updateEndpoint } from "./endpoints";
import { TEST_EVENT_TYPE } from "./events";
import { listDeliveries, outboundForRequest, resendDelivery, resendFailedSince } from "./log";
import { sweepOutboundLog } from "./retention";
import { paidPayIn as payInPaid } from "./testing/paid-pay-in";
import { startReceiver, type Receiver } from "./testing/receiver";
import { startOutboundWorker } from "./worker";
import { scaled } from "../testing/vitest-project";
import { testMerchant } from "../merchants/testing/test-merchant";
import { setUpTwoInstances } from "@/lib/testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);

/** The signature headers a receiver verifies. */
const signatureOf = (headers: Record<string, unknown>) => ({
  "webhook-id": String(headers["webhook-id"]),
  "webhook-timestamp": String(headers["webhook-timestamp"]),
  "webhook-signature": String(headers["webhook-signature"]),
});

describe.each(DATABASE_KINDS)("the merchant's endpoints and the delivery log on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let receiver: Receiver;
  let merchantId: string;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind, { poolSize: 8 });
    receiver = await startReceiver();
    merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000051", vault: vault });
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    if (skip) return;
    receiver.received.length = 0;
    receiver.behave({ kind: "status", status: 200 });
    for (const table of ["outbound_attempts", "outbound_deliveries", "outbound_events", "webhook_endpoints", "sweeps"]) {
      await database.db.execute(sql.raw(`delete from ${table}`));
    }
  });

  const options = (extra: Partial<DeliverOptions> = {}): DeliverOptions => ({
    db: database.db,
    vault,
    publicBaseUrl: "https://pay.example.com",
    allowPrivate: true,
    isSandbox: true,
    timeoutMs: 2_000,
    ...extra,
  });
  const add = (path = "/hooks", eventTypes: ("payin.paid" | "payin.expired")[] = ["payin.paid"]) =>
    createEndpoint(database.db, vault, {
      merchantRowId: merchantId,
      url: `${receiver.url}${path}`,
      description: "Shop",
      eventTypes,
      createdBy: null,
    });
  const paidPayIn = () => payInPaid(database.db, merchantId);
  const dueNow = () =>
    database.db.execute(sql`update outbound_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending'`);
  const endpointRow = async (id: string) => (await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

  it.skipIf(skip)("an endpoint's secret is answered once and never listed; its events verify with it", async () => {
    const { secret, endpoint } = await add();
    expect(secret).toMatch(/^whsec_/);
    const listed = await listEndpoints(database.db, merchantId);
    expect(listed.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(Object.keys(listed[0]!)).not.toContain("secretEncrypted");
    await paidPayIn();
    await deliverDue(options());
    expect(() => new Webhook(secret).verify(receiver.received[0]!.body, signatureOf(receiver.received[0]!.headers))).not.toThrow();
  });

  it.skipIf(skip)("a rotated secret: both verify for 24 hours, then only the new one", async () => {
    const { secret: old, endpoint } = await add();
    const rotated = await rotateEndpointSecret(database.db, vault, { merchantRowId: merchantId, endpointId: endpoint.id });
    expect(rotated!.previousSecretUntil.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await paidPayIn();
    await deliverDue(options());
    const first = receiver.received[0]!;
    expect(() => new Webhook(old).verify(first.body, signatureOf(first.headers))).not.toThrow();
    expect(() => new Webhook(rotated!.secret).verify(first.body, signatureOf(first.headers))).not.toThrow();
    // Once the overlap has passed, the old secret signs no more.
    await database.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await paidPayIn();
    await deliverDue(options());
    const second = receiver.received[1]!;
    expect(second.headers["webhook-signature"]).not.toContain(" ");
    expect(() => new Webhook(old).verify(second.body, signatureOf(second.headers))).toThrow();
    expect(() => new Webhook(rotated!.secret).verify(second.body, signatureOf(second.headers))).not.toThrow();
    // Another merchant's endpoint id rotates nothing.
    expect(await rotateEndpointSecret(database.db, vault, { merchantRowId: "someone-else", endpointId: endpoint.id })).toBeUndefined();
  });

  it.skipIf(skip)("a test event reaches the endpoint signed and is in the log; a disabled endpoint gets none", async () => {
    const { secret, endpoint } = await add();
    expect(await sendTestEvent(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe("sent");
    await deliverDue(options());
    const event = new Webhook(secret).verify(receiver.received[0]!.body, signatureOf(receiver.received[0]!.headers)) as Record<
      string,
      unknown
    >;
    expect(event).toMatchObject({ type: TEST_EVENT_TYPE, data: { endpoint_id: endpoint.id } });
    const { entries } = await listDeliveries(database.db, { merchantIds: [merchantId], endpointId: endpoint.id });
    expect(entries).toMatchObject([{ eventType: TEST_EVENT_TYPE, status: "delivered", attemptLog: [{ status: 200 }] }]);
    await updateEndpoint(database.db, {
      merchantRowId: merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: null,
      eventTypes: ["payin.paid"],
      enabled: false,
    });
    expect(await sendTestEvent(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe("disabled");
    expect(await sendTestEvent(database.db, { merchantRowId: merchantId, endpointId: "we_nope" })).toBe("not_found");
  });

  it.skipIf(skip)("a disabled endpoint's events wait, and go out when it is enabled again", async () => {
    const { endpoint } = await add();
    const disabled = await updateEndpoint(database.db, {
      merchantRowId: merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: "Shop",
      eventTypes: ["payin.paid"],
      enabled: false,
    });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "staff" });
    // A disabled endpoint is not subscribed: a change meanwhile writes no delivery for it.
    await paidPayIn();
    expect(await database.db.select().from(outboundDeliveries)).toHaveLength(0);
    // A delivery written before it was disabled waits.
    await updateEndpoint(database.db, {
      merchantRowId: merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: "Shop",
      eventTypes: ["payin.paid"],
      enabled: true,
    });
    await paidPayIn();
    await database.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint.id));
    expect(await deliverDue(options())).toBe(0);
    const enabled = await updateEndpoint(database.db, {
      merchantRowId: merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: "Shop",
      eventTypes: ["payin.paid"],
      enabled: true,
    });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await deliverDue(options())).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it.skipIf(skip)("an endpoint failing every attempt for 3 days is disabled, with the reason; one success forgives", async () => {
    const { endpoint } = await add();
    receiver.behave({ kind: "status", status: 500 });
    await paidPayIn();
    await deliverDue(options());
    const failing = await endpointRow(endpoint.id);
    expect(failing.failingSince).not.toBeNull();
    expect(failing.enabled).toBe(true);
    // A success clears it.
    receiver.behave({ kind: "status", status: 200 });
    await dueNow();
    await deliverDue(options());
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
    // Failing since more than 3 days: the next failure disables it.
    receiver.behave({ kind: "status", status: 503 });
    await paidPayIn();
    await database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - FAILING_DISABLES_AFTER_MS - 60_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await deliverDue(options());
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
  });

  it.skipIf(skip)("deleting an endpoint stops its deliveries and hides it, and the log keeps what was sent", async () => {
    const { endpoint } = await add();
    await paidPayIn();
    await deliverDue(options());
    await paidPayIn();
    expect(await deleteEndpoint(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe(true);
    expect(await listEndpoints(database.db, merchantId)).toEqual([]);
    expect(await deliverDue(options())).toBe(0);
    const { entries } = await listDeliveries(database.db, { merchantIds: [merchantId] });
    expect(entries.map((e) => e.status)).toEqual(["failed", "delivered"]);
    expect(await deleteEndpoint(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe(false);
  });

  it.skipIf(skip)(
    "the log filters by endpoint, type, status and request, pages newest first, and stays within the viewer's merchants",
    async () => {
      const a = (await add("/a")).endpoint;
      const b = (await add("/b", ["payin.paid", "payin.expired"])).endpoint;
      const first = await paidPayIn();
      const second = await paidPayIn();
      receiver.behave({ kind: "status", status: 500 });
      await deliverDue(options());
      const all = await listDeliveries(database.db, { merchantIds: null });
      expect(all.entries).toHaveLength(4);
      expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((x, y) => y - x));
      expect(all.entries[0]!.attemptLog).toMatchObject([{ status: 500 }]);
      expect((await listDeliveries(database.db, { merchantIds: null, endpointId: a.id })).entries.every((e) => e.endpointId === a.id)).toBe(
        true,
      );
      expect((await listDeliveries(database.db, { merchantIds: null, requestId: first })).entries).toHaveLength(2);
      expect((await listDeliveries(database.db, { merchantIds: null, status: "delivered" })).entries).toHaveLength(0);
      expect((await listDeliveries(database.db, { merchantIds: null, eventType: "payin.expired" })).entries).toHaveLength(0);
      expect((await listDeliveries(database.db, { merchantIds: ["another"] })).entries).toHaveLength(0);
      const page1 = await listDeliveries(database.db, { merchantIds: null }, 3);
      const page2 = await listDeliveries(database.db, { merchantIds: null, before: page1.next! }, 3);
      expect(page1.entries).toHaveLength(3);
      expect(page2).toMatchObject({ next: null });
      expect(page2.entries).toHaveLength(1);
      // The request's timeline sees its event and both deliveries' fate.
      expect(await outboundForRequest(database.db, second)).toMatchObject([
        {
          type: "payin.paid",
          deliveries: [
            { status: "pending", attempts: 1 },
            { status: "pending", attempts: 1 },
          ],
        },
      ]);
      expect(b.id).not.toBe(a.id);
    },
  );

  it.skipIf(skip)("resend: one delivery, or every failed one of an endpoint since a time, under the same webhook-id", async () => {
    const { endpoint } = await add();
    await paidPayIn();
    await paidPayIn();
    receiver.behave({ kind: "status", status: 410 });
    await deliverDue(options());
    // 410 disabled it: resending waits for it to be enabled.
    const [one] = (await listDeliveries(database.db, { merchantIds: [merchantId] })).entries;
    expect(one!.status).toBe("failed");
    expect(await resendDelivery(database.db, { merchantIds: [merchantId], deliveryId: one!.id })).toBe("endpoint_disabled");
    await updateEndpoint(database.db, {
      merchantRowId: merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: null,
      eventTypes: ["payin.paid"],
      enabled: true,
    });
    receiver.behave({ kind: "status", status: 204 });
    expect(await resendDelivery(database.db, { merchantIds: ["another"], deliveryId: one!.id })).toBe("not_found");
    expect(await resendDelivery(database.db, { merchantIds: [merchantId], deliveryId: one!.id })).toBe("queued");
    expect(await resendDelivery(database.db, { merchantIds: [merchantId], deliveryId: one!.id })).toBe("pending");
    const before = receiver.received.length;
    await deliverDue(options());
    expect(receiver.received.slice(before).map((r) => r.headers["webhook-id"])).toEqual([one!.eventId]);
    // The other failed one, by "every failed since".
    expect(await resendFailedSince(database.db, { endpointId: endpoint.id, since: new Date(Date.now() + 60_000) })).toBe(0);
    expect(await resendFailedSince(database.db, { endpointId: endpoint.id, since: new Date(Date.now() - 60_000) })).toBe(1);
    await deliverDue(options());
    const { entries } = await listDeliveries(database.db, { merchantIds: [merchantId] });
    expect(entries.map((e) => e.status)).toEqual(["delivered", "delivered"]);
  });

  it.skipIf(skip)("the retention sweep removes what is older than the window, once per hour across instances", async () => {
    await add();
    await paidPayIn();
    await paidPayIn();
    await deliverDue(options());
    const [old] = await database.db.select({ id: outboundEvents.id }).from(outboundEvents).limit(1);
    await database.db
      .update(outboundEvents)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(outboundEvents.id, old!.id));
    expect(await sweepOutboundLog(database.db, { retentionDays: 30 })).toBe(1);
    expect(await database.db.select().from(outboundEvents)).toHaveLength(1);
    expect((await listDeliveries(database.db, { merchantIds: null })).entries).toHaveLength(1);
    // It ran just now: not again within the hour.
    expect(await sweepOutboundLog(database.db, { retentionDays: 0 })).toBeNull();
    expect(await sweepOutboundLog(database.db, { retentionDays: 0, everyMs: 0 })).toBe(1);
  });

  it.skipIf(skip)(
    "at most N deliveries of one endpoint are in flight, and a slow endpoint does not hold back another",
    { timeout: scaled(60_000) },
    async () => {
      const slow = await startReceiver();
      try {
        // The slow endpoint answers nothing until the test lets it: whatever it has is in flight.
        let release = () => {};
        slow.behave({ kind: "held", until: new Promise<void>((resolve) => (release = resolve)) });
        await createEndpoint(database.db, vault, {
          merchantRowId: merchantId,
          url: `${slow.url}/slow`,
          description: null,
          eventTypes: ["payin.paid"],
          createdBy: null,
        });
        await add();
        for (let i = 0; i < 12; i++) await paidPayIn();
        // No delivery times out while held, so only the limit decides how many the slow one gets.
        const worker = startOutboundWorker({ ...options({ timeoutMs: scaled(120_000) }), maxInFlightPerEndpoint: 3, pollMs: 50 });
        try {
          // The fast endpoint gets all 12 while the slow one still holds its first three.
          await expect.poll(() => receiver.received.length).toBe(12);
          await expect.poll(() => slow.received.length).toBe(3);
          expect(receiver.received.length).toBe(12);
          // With three held, a fourth is never sent: the worker passes again and again meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(slow.received.length).toBe(3);
          release();
          await expect.poll(() => slow.received.length).toBe(12);
          expect(slow.maxConcurrent()).toBe(3);
          expect(receiver.maxConcurrent()).toBeLessThanOrEqual(3);
        } finally {
          await worker.stop();
        }
      } finally {
        await slow.close();
      }
    },
  );

  it.skipIf(skip)("every change to a delivery is announced with its merchant, one per transaction; a lease alone is not", async () => {
    const heard: string[] = [];
    const stop = await database.listen(REQUEST_CHANNEL, (payload) => {
      if (payload.startsWith(DELIVERY_CHANGE_PREFIX)) heard.push(payload.slice(DELIVERY_CHANGE_PREFIX.length));
    });
    try {
      const { endpoint } = await add("/hooks", ["payin.paid", "payin.expired"]);
      // Added: a paid Pay-In's event fans out to the endpoint, in the apply's own statement.
      await paidPayIn();
      await expect.poll(() => heard).toEqual([merchantId]);
      // A lease taken and given back (no attempt) is nobody's news.
      await database.db.execute(sql`update outbound_deliveries set lease_until = now() + interval '1 minute'`);
      await database.db.execute(sql`update outbound_deliveries set lease_until = null`);
      await new Promise((r) => setTimeout(r, scaled(150)));
      expect(heard).toHaveLength(1);
      // Attempted and settled.
      await deliverDue(options());
      expect(receiver.received).toHaveLength(1);
      // Its attempt begun, then settled: two statements, two announcements.
      await expect.poll(() => heard.length).toBe(3);
      const afterDelivery = heard.length;
      // A test event: its row and its delivery in one transaction, announced once.
      expect(await sendTestEvent(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe("sent");
      await expect.poll(() => heard.length).toBe(afterDelivery + 1);
      expect(new Set(heard)).toEqual(new Set([merchantId]));
    } finally {
      await stop();
    }
  });

  /**
   * A worker that looks for due work once an hour (longer than any test may take), so only an
   * announcement can make it deliver; returned once it listens and its first pass (which finds
   * nothing) has ended, so that pass cannot be what delivers.
   */
  async function listeningWorker() {
    let listening = () => {};
    const listened = new Promise<void>((resolve) => (listening = resolve));
    const worker = startOutboundWorker({
      ...options(),
      pollMs: 3_600_000,
      listen: async (onChange) => {
        const stop = await database.listen(REQUEST_CHANNEL, onChange);
        listening();
        return stop;
      },
    });
    await listened;
    await new Promise((resolve) => setTimeout(resolve, 200));
    return worker;
  }

  it.skipIf(skip)("a delivery's own announcement does not wake the worker for a pass; a request's does", async () => {
    const { endpoint } = await add();
    const worker = await listeningWorker();
    try {
      // A test event's delivery is due at once, and announced only as a delivery's change.
      expect(await sendTestEvent(database.db, { merchantRowId: merchantId, endpointId: endpoint.id })).toBe("sent");
      await new Promise((resolve) => setTimeout(resolve, scaled(400)));
      expect(receiver.received).toHaveLength(0);
      // Any request's change wakes it, and the due delivery goes out on that pass.
      await database.db.execute(sql`select pg_notify(${REQUEST_CHANNEL}, ${`${merchantId}/req_elsewhere`})`);
      await expect.poll(() => receiver.received.length, { interval: 10 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it.skipIf(skip)("a change announced by the database wakes the worker: no waiting for the next poll", async () => {
    await add();
    const worker = await listeningWorker();
    try {
      await paidPayIn();
      await expect.poll(() => receiver.received.length, { interval: 10 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});

describe("two instances and one endpoint's limit", () => {
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

  it.skipIf(skip)("holds across instances: never more than N at the receiver at once", async () => {
    const merchantId = await testMerchant(setup.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000052", vault: vault });
    await createEndpoint(setup.db, vault, {
      merchantRowId: merchantId,
      url: `${receiver.url}/hooks`,
      description: null,
      eventTypes: ["payin.paid"],
      createdBy: null,
    });
    receiver.behave({ kind: "delay", ms: 100 });
    for (let i = 0; i < 24; i++) {
      await payInPaid(setup.db, merchantId, { refId1: `N${i}`, amount: "10.00" });
    }
    const base = {
      vault,
      publicBaseUrl: "https://pay.example.com",
      allowPrivate: true,
      isSandbox: true,
      maxInFlightPerEndpoint: 4,
      pollMs: 20,
    };
    const workers = [startOutboundWorker({ ...base, db: setup.db }), startOutboundWorker({ ...base, db: setup.second.db })];
    try {
      await expect.poll(() => receiver.received.length, { timeout: scaled(10_000) }).toBe(24);
      expect(receiver.maxConcurrent()).toBeLessThanOrEqual(4);
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(24);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
