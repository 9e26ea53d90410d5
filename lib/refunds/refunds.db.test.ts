import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { toDecimalString } from "../money";
import { payInRequest, payOutRequest } from "../requests/contract";
import { createRequest, type CreateOutcome, type RequestRow } from "../requests/create";
import { fieldMessage, messageKey } from "../requests/form-messages";
import { declineRequest, listHeldRequests } from "../requests/approve";
import { reconcileRequest } from "../requests/reconcile";
import { isRefundable, refundStanding, refundTakes, standingOf } from "./refunds";
import { scaled } from "@/lib/testing/vitest-project";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe("what a refund takes from its Pay-In", () => {
  const r = (status: string, requestedAmount: string, paidAmount = "0") => ({ status, requestedAmount, paidAmount });
  it("counts all it asked for while it may still pay, or once it paid", () => {
    for (const status of ["awaiting_approval", "submitting", "unknown", "needs_review", "pending", "approved", "paid"])
      expect(refundTakes(r(status, "100.00")), status).toBe(10_000);
    expect(refundTakes(r("pending", "100.00", "40.00"))).toBe(10_000);
  });
  it("counts only what it paid once it ended without paying", () => {
    for (const status of ["rejected", "expired", "canceled"]) expect(refundTakes(r(status, "100.00")), status).toBe(0);
    // A partial pay-out that was then rejected: the part that left the bank stays refunded.
    expect(refundTakes(r("rejected", "100.00", "30.00"))).toBe(3_000);
  });
});

describe("a Pay-In's standing, whichever word the provider ended with (spec: paid, live: approved)", () => {
  const refund = (status: string, requestedAmount: string, paidAmount = "0") => ({ status, requestedAmount, paidAmount });
  it.each(["paid", "approved"])("a refund that ended %s is refunded, not on its way", (status) => {
    const standing = standingOf({ kind: "payin", status: "paid", paidAmount: "200.00" }, [refund(status, "50.00", "50.00")]);
    expect(standing).toMatchObject({
      paidSatang: 20_000,
      refundedSatang: 5_000,
      paidOutSatang: 5_000,
      onItsWaySatang: 0,
      leftSatang: 15_000,
    });
  });
  it.each(["paid", "approved"])("a Pay-In that ended %s can be refunded, and what it took counts", (status) => {
    for (const kind of ["payin", "payin_p2p"] as const) {
      expect(isRefundable({ kind, status }), kind).toBe(true);
      expect(standingOf({ kind, status, paidAmount: "80.00" }, [refund("pending", "30.00")])).toMatchObject({
        paidSatang: 8_000,
        onItsWaySatang: 3_000,
        leftSatang: 5_000,
      });
    }
    expect(isRefundable({ kind: "payout", status })).toBe(false);
  });
  it("a Pay-In that has not ended paid has nothing to refund", () => {
    for (const status of ["pending", "rejected", "expired", "unknown"]) {
      expect(isRefundable({ kind: "payin", status }), status).toBe(false);
      expect(standingOf({ kind: "payin", status, paidAmount: "80.00" }, []).leftSatang, status).toBe(0);
    }
  });
});

