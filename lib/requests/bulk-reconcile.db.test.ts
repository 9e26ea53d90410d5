/**
 * Reconciliation reads open requests in bulk: a merchant's pending Pay-Ins (and Pay-Outs) are
 * checked from a list of those still Pending at the provider, a page per 100, and only those that
 * left it are read one by one. Against the live sandbox over HTTP, counting the provider calls.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { paymentRequests } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type MerchantApi } from "../provider/client";
import { createMemoryLimiter } from "../provider/limiter";
import { createRequest, type RequestPayload, type RequestRow } from "./create";
import { reconcileDue, type WorkerOptions } from "./worker";
import { payInRequest, payOutRequest } from "./contract";

describe.each(DATABASE_KINDS)("bulk reconciliation on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let staffApi: MerchantApi;
  let merchantRowId: string;
  /** The provider operations the worker's client called, in order. */
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    calls.push(url.pathname.split("/action/")[1]?.split("/")[0] ?? url.pathname);
    return fetch(input, init);
  };
  const credentials = () => ({
    orgId: sb.coffee.orgId,
    merchantId: sb.coffee.merchantId,
    submitKey: sb.coffee.submitKey,
    readKey: sb.coffee.readKey,
    label: "Coffee",
  });
  const workerApi = (limiter: ReturnType<typeof createMemoryLimiter> | null = null, readKey: string | null = sb.coffee.readKey) =>
    createPaymentApi({ baseUrl: sb.url, timeoutMs: 10_000, limiter, fetch: counting }).forMerchant(
      { ...credentials(), readKey },
      "reconcile",
    );

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox("live");
    merchantRowId = (await createMerchant(database.db, createKeyVault([randomBytes(32)]), { displayName: "Coffee", ...credentials() })).id;
    staffApi = createPaymentApi({ baseUrl: sb.url, timeoutMs: 10_000, limiter: null }).forMerchant(credentials());
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });
  beforeEach(async () => {
    if (skip) return;
    calls.length = 0;
    // Each test starts from its own open requests: earlier ones are no longer asked about.
    await database.db.update(paymentRequests).set({ nextCheckAt: null });
  });

  const createMany = async (n: number, kind: "payin" | "payout"): Promise<RequestRow[]> => {
    const rows: RequestRow[] = [];
    for (let i = 0; i < n; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, n - i) }, async (_, j) => {
          // Amounts apart by whole baht, so a transfer matches its own request (the provider matches by amount).
          const payload: RequestPayload =
            kind === "payin"
              ? { kind, payIn: payInRequest({ refId1: ref("B"), payerName: "P", amountSatang: 20_000 + (i + j) * 100, qrProvider: "PP" }) }
              : {
                  kind,
                  payOut: payOutRequest({
                    refId1: ref("BO"),
                    amountSatang: 100_000,
                    destination: { type: "promptpay", promptPayId: "0812345678" },
                  }),
                };
          const r = await createRequest(database.db, staffApi, payload, { merchantRowId, idempotencyKey: randomUUID(), createdBy: null });
          if (r.outcome !== "sent" || r.state !== "pending") throw new Error(`not created: ${r.outcome}`);
          return r.request;
        }),
      );
      rows.push(...batch);
    }
    return rows;
  };
  const makeDue = (ids: string[]) =>
    database.db
      .update(paymentRequests)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(inArray(paymentRequests.id, ids));
  const rowsOf = async (ids: string[]) =>
    new Map((await database.db.select().from(paymentRequests).where(inArray(paymentRequests.id, ids))).map((r) => [r.id, r]));
  const worker = (api: MerchantApi): WorkerOptions => ({ db: database.db, apiFor: async () => api, batchSize: 500 });
  const count = (operation: string) => calls.filter((c) => c === operation).length;

  it.skipIf(skip)("checks 130 open Pay-Ins and 12 Pay-Outs in a few list reads, and reads one by one only those that changed", async () => {
    const payIns = await createMany(130, "payin");
    const payOuts = await createMany(12, "payout");
    // Paid at the provider with every webhook lost (the sandbox has no receiver for this merchant).
    const paid = payIns.slice(0, 4);
    for (const r of paid) expect((await sb.control("POST", `/requests/${r.providerId}/pay`, {})).body).toMatchObject({ matched: true });
    // One Pay-Out paid in part: still Pending at the provider, with its running total in the list.
    expect((await sb.control("POST", `/requests/${payOuts[0]!.providerId}/payout`, { amount: "300.00" })).status).toBe(200);
    const all = [...payIns, ...payOuts].map((r) => r.id);
    await makeDue(all);

    const checked = await reconcileDue(worker(workerApi()));
    expect(checked).toBe(142);
    const after = await rowsOf(all);
    for (const r of paid) expect(after.get(r.id)!.status).toBe("paid");
    expect(after.get(payOuts[0]!.id)).toMatchObject({ status: "pending", paidAmount: "300.00" });
    const stillOpen = [...after.values()].filter((r) => r.status === "pending");
    expect(stillOpen).toHaveLength(138);
    // Every open one was checked and is due again later, none left leased.
    for (const r of stillOpen) {
      expect(r.lastCheckedAt).not.toBeNull();
      expect(r.leaseUntil).toBeNull();
      expect(r.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    }
    // Two pages of Pending Pay-Ins (126 of them) and one of Pay-Outs; the four paid ones by id.
    expect(count("GetPaymentRequests")).toBe(3);
    expect(count("GetPaymentRequestById")).toBe(4);
  });

  it.skipIf(skip)("covers the group's requests that were not due yet, so they come due together", async () => {
    const rows = await createMany(6, "payin");
    await makeDue([rows[0]!.id]);
    await reconcileDue(worker(workerApi()));
    // The list also holds the earlier tests' requests, still Pending at the provider: a page or two.
    expect(count("GetPaymentRequests")).toBeLessThanOrEqual(2);
    expect(count("GetPaymentRequestById")).toBe(0);
    const after = await rowsOf(rows.map((r) => r.id));
    const next = [...after.values()].map((r) => r.nextCheckAt!.getTime());
    expect(Math.max(...next) - Math.min(...next)).toBeLessThan(2_000);
    expect([...after.values()].every((r) => r.checkCount === 1)).toBe(true);
  });

  it.skipIf(skip)("when its lane of the budget is full, postpones the group a few seconds without counting a check", async () => {
    const rows = await createMany(3, "payin");
    await makeDue(rows.map((r) => r.id));
    // 4 per minute: reconciliation may fill 45 % (one call); staff took it.
    const limiter = createMemoryLimiter({ count: 4, windowMs: 60_000, maxWaitMs: 0 });
    expect((await limiter.acquire({ lane: "staff" })).ok).toBe(true);
    await reconcileDue(worker(workerApi(limiter)));
    expect(calls).toEqual([]);
    const after = await rowsOf(rows.map((r) => r.id));
    for (const r of after.values()) {
      expect(r).toMatchObject({ status: "pending", checkCount: 0, leaseUntil: null, lastCheckedAt: null });
      expect(r.nextCheckAt!.getTime() - Date.now()).toBeGreaterThan(2_000);
      expect(r.nextCheckAt!.getTime() - Date.now()).toBeLessThanOrEqual(5_000);
    }
  });

  it.skipIf(skip)(
    "a group whose list cannot be read for another reason (no read key) is checked one by one on its back-off, not every 5 s",
    async () => {
      const rows = await createMany(2, "payin");
      await makeDue(rows.map((r) => r.id));
      await reconcileDue(worker(workerApi(null, null)));
      expect(calls).toEqual([]);
      for (const r of (await rowsOf(rows.map((r) => r.id))).values()) {
        expect(r).toMatchObject({ status: "pending", checkCount: 1, leaseUntil: null, lastCheckedAt: null });
        expect(r.nextCheckAt!.getTime() - Date.now()).toBeGreaterThan(10_000);
      }
    },
  );
});
