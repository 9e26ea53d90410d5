import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { scaled } from "../testing/vitest-project";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { createRequest, type RequestRow } from "./create";
import { reconcileRequest } from "./reconcile";
import { payInRequest, payOutRequest } from "./contract";
import { coffeeApi } from "../merchants/testing/sandbox-merchant";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe.each(["spec", "live"] as const)("reconciliation against the %s sandbox", (profile) => {
  const setup = setUpSandboxWithCoffee("pglite", profile, { timeoutMs: scaled(700), backoffMs: 10 });

  const row = async (id: string): Promise<RequestRow> =>
    (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  // A whole baht more each time: the live profile does not keep random satang unique, and "pay" is
  // matched by amount within the receiving account, so equal amounts could take each other's payment.
  let payIns = 0;
  const create = async (refId1: string, kind: "payin" | "payout" = "payin") => {
    const payload =
      kind === "payin"
        ? { kind, payIn: payInRequest({ refId1, payerName: "P", amountSatang: 45_000 + 100 * payIns++, qrProvider: "PP" as const }) }
        : {
            kind,
            payOut: payOutRequest({
              refId1,
              amountSatang: 100_000,
              destination: { type: "promptpay" as const, promptPayId: "0812345678" },
            }),
          };
    const result = await createRequest(setup.db, setup.api, payload, {
      merchantRowId: setup.merchantRowId,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  const reconcile = (r: RequestRow, graceMs = 0) =>
    reconcileRequest(setup.db, setup.api, r, { providerMerchantId: setup.sb.coffee.merchantId, graceMs });
  const atProvider = async (refId1: string) => (await setup.sb.control<{ id: string }[]>("GET", `/requests?refId1=${refId1}`)).body;

  it("settles an unknown submit the provider did create, by RefId1, without sending it again", async () => {
    const refId1 = ref("U");
    await setup.sb.control("POST", "/faults", {
      operation: "SubmitPayInRequest",
      kind: "timeout",
      when: "after",
      // Longer than the client waits, whatever the machine's time factor: the answer is lost, the request made.
      delayMs: scaled(700) + 2_000,
      match: { refId1 },
    });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    const result = await reconcile(created);
    expect(result).toMatchObject({ state: "pending", changed: true });
    const settled = await row(created.id);
    const provider = await atProvider(refId1);
    expect(provider).toHaveLength(1);
    expect(settled.providerId).toBe(provider[0]!.id);
    expect(settled.generatedAmount).toMatch(/^450\.\d\d$/);
  });

  it("sends again, once, when the provider never created it", async () => {
    const refId1 = ref("N");
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "reset", when: "before", match: { refId1 } });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    expect(await atProvider(refId1)).toHaveLength(0);
    expect(await reconcile(created, 60_000)).toMatchObject({ state: "unknown", changed: false });
    expect(await reconcile(created)).toMatchObject({ state: "pending", changed: true });
    expect(await atProvider(refId1)).toHaveLength(1);
    expect(await reconcile(await row(created.id))).toMatchObject({ state: "pending", changed: false });
    expect(await atProvider(refId1)).toHaveLength(1);
  });

  it("a check made while a slow re-send is still under way does not send a third time", async () => {
    const refId1 = ref("G");
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "reset", when: "before", match: { refId1 } });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    // The re-send hangs (the provider creates nothing, and its answer never comes within the
    // timeout): a client of its own with a timeout long enough for a loaded machine to make the
    // second check while the first send is still under way.
    const patient = coffeeApi(setup.sb, { timeoutMs: scaled(2_000), backoffMs: 10 });
    const check = (r: RequestRow) => reconcileRequest(setup.db, patient, r, { providerMerchantId: setup.sb.coffee.merchantId, graceMs: 0 });
    await setup.sb.control("POST", "/faults", {
      operation: "SubmitPayInRequest",
      kind: "timeout",
      when: "before",
      delayMs: scaled(2_000) + 2_000,
      match: { refId1 },
    });
    const resending = check(created);
    // Once the first check has claimed the send (not after a fixed time, which a loaded machine outruns)…
    await vi.waitFor(async () => expect((await row(created.id)).sendingUntil).not.toBeNull(), { interval: 20, timeout: scaled(10_000) });
    // …staff's "Re-check now" (grace 0, as a loaded test would have it).
    expect(await check(await row(created.id))).toMatchObject({ state: "unknown", changed: false });
    await resending;
    const resent = await setup.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, created.id), eq(requestEvents.type, "resent")));
    expect(resent).toHaveLength(1);
    expect(await atProvider(refId1)).toHaveLength(0);
  });

  it("learns that a pending pay-in was paid, and that another expired", async () => {
    const paid = await create(ref("P"));
    expect((await setup.sb.control("POST", `/requests/${paid.providerId}/pay`, {})).body).toMatchObject({
      matched: true,
      request: { id: paid.providerId },
    });
    expect(await reconcile(await row(paid.id))).toMatchObject({ state: "paid", changed: true });
    // What the customer paid: the generated amount (random satang), not 0.00.
    const collected = await row(paid.id);
    expect(collected.paidAmount).toBe(collected.generatedAmount);
    expect(collected.paidAt).not.toBeNull();
    const expired = await create(ref("E"));
    await setup.sb.control("POST", `/requests/${expired.providerId}/expire`, {});
    expect(await reconcile(await row(expired.id))).toMatchObject({ state: "expired", changed: true });
    expect((await row(expired.id)).statusCode).toBe("ERR_EXPIRED_REQUEST");
  });

  it("follows partial pay-out rounds and the final payout", async () => {
    const payout = await create(ref("O"), "payout");
    await setup.sb.control("POST", `/requests/${payout.providerId}/payout`, { amount: "300.00" });
    expect(await reconcile(await row(payout.id))).toMatchObject({ state: "pending", changed: true });
    expect((await row(payout.id)).paidAmount).toBe("300.00");
    await setup.sb.control("POST", `/requests/${payout.providerId}/payout`, {});
    expect(await reconcile(await row(payout.id))).toMatchObject({ state: profile === "live" ? "approved" : "paid" });
    expect((await row(payout.id)).paidAmount).toBe("1000.00");
  });
});