describe.each(DATABASE_KINDS)("refunds on %s, against the sandbox", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "spec", { timeoutMs: scaled(10_000) });
  const { skip } = setup;

  const row = async (id: string): Promise<RequestRow> =>
    (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const reconcile = async (id: string) =>
    reconcileRequest(setup.db, setup.api, await row(id), { providerMerchantId: setup.sb.coffee.merchantId, graceMs: 0 });
  const atProvider = async (refId1: string) => (await setup.sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;

  // A whole baht more each time: the sandbox matches "pay" by amount within the receiving account.
  let payIns = 0;
  /** A Pay-In the customer paid, as PayDesk learns it (the provider pays it; reconciliation reads it). */
  async function paidPayIn(): Promise<RequestRow> {
    const payload = {
      kind: "payin" as const,
      payIn: payInRequest({ refId1: ref("P"), payerName: "สมชาย", amountSatang: 50_000 + 100 * payIns++, qrProvider: "PP" as const }),
    };
    const created = await createRequest(setup.db, setup.api, payload, {
      merchantRowId: setup.merchantRowId,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (created.outcome !== "sent") throw new Error(created.outcome);
    await setup.sb.control("POST", `/requests/${created.request.providerId}/pay`, {});
    expect(await reconcile(created.request.id)).toMatchObject({ state: "paid" });
    return row(created.request.id);
  }
  const refund = (
    payInId: string,
    amountSatang: number,
    options: { idempotencyKey?: string; holdForApproval?: boolean; refId1?: string } = {},
  ) =>
    createRequest(
      setup.db,
      setup.api,
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1: options.refId1 ?? ref("R"),
          amountSatang,
          destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "สมชาย ใจดี" },
        }),
      },
      {
        merchantRowId: setup.merchantRowId,
        idempotencyKey: options.idempotencyKey ?? randomUUID(),
        createdBy: null,
        holdForApproval: options.holdForApproval,
        refundOf: payInId,
      },
    );
  const refused = (outcome: CreateOutcome) => (outcome.outcome === "invalid" ? outcome.fieldErrors.amount : undefined);

  it.skipIf(skip)("sends refunds up to what was paid, and refuses the next baht with what is left", async () => {
    const payIn = await paidPayIn();
    const paid = Math.round(Number(payIn.paidAmount) * 100);
    expect(paid).toBeGreaterThan(0);

    const first = await refund(payIn.id, 20_000);
    expect(first).toMatchObject({ outcome: "sent", state: "pending" });
    if (first.outcome !== "sent") return;
    expect(first.request.refundOf).toBe(payIn.id);
    expect(first.request.kind).toBe("payout");

    // More than is left: refused with the amount left, and nothing recorded or sent.
    const tooMuchRef = ref("R");
    const tooMuch = await refund(payIn.id, paid - 20_000 + 1, { refId1: tooMuchRef });
    expect(refused(tooMuch)).toEqual([messageKey("refundTooLarge", paid - 20_000)]);
    expect(fieldMessage("en", refused(tooMuch)![0]!)).toContain("is left to refund");
    expect(await atProvider(tooMuchRef)).toBe(0);
    expect((await setup.db.select().from(paymentRequests).where(eq(paymentRequests.refId1, tooMuchRef))).length).toBe(0);

    const restKey = randomUUID();
    expect(await refund(payIn.id, paid - 20_000, { idempotencyKey: restKey })).toMatchObject({ outcome: "sent" });
    expect(await refundStanding(setup.db, await row(payIn.id))).toMatchObject({
      paidSatang: paid,
      refundedSatang: paid,
      leftSatang: 0,
    });
    expect((await refundStanding(setup.db, await row(payIn.id))).refunds).toHaveLength(2);

    expect(refused(await refund(payIn.id, 1))).toEqual([messageKey("refundNothingLeft")]);
    // The Pay-In's own timeline names each refund made, and none refused.
    const entries = await setup.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, payIn.id), eq(requestEvents.type, "refund_requested")));
    expect(entries.map((e) => (e.data as { amount: string }).amount).sort()).toEqual(
      [toDecimalString(20_000), toDecimalString(paid - 20_000)].sort(),
    );
    expect(entries[0]!.data).toMatchObject({ refundId: first.request.id, refId1: first.request.refId1 });
    // The same form again (a double click, a retried call) finds its refund, though nothing is left now.
    expect(await refund(payIn.id, paid - 20_000, { idempotencyKey: restKey })).toMatchObject({ outcome: "existing" });
  });

  it.skipIf(skip)("a refund the provider rejects gives its amount back; a held one keeps it", async () => {
    const payIn = await paidPayIn();
    const paid = Math.round(Number(payIn.paidAmount) * 100);
    const held = await refund(payIn.id, 10_000, { holdForApproval: true });
    expect(held).toMatchObject({ outcome: "held", state: "awaiting_approval" });
    const sent = await refund(payIn.id, paid - 10_000);
    expect(sent).toMatchObject({ outcome: "sent" });
    if (sent.outcome !== "sent") return;
    expect(refused(await refund(payIn.id, 1))).toEqual([messageKey("refundNothingLeft")]);

    await setup.sb.control("POST", `/requests/${sent.request.providerId}/reject`, { reason: "Beneficiary account closed" });
    expect(await reconcile(sent.request.id)).toMatchObject({ state: "rejected" });
    expect(await refundStanding(setup.db, await row(payIn.id))).toMatchObject({ leftSatang: paid - 10_000 });
    expect(await refund(payIn.id, paid - 10_000)).toMatchObject({ outcome: "sent" });

    // The checker sees what the held refund is for and who paid it; declined, it gives its amount back.
    if (held.outcome !== "held") return;
    const queued = (await listHeldRequests(setup.db, { merchantIds: [setup.merchantRowId] })).find((h) => h.id === held.request.id);
    expect(queued?.refundOf).toEqual({ id: payIn.id, refId1: payIn.refId1, payerName: "สมชาย", paidSatang: paid });
    expect(
      await declineRequest(setup.db, {
        requestId: held.request.id,
        merchantRowId: setup.merchantRowId,
        actorId: "usr_checker",
        reason: "Wrong account",
      }),
    ).toMatchObject({
      ok: true,
      state: "canceled",
    });
    expect(await refundStanding(setup.db, await row(payIn.id))).toMatchObject({ leftSatang: 10_000 });
  });

  it.skipIf(skip)("refuses what is not a paid Pay-In of this merchant", async () => {
    const pending = await createRequest(
      setup.db,
      setup.api,
      { kind: "payin", payIn: payInRequest({ refId1: ref("N"), payerName: "P", amountSatang: 30_000, qrProvider: "PP" }) },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (pending.outcome !== "sent") throw new Error(pending.outcome);
    expect(refused(await refund(pending.request.id, 100))).toEqual([messageKey("refundNotPaid")]);
    expect(refused(await refund("req_missing", 100))).toEqual([messageKey("refundNotFound")]);
    // A refund of a refund (a Pay-Out) is not a thing.
    const payIn = await paidPayIn();
    const first = await refund(payIn.id, 100);
    if (first.outcome !== "sent") throw new Error(first.outcome);
    expect(refused(await refund(first.request.id, 100))).toEqual([messageKey("refundNotFound")]);
    // Another merchant's Pay-In is not found for this one.
    const other = {
      merchantRowId: (
        await createMerchant(setup.db, createKeyVault([randomBytes(32)]), {
          displayName: "Gadgets",
          orgId: setup.sb.gadgets.orgId,
          merchantId: setup.sb.gadgets.merchantId,
          submitKey: setup.sb.gadgets.submitKey,
          readKey: setup.sb.gadgets.readKey,
        })
      ).id,
    };
    const forOther = await createRequest(
      setup.db,
      setup.api,
      {
        kind: "payout",
        payOut: payOutRequest({ refId1: ref("X"), amountSatang: 100, destination: { type: "promptpay", promptPayId: "0812345678" } }),
      },
      { merchantRowId: other.merchantRowId, idempotencyKey: randomUUID(), createdBy: null, refundOf: payIn.id },
    );
    expect(refused(forOther)).toEqual([messageKey("refundNotFound")]);
    // Only a Pay-Out can be a refund (a Withdrawal goes to the merchant's own account).
    const withdrawal = await createRequest(
      setup.db,
      setup.api,
      {
        kind: "withdrawal",
        payOut: payOutRequest({ refId1: ref("W"), amountSatang: 100, destination: { type: "promptpay", promptPayId: "0812345678" } }),
      },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null, refundOf: payIn.id },
    );
    expect(refused(withdrawal)).toEqual([messageKey("refundNotFound")]);
  });

  it.skipIf(skip)("two refunds of the same Pay-In at once cannot both take the last baht", async () => {
    const payIn = await paidPayIn();
    const paid = Math.round(Number(payIn.paidAmount) * 100);
    const share = Math.ceil(paid * 0.6);
    const outcomes = await Promise.all([refund(payIn.id, share), refund(payIn.id, share), refund(payIn.id, share)]);
    expect(outcomes.filter((o) => o.outcome === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "invalid").map(refused)).toEqual([
      [messageKey("refundTooLarge", paid - share)],
      [messageKey("refundTooLarge", paid - share)],
    ]);
    expect((await refundStanding(setup.db, await row(payIn.id))).refundedSatang).toBe(share);
  });
});
