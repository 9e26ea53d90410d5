import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, paymentRequests, requestEvents, webhookDeliveries } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { toSatang } from "../money";
import { applyToRequest, recordEvent, REQUEST_CHANNEL, type ApplyOptions, type RequestFacts } from "./apply";
import type { LifecycleEvent } from "./lifecycle";
import { setUpTestDatabase } from "../testing/database-fixture";

describe.each(DATABASE_KINDS)("applyToRequest on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  const announced: string[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    await setup.db.insert(merchants).values({
      id: "mer_apply",
      displayName: "Shop",
      orgId: "org",
      merchantId: randomUUID(),
      submitKeyEncrypted: "x",
      submitKeyLast4: "xxxx",
    });
    unlisten = await setup.database.listen(REQUEST_CHANNEL, (id) => announced.push(id));
  });
  afterAll(async () => unlisten?.());

  async function request(values: {
    kind: "payin" | "payout";
    status?: string;
    requestedAmount?: string;
    generatedAmount?: string;
    paidAmount?: string;
    statusReason?: string;
  }) {
    const id = `req_${randomUUID()}`;
    await setup.db.insert(paymentRequests).values({
      id,
      merchantId: "mer_apply",
      kind: values.kind,
      refId1: `R-${id}`,
      requestedAmount: values.requestedAmount ?? "1000.00",
      generatedAmount: values.generatedAmount ?? null,
      paidAmount: values.paidAmount ?? "0",
      statusReason: values.statusReason ?? null,
      status: values.status ?? "pending",
      idempotencyKey: id,
      input: {},
      providerId: randomUUID(),
    });
    return id;
  }
  const row = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const timeline = (id: string) =>
    setup.db.select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(asc(requestEvents.id));
  const factsOf = async (id: string): Promise<RequestFacts> => {
    const r = await row(id);
    return {
      id,
      status: r.status,
      kind: r.kind,
      requestedAmount: r.requestedAmount,
      generatedAmount: r.generatedAmount,
      paidAmount: r.paidAmount,
      createdAt: r.createdAt,
      expireAt: r.expireAt,
    };
  };
  const announcementsOf = async (id: string) => {
    // NOTIFY arrives after the commit, asynchronously.
    await new Promise((r) => setTimeout(r, 150));
    // Announced with its merchant, so no listener has to look it up (lib/live/bus.ts).
    return announced.filter((a) => a === `mer_apply/${id}`).length;
  };
  const round = (satang: number): LifecycleEvent => ({
    type: "payout_success",
    txSatang: satang,
    isPartial: true,
    paidInclusiveSatang: null,
    providerStatus: "Pending",
  });
  const apply = (id: string, event: LifecycleEvent, options: Partial<ApplyOptions> = {}) =>
    applyToRequest(setup.db, id, event, { actor: "test", ...options });

  it.skipIf(skip)("writes the change, its timeline entry and its announcement together", async () => {
    const id = await request({ kind: "payin" });
    expect(await apply(id, { type: "provider_status", status: "Paid", statusCode: "OK", reason: null }, { data: { note: "n" } })).toEqual({
      applied: true,
      state: "paid",
    });
    expect(await row(id)).toMatchObject({ status: "paid", statusCode: "OK", nextCheckAt: null });
    const entries = await timeline(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: "provider_status",
      actor: "test",
      data: { status: "Paid", note: "n", outcome: { from: "pending", to: "paid" } },
    });
    expect(await announcementsOf(id)).toBe(1);
  });

  it.skipIf(skip)("records a refused event as ignored, changes nothing, and still announces the timeline entry", async () => {
    const id = await request({ kind: "payin", status: "rejected" });
    const result = await apply(id, { type: "provider_status", status: "Paid", statusCode: "OK", reason: null });
    expect(result).toMatchObject({ applied: false, state: "rejected" });
    expect((await row(id)).status).toBe("rejected");
    expect((await timeline(id))[0]?.data).toMatchObject({ outcome: { ignored: { note: "terminal", state: expect.any(String) } } });
    expect(await announcementsOf(id)).toBe(1);
  });

  it.skipIf(skip)("decides again on the current row when the caller's copy is stale", async () => {
    const id = await request({ kind: "payout" });
    const stale = await factsOf(id);
    await apply(id, round(20_000));
    // The caller still thinks nothing was paid; the second round must add to 200.00, not replace it.
    expect(await apply(id, round(30_000), { known: stale })).toEqual({ applied: true, state: "pending" });
    expect(toSatang((await row(id)).paidAmount)).toBe(50_000);
    expect((await timeline(id)).map((e) => (e.data as { outcome: unknown }).outcome)).toEqual([
      { from: "pending", to: "pending" },
      { from: "pending", to: "pending" },
    ]);
  });

  it.skipIf(skip)("loses no round when many arrive at once", async () => {
    const id = await request({ kind: "payout" });
    const results = await Promise.all(Array.from({ length: 10 }, () => apply(id, round(5_000))));
    expect(results.every((r) => r.applied)).toBe(true);
    expect(toSatang((await row(id)).paidAmount)).toBe(50_000);
    expect(await timeline(id)).toHaveLength(10);
  });

  it.skipIf(skip)("settles a webhook delivery in the same write, once: a second pass writes and announces nothing", async () => {
    const id = await request({ kind: "payout" });
    const [delivery] = await setup.db
      .insert(webhookDeliveries)
      .values({ providerJobId: randomUUID(), merchantId: "mer_apply", verdict: "received", rawBody: "{}" })
      .returning({ id: webhookDeliveries.id });
    const settles = {
      deliveryId: delivery!.id,
      verdictFor: (r: { applied: boolean }) => ({ verdict: r.applied ? "applied" : "ignored", reason: null }),
    };
    const first = await apply(id, round(10_000), { known: await factsOf(id), settles });
    // A pass that read the request after the first one wrote (its copy is current): only the
    // delivery, no longer `received`, stops it.
    const second = await apply(id, round(10_000), { known: await factsOf(id), settles });
    expect(first).toEqual({ applied: true, state: "pending" });
    expect(second).toMatchObject({ applied: false, superseded: true });
    expect(toSatang((await row(id)).paidAmount)).toBe(10_000);
    expect(await timeline(id)).toHaveLength(1);
    expect((await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]).toMatchObject({
      verdict: "applied",
      requestId: id,
    });
    expect(await announcementsOf(id)).toBe(1);
  });

  it.skipIf(skip)("a settled apply's relaxed commit stays within its own statement", async () => {
    // One connection, so the next statement surely runs in the same session.
    const single = await createTestDatabase(kind, { poolSize: 1 });
    try {
      await single.db.insert(merchants).values({
        id: "mer_apply",
        displayName: "Shop",
        orgId: "org",
        merchantId: randomUUID(),
        submitKeyEncrypted: "x",
        submitKeyLast4: "xxxx",
      });
      const id = `req_${randomUUID()}`;
      await single.db.insert(paymentRequests).values({
        id,
        merchantId: "mer_apply",
        kind: "payin",
        refId1: "R-1",
        requestedAmount: "10.00",
        status: "pending",
        idempotencyKey: id,
        input: {},
        providerId: randomUUID(),
      });
      const [delivery] = await single.db
        .insert(webhookDeliveries)
        .values({ providerJobId: randomUUID(), merchantId: "mer_apply", verdict: "received", rawBody: "{}" })
        .returning({ id: webhookDeliveries.id });
      const settles = { deliveryId: delivery!.id, verdictFor: () => ({ verdict: "applied", reason: null }) };
      // The test server runs with it off; a production server has it on.
      await single.db.execute(sql`set synchronous_commit = on`);
      expect(
        await applyToRequest(
          single.db,
          id,
          { type: "provider_status", status: "Paid", statusCode: "OK", reason: null },
          { actor: "test", settles },
        ),
      ).toEqual({ applied: true, state: "paid" });
      const { rows } = (await single.db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] };
      expect(rows[0]?.synchronous_commit).toBe("on");
    } finally {
      await single.dispose();
    }
  });

  it.skipIf(skip)("a request that recovers no longer carries the reason of the state it left", async () => {
    const id = await request({ kind: "payin", status: "submitting" });
    const lost = { kind: "provider_error", detail: { what: "empty_answer", status: 500 }, mayExist: true } as const;
    await apply(id, { type: "submit_uncertain", reason: lost });
    expect(await row(id)).toMatchObject({ status: "unknown", statusFacts: lost, statusReason: null });
    await apply(id, { type: "submit_accepted", providerStatus: "Pending" });
    expect(await row(id)).toMatchObject({ status: "pending", statusFacts: null, statusReason: null, statusCode: null });
    // A new state with its own words replaces them.
    await apply(id, { type: "provider_status", status: "Rejected", statusCode: "ADMIN_REJECT", reason: "wrong customer" });
    expect(await row(id)).toMatchObject({ status: "rejected", statusReason: "wrong customer", statusCode: "ADMIN_REJECT" });
  });

  it.skipIf(skip)("keeps a pay-out's reason through rounds within one state", async () => {
    const id = await request({ kind: "payout", statusReason: "kept" });
    await apply(id, round(10_000));
    expect((await row(id)).statusReason).toBe("kept");
  });

  it.skipIf(skip)("records what a paid Pay-In collected and when", async () => {
    const id = await request({ kind: "payin", requestedAmount: "450.00", generatedAmount: "450.37" });
    const before = Date.now();
    await apply(id, { type: "provider_status", status: "Paid", statusCode: "OK", reason: null });
    const paid = await row(id);
    expect(paid).toMatchObject({ status: "paid", paidAmount: "450.37" });
    expect(paid.paidAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const pending = await row(await request({ kind: "payin" }));
    expect(pending.paidAt).toBeNull();
  });

  it.skipIf(skip)("recordEvent adds a timeline entry and announces it", async () => {
    const id = await request({ kind: "payin" });
    await recordEvent(setup.db, id, "note", "staff_1", { text: "called the customer" });
    expect(await timeline(id)).toMatchObject([{ type: "note", actor: "staff_1", data: { text: "called the customer" } }]);
    expect(await announcementsOf(id)).toBe(1);
  });
});
