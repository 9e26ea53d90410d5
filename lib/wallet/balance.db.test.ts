/**
 * The wallet balance as PayDesk reads and keeps it (lib/wallet/balance.ts) and what waits to be
 * debited from it (lib/wallet/waiting.ts), against the sandbox's wallet over HTTP on both profiles:
 * the figure is the provider's to the satang, kept and shared with its age, read again only when
 * stale, one read at a time however many ask; a failure keeps the last figure and says why; and the
 * "available" PayDesk works out before pay-outs are approved is the balance the wallet has after.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { merchantWallets, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, postgresSkipReason, type DatabaseKind, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { createRequest } from "@/lib/requests/create";
import { payOutRequest } from "@/lib/requests/contract";
import { percentOfAmount } from "@/lib/requests/fees";
import { reconcileRequest } from "@/lib/requests/reconcile";
import { currentWallet, isDue, positionOf, refreshWallet, storedWallets } from "./balance";
import { afterThis } from "./position";

const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["pglite", "live"],
  ["postgres", "live"],
];

describe.each(COMBOS)("the wallet balance on %s against the %s sandbox", (kind, profile) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let api: MerchantApi;
  let coffeeId: string;
  let calls = 0;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox(profile);
    const m = sb.coffee;
    ({ id: coffeeId } = await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
      displayName: m.name,
      orgId: m.orgId,
      merchantId: m.merchantId,
      submitKey: m.submitKey,
      readKey: m.readKey,
    }));
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("GetMerchantWallet")) calls++;
      return fetch(input, init);
    };
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, limiter: null, fetch: counting }).forMerchant({
      orgId: m.orgId,
      merchantId: m.merchantId,
      submitKey: m.submitKey,
      readKey: m.readKey,
      label: m.name,
    });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const seed = async (balance: string) =>
    expect((await sb.control("PUT", `/merchants/${sb.coffee.merchantId}/wallet`, { balance })).status).toBe(200);
  const sandboxWallet = async () =>
    (await sb.control("GET", `/merchants/${sb.coffee.merchantId}/wallet?limit=1`)).body as { balance: string; wallet: { id: string } };
  /** As if the stored figure had been read a minute ago. */
  const age = () =>
    database.db
      .update(merchantWallets)
      .set({
        readAt: sql`now() - interval '60 seconds'`,
        failedAt: sql`case when failed_at is null then null else now() - interval '61 seconds' end`,
      })
      .where(eq(merchantWallets.merchantId, coffeeId));

  it.skipIf(skip)("is the provider's figure, kept with its age and read again only once it is stale", async () => {
    await seed("2500.00");
    const first = await currentWallet(database.db, coffeeId, async () => api);
    expect(first).toMatchObject({ balanceSatang: 250_000, walletId: (await sandboxWallet()).wallet.id, failure: null });
    expect(Date.now() - first.readAt!.getTime()).toBeLessThan(10_000);

    // Money the provider's admin added: not seen while the figure is fresh, and the provider is not asked.
    const added = await sb.control("POST", `/merchants/${sb.coffee.merchantId}/wallet/adjustments`, {
      amount: "250.50",
      description: "manual top-up",
    });
    expect(added.status).toBe(201);
    const before = calls;
    expect((await currentWallet(database.db, coffeeId, async () => api)).balanceSatang).toBe(250_000);
    expect(calls).toBe(before);

    await age();
    expect((await currentWallet(database.db, coffeeId, async () => api)).balanceSatang).toBe(275_050);
    expect(calls).toBe(before + 1);
  });

  it.skipIf(skip)("is read once however many ask at the same moment", async () => {
    await age();
    const before = calls;
    const readings = await Promise.all(Array.from({ length: 8 }, () => refreshWallet(database.db, coffeeId, async () => api)));
    expect(calls).toBe(before + 1);
    expect(new Set(readings.map((r) => r.balanceSatang)).size).toBe(1);
  });

  it.skipIf(skip)("keeps the last figure when the provider cannot be reached, says so, and waits before asking again", async () => {
    await age();
    const stored = (await storedWallets(database.db, [coffeeId])).get(coffeeId)!;
    const unreachable = createPaymentApi({ baseUrl: "http://127.0.0.1:9", timeoutMs: 1_000, limiter: null, maxAttempts: 1 }).forMerchant({
      orgId: sb.coffee.orgId,
      merchantId: sb.coffee.merchantId,
      submitKey: sb.coffee.submitKey,
      readKey: sb.coffee.readKey,
      label: sb.coffee.name,
    });
    const failed = await currentWallet(database.db, coffeeId, async () => unreachable);
    expect(failed).toMatchObject({ balanceSatang: stored.balanceSatang, failure: "unavailable" });
    expect(failed.readAt!.getTime()).toBe(stored.readAt!.getTime());
    expect(isDue(failed)).toBe(false);
    // The next good read clears the failure.
    const good = await refreshWallet(database.db, coffeeId, async () => api);
    expect(good).toMatchObject({ failure: null, failedAt: null });
  });

  it.skipIf(skip)("without a read key asks nobody and says so", async () => {
    const { id } = await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
      displayName: "No read key",
      orgId: sb.coffee.orgId,
      merchantId: sb.gadgets.merchantId,
      submitKey: sb.gadgets.submitKey,
    });
    const noRead = createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, limiter: null }).forMerchant({
      orgId: sb.coffee.orgId,
      merchantId: sb.gadgets.merchantId,
      submitKey: sb.gadgets.submitKey,
      readKey: null,
      label: "No read key",
    });
    expect(await currentWallet(database.db, id, async () => noRead)).toMatchObject({ balanceSatang: null, failure: "no_read_key" });
  });

  it.skipIf(skip)("what waits to be debited, with its fees, leaves the balance the wallet has once it is paid out", async () => {
    await seed("10000.00");
    const payOut = async (amountSatang: number) => {
      const result = await createRequest(
        database.db,
        api,
        {
          kind: "payout",
          payOut: payOutRequest({
            refId1: ref("WB"),
            amountSatang,
            destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
          }),
        },
        { merchantRowId: coffeeId, idempotencyKey: randomUUID(), createdBy: null },
      );
      if (result.outcome !== "sent") throw new Error(result.outcome);
      const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, result.request.id));
      // A check learns the rate the provider fixed for it (payoutFeePct).
      await reconcileRequest(database.db, api, row!, { providerMerchantId: sb.coffee.merchantId });
      return result.request;
    };
    const a = await payOut(123_457);
    const b = await payOut(98_765);
    await age();
    const position = await positionOf(database.db, await currentWallet(database.db, coffeeId, async () => api));
    expect(position.balanceSatang).toBe(1_000_000);
    expect(position.payoutFeePct).toBe("0.5");
    expect(position.waiting).toMatchObject({
      count: 2,
      amountSatang: 123_457 + 98_765,
      feeSatang: percentOfAmount(123_457, "0.5") + percentOfAmount(98_765, "0.5"),
      feeEstimated: false,
      feeUnknownCount: 0,
    });
    // A third would leave this much, and more than that is short.
    const third = afterThis(position, 500_000);
    expect(third).toMatchObject({ feeSatang: 2_500, leftSatang: position.availableSatang! - 502_500, short: false });
    expect(afterThis(position, position.availableSatang!).short).toBe(true);

    for (const r of [a, b]) {
      const paid = await sb.control("POST", `/requests/${r.providerId}/payout`, {});
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, r.id));
      expect(["paid", "approved"]).toContain(
        (await reconcileRequest(database.db, api, row!, { providerMerchantId: sb.coffee.merchantId })).state,
      );
    }
    await age();
    const after = await positionOf(database.db, await currentWallet(database.db, coffeeId, async () => api));
    expect(after.balanceSatang).toBe(position.availableSatang);
    expect(after.waiting.count).toBe(0);
    expect(after.availableSatang).toBe(after.balanceSatang);
  });

  it.skipIf(skip)("a request whose rate is not known yet takes the merchant's latest rate, as an estimate", async () => {
    const [row] = await database.db
      .insert(paymentRequests)
      .values({
        id: randomUUID(),
        merchantId: coffeeId,
        kind: "payout",
        refId1: ref("WH"),
        requestedAmount: "1234.57",
        status: "awaiting_approval",
        input: {},
        idempotencyKey: randomUUID(),
      })
      .returning();
    const position = await positionOf(database.db, (await storedWallets(database.db, [coffeeId])).get(coffeeId)!);
    expect(position.waiting).toMatchObject({ count: 1, amountSatang: 123_457, feeSatang: 617, feeEstimated: true });
    await database.db.update(paymentRequests).set({ status: "canceled" }).where(eq(paymentRequests.id, row!.id));
    expect((await positionOf(database.db, (await storedWallets(database.db, [coffeeId])).get(coffeeId)!)).waiting.count).toBe(0);
  });
});