describe("a pay-out covered by P2P pay-ins, against the live sandbox", () => {
  // Its own sandbox: P2P pay-ins match the oldest pending pay-out of any test (docs/provider-facts.md §5.5).
  const setup = setUpSandboxWithCoffee("pglite", "live", { timeoutMs: scaled(700), backoffMs: 10 });

  const row = async (id: string): Promise<RequestRow> =>
    (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const reconcile = async (id: string) =>
    reconcileRequest(setup.db, setup.api, await row(id), { providerMerchantId: setup.sb.coffee.merchantId });
  /** A pay-out of 1,000.00 whose whole amount P2P customers paid, approved round by round at the provider. */
  async function coveredPayOut(): Promise<RequestRow> {
    const created = await createRequest(
      setup.db,
      setup.api,
      {
        kind: "payout",
        payOut: payOutRequest({ refId1: ref("PC"), amountSatang: 100_000, destination: { type: "promptpay", promptPayId: "0812345678" } }),
      },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    for (const amount of [600, 400]) {
      const p2p = await setup.sb.submit("SubmitPayInRequestP2P", setup.sb.gadgets, {
        RefId1: ref("PP"),
        PayerName: "P",
        RequestedAmount: amount,
        Currency: "THB",
        QrProvider: "PP",
      });
      const { paymentResponse } = (await p2p.json()) as { paymentResponse: { id: string } };
      expect((await setup.sb.control("POST", `/requests/${paymentResponse.id}/approve`)).status).toBe(200);
    }
    const atProvider = (
      await setup.sb.control<{ status: string; totalPayOutPaidAmountDecimal: number }>("GET", `/requests/${created.request.providerId}`)
    ).body;
    expect(atProvider).toMatchObject({ status: "Pending", totalPayOutPaidAmountDecimal: 1000 });
    return created.request;
  }

  it("stays open when the rounds add up, and completes on the provider's approval", async () => {
    const payout = await coveredPayOut();
    expect(await reconcile(payout.id)).toMatchObject({ state: "pending", changed: true });
    expect(await row(payout.id)).toMatchObject({ status: "pending", paidAmount: "1000.00", paidAt: null });
    // The provider's admin approves: the final payout of the remainder, 0.00 (docs/provider-facts.md §2.5).
    expect((await setup.sb.control("POST", `/requests/${payout.providerId}/approve`)).status).toBe(200);
    expect(await reconcile(payout.id)).toMatchObject({ state: "approved", changed: true });
    expect((await row(payout.id)).paidAt).not.toBeNull();
  });

  it("stays open when the rounds add up, and ends rejected when the provider rejects it", async () => {
    const payout = await coveredPayOut();
    expect(await reconcile(payout.id)).toMatchObject({ state: "pending" });
    expect((await setup.sb.control("POST", `/requests/${payout.providerId}/reject`, { reason: "beneficiary account closed" })).status).toBe(
      200,
    );
    expect(await reconcile(payout.id)).toMatchObject({ state: "rejected", changed: true });
    expect(await row(payout.id)).toMatchObject({ status: "rejected", statusReason: "beneficiary account closed" });
  });
});
