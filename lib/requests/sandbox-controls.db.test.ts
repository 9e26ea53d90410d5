import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createRequest } from "./create";
import { recheckRequest } from "./recheck";
import { controlsFor, driveSandbox, runSandboxControl, sandboxControlSchema, type ControlContext } from "./sandbox-controls";
import { p2pRequest, payInRequest, payOutRequest } from "./contract";
import { scaled } from "@/lib/testing/vitest-project";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe("sandbox controls and re-check, against a real sandbox", () => {
  // A provider call to the local sandbox: no test here is about its timeout, and 2 s ran out on a loaded machine.
  const setup = setUpSandboxWithCoffee("pglite", "spec", { timeoutMs: scaled(10_000) });
  let ctx: ControlContext;

  beforeAll(() => {
    const { database, api, merchantRowId, sb } = setup;
    ctx = { db: database.db, apiFor: async () => api, scope: { merchantIds: [merchantRowId] }, actorId: "usr_ann", sandboxUrl: sb.url };
  });

  const payIn = async () => {
    const created = await createRequest(
      setup.db,
      setup.api,
      { kind: "payin", payIn: payInRequest({ refId1: ref("S"), payerName: "สมชาย", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    return created.request;
  };
  const payOut = async () => {
    const created = await createRequest(
      setup.db,
      setup.api,
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1: ref("O"),
          amountSatang: 100_000,
          destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "Somchai" },
        }),
      },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    return created.request;
  };
  const state = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const events = async (id: string) =>
    (await setup.db.select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(asc(requestEvents.id))).map((e) => [
      e.type,
      e.actor,
    ]);

  it("marks a pay-in paid at the sandbox and learns it by re-checking, with the person on the timeline", async () => {
    const request = await payIn();
    expect(controlsFor(request)).toEqual(["pay", "approve", "reject", "expire"]);
    const result = await runSandboxControl(ctx, "payin", { requestId: request.id, control: "pay" });
    expect(result).toMatchObject({ outcome: "done", recheck: { before: "pending", after: "paid", changed: true } });
    expect((await state(request.id)).status).toBe("paid");
    expect(await events(request.id)).toEqual([
      ["created", "system"],
      ["submit_accepted", "provider"],
      ["sandbox_control", "usr_ann"],
      ["provider_status", "reconcile"],
    ]);
    expect(controlsFor(await state(request.id))).toEqual([]);
  });

  it("expires and rejects pay-ins", async () => {
    const a = await payIn();
    expect(await runSandboxControl(ctx, "payin", { requestId: a.id, control: "expire" })).toMatchObject({
      outcome: "done",
      recheck: { after: "expired" },
    });
    const b = await payIn();
    expect(await runSandboxControl(ctx, "payin", { requestId: b.id, control: "reject" })).toMatchObject({
      outcome: "done",
      recheck: { after: "rejected" },
    });
  });

  it("pays a pay-out in part, then in full", async () => {
    const request = await payOut();
    expect(controlsFor(request)).toEqual(["payout", "partial_payout", "reject"]);
    expect(await runSandboxControl(ctx, "payout", { requestId: request.id, control: "partial_payout", amount: "400.00" })).toMatchObject({
      outcome: "done",
      recheck: { after: "pending" },
    });
    expect((await state(request.id)).paidAmount).toBe("400.00");
    expect(await runSandboxControl(ctx, "payout", { requestId: request.id, control: "payout" })).toMatchObject({
      outcome: "done",
      recheck: { after: "paid" },
    });
    expect((await state(request.id)).paidAmount).toBe("1000.00");
  });

  it("refuses a control of the other family, a settled request, and a request outside the scope", async () => {
    const request = await payIn();
    expect(await runSandboxControl(ctx, "payout", { requestId: request.id, control: "reject" })).toEqual({ outcome: "not_allowed" });
    expect(await runSandboxControl(ctx, "payin", { requestId: request.id, control: "partial_payout", amount: "1" })).toEqual({
      outcome: "not_allowed",
    });
    expect(
      await runSandboxControl({ ...ctx, scope: { merchantIds: ["mer_other"] } }, "payin", { requestId: request.id, control: "pay" }),
    ).toEqual({ outcome: "not_found" });
    await runSandboxControl(ctx, "payin", { requestId: request.id, control: "approve" });
    expect(await runSandboxControl(ctx, "payin", { requestId: request.id, control: "pay" })).toEqual({ outcome: "not_allowed" });
    // The spec profile reports every success as Paid (sandbox/README.md, Statuses).
    expect((await state(request.id)).status).toBe("paid");
  });

  it("reports the sandbox's refusal and an unreachable sandbox in words, changing nothing", async () => {
    const request = await payIn();
    await setup.sb.control("POST", `/requests/${request.providerId}/reject`, {});
    const refused = await runSandboxControl(ctx, "payin", { requestId: request.id, control: "expire" });
    expect(refused).toMatchObject({ outcome: "sandbox_failed", result: { reason: "refused" } });
    expect(await driveSandbox("http://127.0.0.1:9", request.providerId!, "pay", null)).toMatchObject({ ok: false, reason: "unreachable" });
    expect((await state(request.id)).status).toBe("pending");
  });

  it("a pay-out held by pending P2P Pay-Ins: the refusal names each of them (PayDesk's request when the person may see it), and nothing moves", async () => {
    await payOut();
    const created = await createRequest(
      setup.db,
      setup.api,
      { kind: "payin_p2p", payIn: p2pRequest({ refId1: ref("P"), payerName: "สมหญิง", amountSatang: 12_300, qrProvider: "PP" }) },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    const p2p = created.request;
    // The provider picks the pay-out the P2P reserves (docs/provider-facts.md §5.5): the one PayDesk has a row for.
    const held = (await setup.sb.control<{ payinPeer2PeerPayoutId: string }>("GET", `/requests/${p2p.providerId}`)).body
      .payinPeer2PeerPayoutId;
    const [payout] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.providerId, held));
    expect(payout).toBeDefined();

    const refused = await runSandboxControl(ctx, "payout", { requestId: payout!.id, control: "payout" });
    expect(refused).toMatchObject({
      outcome: "sandbox_failed",
      result: { reason: "refused" },
      reservedBy: [{ providerId: p2p.providerId, amountSatang: 12_300, request: { id: p2p.id, refId1: p2p.refId1 } }],
    });
    expect((await state(payout!.id)).status).toBe("pending");
    // Someone who may see the pay-out but not the P2P's merchant is told of it, not shown it.
    if (refused.outcome !== "sandbox_failed") throw new Error(refused.outcome);
    const { request: _named, ...unnamed } = refused.reservedBy[0]!;
    const other = await createMerchant(setup.db, createKeyVault([randomBytes(32)]), {
      displayName: "Gadgets",
      orgId: setup.sb.gadgets.orgId,
      merchantId: setup.sb.gadgets.merchantId,
      submitKey: setup.sb.gadgets.submitKey,
      readKey: setup.sb.gadgets.readKey,
    });
    await setup.db.update(paymentRequests).set({ merchantId: other.id }).where(eq(paymentRequests.id, p2p.id));
    const narrow = await runSandboxControl(ctx, "payout", { requestId: payout!.id, control: "payout" });
    expect(narrow).toMatchObject({ reservedBy: [{ ...unnamed, request: null }] });
    const wide = await runSandboxControl({ ...ctx, scope: { merchantIds: null } }, "payout", { requestId: payout!.id, control: "payout" });
    expect(wide).toMatchObject({ reservedBy: [{ request: { id: p2p.id } }] });

    // Decided, it holds nothing: the pay-out goes through.
    await setup.sb.control("POST", `/requests/${p2p.providerId}/reject`, {});
    expect(await runSandboxControl(ctx, "payout", { requestId: payout!.id, control: "payout" })).toMatchObject({
      outcome: "done",
      recheck: { after: "paid" },
    });
  });

  it("re-checks on request and writes who asked on the timeline", async () => {
    const request = await payIn();
    await setup.sb.control("POST", `/requests/${request.providerId}/pay`, {});
    expect(await recheckRequest(setup.db, ctx.apiFor, ctx.scope, request.id, "usr_bob")).toMatchObject({
      found: true,
      before: "pending",
      after: "paid",
      changed: true,
    });
    expect((await events(request.id)).slice(-2)).toEqual([
      ["provider_status", "reconcile"],
      ["recheck", "usr_bob"],
    ]);
    expect(await recheckRequest(setup.db, ctx.apiFor, { merchantIds: [] }, request.id, "usr_bob")).toEqual({ found: false });
  });

  it("wants an amount for a partial pay-out, and a real one", () => {
    const errorOf = (input: Record<string, unknown>) => sandboxControlSchema.safeParse(input).error?.issues[0]?.message;
    expect(errorOf({ requestId: "req_a", control: "partial_payout" })).toMatch(/Enter the amount/);
    expect(errorOf({ requestId: "req_a", control: "partial_payout", amount: "12.345" })).toMatch(/at most 2 decimals/);
    expect(errorOf({ requestId: "req_a", control: "partial_payout", amount: "0" })).toMatch(/more than 0/);
    expect(errorOf({ requestId: "req_a", control: "pay" })).toBeUndefined();
  });
});
