/**
 * A webhook the provider cannot confirm changes nothing (fail closed). For each way the
 * confirmation can fail — the read times out, the provider cannot be reached, the read key lacks
 * the role (403), the rate limit's queue is full, the merchant has no read key — and for a success
 * without an amount, the request is left as it was, the delivery is kept as `unconfirmed` (or
 * `mismatch`), and the request is due a check at once; reconciliation then settles it from what
 * the provider itself says. All over real HTTP against the sandbox.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents, webhookDeliveries } from "../db/schema";
import { type DatabaseKind } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { setApplyUnconfirmedWebhooks } from "../merchants/settings";
import { rotateWebhookSecret } from "../merchants/webhook-secret";
import { createPaymentApi, type MerchantApi } from "../provider/client";
import { createMemoryLimiter } from "../provider/limiter";
import { createRequest, type RequestPayload } from "../requests/create";
import { reconcileDue } from "../requests/worker";
import { ingestWebhook } from "./ingest";
import { processDelivery } from "./process";
import { factWords } from "../requests/notes";
import { payInRequest, payOutRequest } from "../requests/contract";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { startJobCatcher, type Job, type JobCatcher } from "./testing/job-catcher";
import { setUpSandbox } from "../testing/sandbox-fixture";
const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["postgres", "live"],
];

describe.each(COMBOS)("unconfirmed webhooks on %s against the %s sandbox", (kind, profile) => {
  const setup = setUpSandbox(kind, profile);
  const { skip } = setup;
  let catcher: JobCatcher;
  /** The provider as it answers when all is well: what reconciliation uses. */
  const healthy = new Map<string, MerchantApi>();
  const ids = {} as Record<"coffee" | "gadgets", { id: string; secret: string }>;

  beforeAll(async () => {
    if (skip) return;
    catcher = await startJobCatcher();
    const vault = createKeyVault([randomBytes(32)]);
    // Coffee has a read key; gadgets has none in PayDesk (its reads come from the healthy client only for reconciliation of coffee).
    for (const name of ["coffee", "gadgets"] as const) {
      const m = setup.sb[name];
      const readKey = name === "coffee" ? m.readKey : undefined;
      const id = await addSandboxMerchant(setup.db, m, { vault, readKey });
      ids[name] = { id, secret: await rotateWebhookSecret(setup.db, id) };
      healthy.set(id, sandboxMerchantApi(setup.sb, m, { timeoutMs: 2_000, readKey: readKey ?? null }));
      await catcher.catchFor(setup.sb, m);
    }
  });
  afterAll(() => catcher?.close());

  const coffee = () => setup.sb.coffee;
  // A whole baht more each time: the live profile does not keep random satang unique, and a bank
  // transfer is matched by amount within the receiving account, so two pending Pay-Ins asking the
  // same amount could take each other's payment (a clean-clone CI run once failed this way).
  let payIns = 0;
  const payIn = async (merchant: "coffee" | "gadgets" = "coffee") => {
    const payload: RequestPayload = {
      kind: "payin",
      payIn: payInRequest({ refId1: ref("UC"), payerName: "P", amountSatang: 52_000 + 100 * payIns++, qrProvider: "PP" }),
    };
    const result = await createRequest(setup.db, healthy.get(ids[merchant].id)!, payload, {
      merchantRowId: ids[merchant].id,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    // Say so plainly if the provider did not take it (its rate limit on a slow run, say).
    if (!result.request.providerId)
      throw new Error(`the provider did not take the Pay-In: ${result.state} ${result.request.statusCode ?? ""}`);
    return result.request;
  };
  /** The provider really pays the request; returns the webhook it sent (not yet given to PayDesk). */
  const payAtProvider = async (providerId: string) => {
    const before = catcher.received.length;
    const paid = await setup.sb.control<{ matched: boolean; request?: { id: string } }>("POST", `/requests/${providerId}/pay`, {});
    expect(paid.status).toBe(200);
    // The transfer must have been matched to this very request, not another pending one.
    expect({ matched: paid.body.matched, id: paid.body.request?.id }, JSON.stringify(paid.body)).toEqual({ matched: true, id: providerId });
    // Settled, then looked for; a delivery the sandbox starts a moment after the payment (or one its
    // live profile's dispatcher picks up late) is waited for, up to 3 s.
    for (let tries = 0; tries < 30; tries++) {
      await setup.sb.control("POST", "/webhooks/settle");
      const job = catcher.received.slice(before).find((j) => j.Parameters.some((p) => p.Name === "PMR_ID" && p.Value === providerId));
      if (job) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the sandbox sent no webhook");
  };
  const deliver = async (job: unknown, confirmWith: (id: string) => Promise<MerchantApi | undefined>, secret = ids.coffee.secret) => {
    const result = await ingestWebhook(setup.db, { secret, rawBody: JSON.stringify(job) });
    expect(result.status).toBe(200);
    return processDelivery(setup.db, confirmWith, result.deliveryId!, result.prepared ?? undefined);
  };
  const state = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const reconcile = () => reconcileDue({ db: setup.db, apiFor: async (id) => healthy.get(id), batchSize: 100 });
  /** A coffee client whose reads fail in one way. */
  const broken = (options: {
    baseUrl?: string;
    timeoutMs?: number;
    readKey?: string;
    limiter?: ReturnType<typeof createMemoryLimiter>;
  }) => {
    const m = coffee();
    const api = createPaymentApi({
      baseUrl: options.baseUrl ?? setup.sb.url,
      timeoutMs: options.timeoutMs ?? 2_000,
      limiter: options.limiter ?? null,
      maxAttempts: 1,
    }).forMerchant({
      orgId: m.orgId,
      merchantId: m.merchantId,
      submitKey: m.submitKey,
      readKey: options.readKey ?? m.readKey,
      label: m.name,
    });
    return async () => api;
  };

  /** A webhook for `r` made by whoever has the secret, from a real one's shape; the amount is r's, so only the provider can tell it is false. */
  const forge = (
    r: { providerId: string | null; refId1: string; generatedAmount: string | null },
    template: Job,
    event: string,
    extra: Record<string, string> = {},
  ): Job => ({
    ...template,
    Id: randomUUID(),
    Parameters: template.Parameters.map((p) => {
      if (p.Name === "PMR_ID") return { ...p, Value: r.providerId };
      if (p.Name === "PMR_REF_ID1" || p.Name === "PMR_REF_ID") return { ...p, Value: r.refId1 };
      if (p.Name === "EVENT_TYPE") return { ...p, Value: event };
      if (p.Name === "TX_AMOUNT") return { ...p, Value: r.generatedAmount };
      return extra[p.Name] !== undefined ? { ...p, Value: extra[p.Name]! } : p;
    }),
  });

  /** The shared story: paid at the provider, the webhook cannot be confirmed, nothing moves; reconciliation settles it at once. */
  const heldThenSettled = async (
    confirmWith: (r: { providerId: string | null }) => Promise<(id: string) => Promise<MerchantApi | undefined>>,
  ) => {
    const r = await payIn();
    const job = await payAtProvider(r.providerId!);
    const verdict = await deliver(job, await confirmWith(r));
    expect(verdict).toBe("unconfirmed");
    const held = await state(r.id);
    expect(held).toMatchObject({ status: "pending", paidAmount: "0.00" });
    // Due now, not at the normal pace (20 s for an open Pay-In).
    expect(held.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const [delivery] = await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.requestId, r.id));
    expect(delivery).toMatchObject({ verdict: "unconfirmed", reason: null });
    expect(factWords(delivery!.reasonFacts!, "en")).toMatch(/^not confirmed/);
    const timeline = await setup.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, r.id), eq(requestEvents.type, "webhook_unconfirmed")));
    expect(timeline).toHaveLength(1);
    await reconcile();
    expect(await state(r.id)).toMatchObject({ status: "paid" });
    return delivery!;
  };

  it.skipIf(skip)("a read that times out", async () => {
    const delivery = await heldThenSettled(async (r) => {
      await setup.sb.control("POST", "/faults", {
        operation: "GetPaymentRequestById",
        kind: "timeout",
        delayMs: 5_000,
        match: { requestId: r.providerId },
      });
      return broken({ timeoutMs: 300 });
    });
    expect(factWords(delivery.reasonFacts!, "en")).toMatch(/did not answer within|timed out|0\.3 s|300/i);
  });

  it.skipIf(skip)("a forged success for a request not paid, whose read times out: held, and reconciliation leaves it pending", async () => {
    const r = await payIn();
    const forged = forge(r, await payAtProvider((await payIn()).providerId!), "PaymentIn.Success");
    await setup.sb.control("POST", "/faults", {
      operation: "GetPaymentRequestById",
      kind: "timeout",
      delayMs: 5_000,
      match: { requestId: r.providerId },
    });
    expect(await deliver(forged, broken({ timeoutMs: 300 }))).toBe("unconfirmed");
    const held = await state(r.id);
    expect(held).toMatchObject({ status: "pending", paidAmount: "0.00", statusReason: null, lastCheckedAt: null });
    expect(held.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await reconcile();
    // Reconciliation asked the provider, which says Pending: the forged claim moved nothing.
    const after = await state(r.id);
    expect(after).toMatchObject({ status: "pending", paidAmount: "0.00", paidAt: null, statusReason: null });
    expect(after.lastCheckedAt).not.toBeNull();
    expect((await setup.sb.control<{ status: string }>("GET", `/requests/${r.providerId}`)).body.status).toBe("Pending");
  });

  it.skipIf(skip)("a provider that cannot be reached (connection refused)", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    await heldThenSettled(async () => broken({ baseUrl: deadUrl }));
  });

  it.skipIf(skip)("a read key without the role to read (403)", async () => {
    const { body } = await setup.sb.control<{ key: string }>("POST", "/keys", {
      merchantId: coffee().merchantId,
      roles: ["PAYMENT_REQUEST"],
    });
    await heldThenSettled(async () => broken({ readKey: body.key }));
  });

  it.skipIf(skip)("the rate limit's queue is full", async () => {
    const limiter = createMemoryLimiter({ count: 1, windowMs: 60_000, maxWaitMs: 50 });
    expect((await limiter.acquire()).ok).toBe(true);
    await heldThenSettled(async () => broken({ limiter }));
  });

  it.skipIf(skip)("a success without an amount is held as a mismatch, then settled by reconciliation", async () => {
    const r = await payIn();
    const job = await payAtProvider(r.providerId!);
    const bare = { ...job, Id: randomUUID(), Parameters: job.Parameters.filter((p) => p.Name !== "TX_AMOUNT") };
    expect(await deliver(bare, async (id) => healthy.get(id))).toBe("mismatch");
    const held = await state(r.id);
    expect(held).toMatchObject({ status: "pending" });
    expect(held.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await reconcile();
    expect(await state(r.id)).toMatchObject({ status: "paid" });
  });

  it.skipIf(skip)("without a read key: a forged rejection and a forged success change nothing, and say why", async () => {
    const r = await payIn("gadgets");
    const template = await payAtProvider((await payIn("gadgets")).providerId!);
    const noReads = async () => undefined;
    expect(
      await deliver(
        forge(r, template, "PaymentIn.Rejected", { STATUS_CODE: "ADMIN_REJECT", STATUS_REASON: "the attacker's reason" }),
        noReads,
        ids.gadgets.secret,
      ),
    ).toBe("unconfirmed");
    expect(await deliver(forge(r, template, "PaymentIn.Success"), noReads, ids.gadgets.secret)).toBe("unconfirmed");
    expect(await state(r.id)).toMatchObject({ status: "pending", statusReason: null });
    const reasons = (await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.requestId, r.id))).map(
      (d) => d.reasonFacts && factWords(d.reasonFacts, "en"),
    );
    expect(reasons).toEqual([expect.stringMatching(/no read key/), expect.stringMatching(/no read key/)]);
  });

  it.skipIf(skip)("without a read key, an admin's choice to apply unconfirmed webhooks applies them, marked as such", async () => {
    await setApplyUnconfirmedWebhooks(setup.db, ids.gadgets.id, true);
    try {
      const r = await payIn("gadgets");
      const job = await payAtProvider(r.providerId!);
      expect(await deliver(job, async () => undefined, ids.gadgets.secret)).toBe("applied_unconfirmed");
      expect(await state(r.id)).toMatchObject({ status: "paid" });
      const [entry] = await setup.db
        .select()
        .from(requestEvents)
        .where(and(eq(requestEvents.requestId, r.id), eq(requestEvents.actor, "webhook")));
      expect(entry?.data).toMatchObject({ unconfirmed: true });
    } finally {
      await setApplyUnconfirmedWebhooks(setup.db, ids.gadgets.id, false);
    }
  });

  /** The sandbox's jobs for one provider request, sent since `before`. */
  const jobsFor = (providerId: string, before: number) =>
    catcher.received.slice(before).filter((j) => j.Parameters.some((p) => p.Name === "PMR_ID" && p.Value === providerId));
  const paramOf = (job: Job, name: string) => job.Parameters.find((p) => p.Name === name)?.Value;
  /**
   * A pay-out of 1,000.00 that P2P customers cover in two rounds (600 + 400), each round's webhook
   * given to PayDesk as it comes, while the provider still says Pending (docs/provider-facts.md §2.4, §2.5).
   */
  const coveredPayOut = async () => {
    const payload: RequestPayload = {
      kind: "payout",
      payOut: payOutRequest({
        refId1: ref("UO"),
        amountSatang: 100_000,
        destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
      }),
    };
    const created = await createRequest(setup.db, healthy.get(ids.coffee.id)!, payload, {
      merchantRowId: ids.coffee.id,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (created.outcome !== "sent") throw new Error(created.outcome);
    const r = created.request;
    for (const [amount, paidSoFar] of [
      [600, "600.00"],
      [400, "1000.00"],
    ] as const) {
      const before = catcher.received.length;
      const p2p = await setup.sb.submit("SubmitPayInRequestP2P", setup.sb.gadgets, {
        RefId1: ref("UP"),
        PayerName: "P",
        RequestedAmount: amount,
        Currency: "THB",
        QrProvider: "PP",
      });
      const { paymentResponse } = (await p2p.json()) as { paymentResponse: { id: string } };
      expect((await setup.sb.control("POST", `/requests/${paymentResponse.id}/approve`)).status).toBe(200);
      await setup.sb.control("POST", "/webhooks/settle");
      const [round, ...others] = jobsFor(r.providerId!, before);
      expect(others).toEqual([]);
      expect([paramOf(round!, "EVENT_TYPE"), paramOf(round!, "PAYOUT_IS_PARTIAL"), Number(paramOf(round!, "TX_AMOUNT"))]).toEqual([
        "PaymentOut.Success",
        "True",
        amount,
      ]);
      expect(await deliver(round, async (id) => healthy.get(id))).toBe("applied");
      // Covered so far, not finished: the provider's admin has the final word.
      expect(await state(r.id)).toMatchObject({ status: "pending", paidAmount: paidSoFar, paidAt: null });
    }
    const atProvider = (
      await setup.sb.control<{ status: string; totalPayOutPaidAmountDecimal: number }>("GET", `/requests/${r.providerId}`)
    ).body;
    expect(atProvider).toMatchObject({ status: "Pending", totalPayOutPaidAmountDecimal: 1000 });
    return r;
  };

  it.skipIf(skip)(
    "a P2P-covered pay-out stays pending when its rounds add up, and its final success for 0.00 applies (provider-facts §2.5)",
    async () => {
      const r = await coveredPayOut();
      const before = catcher.received.length;
      expect((await setup.sb.control("POST", `/requests/${r.providerId}/approve`)).status).toBe(200);
      await setup.sb.control("POST", "/webhooks/settle");
      const [final, ...others] = jobsFor(r.providerId!, before);
      expect(others).toEqual([]);
      const approvedAs = profile === "live" ? "Approved" : "Paid";
      expect([
        paramOf(final!, "EVENT_TYPE"),
        paramOf(final!, "PAYOUT_IS_PARTIAL"),
        paramOf(final!, "TX_AMOUNT"),
        paramOf(final!, "PMR_STATUS"),
      ]).toEqual(["PaymentOut.Success", "False", "0.00", approvedAs]);
      expect(await deliver(final, async (id) => healthy.get(id))).toBe("applied");
      const done = await state(r.id);
      expect(done).toMatchObject({ status: profile === "live" ? "approved" : "paid", paidAmount: "1000.00" });
      expect(done.paidAt).not.toBeNull();
    },
  );

  it.skipIf(skip)(
    "a P2P-covered pay-out the provider rejects after its rounds add up ends rejected, with the provider's reason",
    async () => {
      const r = await coveredPayOut();
      const before = catcher.received.length;
      expect(
        (
          await setup.sb.control("POST", `/requests/${r.providerId}/reject`, {
            statusCode: "ADMIN_REJECT",
            reason: "beneficiary account closed",
          })
        ).status,
      ).toBe(200);
      await setup.sb.control("POST", "/webhooks/settle");
      const [rejection, ...others] = jobsFor(r.providerId!, before);
      expect(others).toEqual([]);
      expect(paramOf(rejection!, "EVENT_TYPE")).toBe("PaymentOut.Rejected");
      expect(await deliver(rejection, async (id) => healthy.get(id))).toBe("applied");
      expect(await state(r.id)).toMatchObject({
        status: "rejected",
        statusCode: "ADMIN_REJECT",
        statusReason: "beneficiary account closed",
        paidAt: null,
      });
    },
  );
});
