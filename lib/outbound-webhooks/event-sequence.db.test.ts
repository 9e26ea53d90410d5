/**
 * The events PayDesk tells a merchant's systems of, for each way a request ends, exactly — their
 * types and sequence numbers, in order — on both sandbox profiles (the spec profile ends a success as
 * Paid, the live provider as Approved: one outcome, one event) and on both databases. Everything
 * comes the way it does in production: the request is made at the sandbox over HTTP, the sandbox
 * moves it and delivers its webhook to a receiver that only keeps it, and PayDesk ingests that webhook.
 */
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { outboundDeliveries, outboundEvents, paymentRequests, webhookEndpoints } from "../db/schema";
import { type DatabaseKind } from "../db/testing/databases";
import { rotateWebhookSecret } from "../merchants/webhook-secret";
import { type MerchantApi } from "../provider/client";
import { payInRequest, payOutRequest } from "../requests/contract";
import { createRequest, type CreateOptions, type RequestPayload } from "../requests/create";
import { reconcileRequest } from "../requests/reconcile";
import { ingestWebhook } from "../provider-webhooks/ingest";
import { processDelivery } from "../provider-webhooks/process";
import { eventSequence, OUTBOUND_EVENT_TYPES } from "./events";
import { scaled } from "@/lib/testing/vitest-project";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { startJobCatcher, type JobCatcher } from "../provider-webhooks/testing/job-catcher";
import { setUpSandbox } from "../testing/sandbox-fixture";
const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["pglite", "live"],
  ["postgres", "spec"],
  ["postgres", "live"],
];

describe.each(COMBOS)("outbound events on %s against the %s sandbox", (kind, profile) => {
  const setup = setUpSandbox(kind, profile);
  const { skip } = setup;
  let catcher: JobCatcher;
  let api: MerchantApi;
  let merchantRowId: string;
  let secret: string;

  beforeAll(async () => {
    if (skip) return;
    catcher = await startJobCatcher();
    const m = setup.sb.coffee;
    merchantRowId = await addSandboxMerchant(setup.db, m);
    secret = await rotateWebhookSecret(setup.db, merchantRowId);
    api = sandboxMerchantApi(setup.sb, m, { timeoutMs: scaled(10_000) });
    await catcher.catchFor(setup.sb, m);
    // One endpoint that wants every event: what it is sent is everything PayDesk tells.
    await setup.db.insert(webhookEndpoints).values({
      id: `we_seq_${kind}_${profile}`,
      merchantId: merchantRowId,
      url: "https://shop.example.com/hooks",
      eventTypes: [...OUTBOUND_EVENT_TYPES],
      enabled: true,
      secretEncrypted: "sealed",
    });
  });
  afterAll(() => catcher?.close());

  const create = async (payload: RequestPayload, options: Partial<CreateOptions> = {}) => {
    const result = await createRequest(setup.db, api, payload, {
      merchantRowId,
      idempotencyKey: randomUUID(),
      createdBy: null,
      ...options,
    });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  // A whole baht more each time: the sandbox matches "pay" by amount within the receiving account.
  let payIns = 0;
  const payIn = () =>
    create({
      kind: "payin",
      payIn: payInRequest({ refId1: ref("EV"), payerName: "P", amountSatang: 61_000 + 100 * payIns++, qrProvider: "PP" }),
    });
  const payOut = (amountSatang = 100_000, refundOf?: string) =>
    create(
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1: ref("EO"),
          amountSatang,
          destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
        }),
      },
      { refundOf },
    );
  /** A sandbox action, its webhook delivered to PayDesk and applied as the webhook route does. */
  const act = async (providerId: string, action: string, body: unknown = {}) => {
    const before = catcher.received.length;
    const res = await setup.sb.control("POST", `/requests/${providerId}/${action}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (action === "pay") expect((res.body as { matched?: boolean }).matched, JSON.stringify(res.body)).toBe(true);
    await setup.sb.control("POST", "/webhooks/settle");
    const jobs = catcher.received.slice(before).filter((j) => j.Parameters.some((p) => p.Name === "PMR_ID" && p.Value === providerId));
    expect(jobs).toHaveLength(1);
    const stored = await ingestWebhook(setup.db, { secret, rawBody: JSON.stringify(jobs[0]) });
    expect(await processDelivery(setup.db, async () => api, stored.deliveryId!, stored.prepared ?? undefined)).toMatch(/^applied/);
  };
  const statusOf = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  /** The request's events as its receiver is sent them: type and sequence, in the order they were written. */
  const events = async (id: string) =>
    (await setup.db.select().from(outboundEvents).where(eq(outboundEvents.requestId, id)).orderBy(asc(outboundEvents.createdAt))).map(
      (e) => [e.type, eventSequence(e.requestRow as Record<string, unknown>)],
    );
  const paidState = profile === "spec" ? "paid" : "approved";

  it.skipIf(skip)("a Pay-In paid by the customer: payin.paid, 1", async () => {
    const r = await payIn();
    await act(r.providerId!, "pay");
    expect((await statusOf(r.id)).status).toBe("paid");
    expect(await events(r.id)).toEqual([["payin.paid", 1]]);
    // Each event is delivered to the endpoint that wants it.
    const [event] = await setup.db.select().from(outboundEvents).where(eq(outboundEvents.requestId, r.id));
    expect(await setup.db.select().from(outboundDeliveries).where(eq(outboundDeliveries.eventId, event!.id))).toHaveLength(1);
  });

  it.skipIf(skip)(
    "a Pay-In approved by the provider's admin, as reconciliation reads it: payin.paid, 1 (Approved on the live provider)",
    async () => {
      const r = await payIn();
      expect((await setup.sb.control("POST", `/requests/${r.providerId}/approve`, {})).status).toBe(200);
      // The webhook was lost: PayDesk learns it by asking the provider, which says Approved on the live profile.
      const row = await statusOf(r.id);
      expect(await reconcileRequest(setup.db, api, row, { providerMerchantId: setup.sb.coffee.merchantId, graceMs: 0 })).toMatchObject({
        state: paidState,
      });
      expect(await events(r.id)).toEqual([["payin.paid", 1]]);
    },
  );

  it.skipIf(skip)("a Pay-In rejected: payin.rejected, 1", async () => {
    const r = await payIn();
    await act(r.providerId!, "reject", { statusCode: "ADMIN_REJECT", reason: "wrong customer" });
    expect(await events(r.id)).toEqual([["payin.rejected", 1]]);
  });

  it.skipIf(skip)("a Pay-In expired: payin.expired, 1", async () => {
    const r = await payIn();
    await act(r.providerId!, "expire");
    expect((await statusOf(r.id)).status).toBe("expired");
    expect(await events(r.id)).toEqual([["payin.expired", 1]]);
  });

  it.skipIf(skip)("a Pay-Out paid in one go: payout.paid, 1 — never partially_paid", async () => {
    const r = await payOut();
    await act(r.providerId!, "payout");
    expect(await statusOf(r.id)).toMatchObject({ status: paidState, paidAmount: "1000.00" });
    expect(await events(r.id)).toEqual([["payout.paid", 1]]);
  });

  it.skipIf(skip)("a Pay-Out paid in part, then the rest: payout.partially_paid 1, 2, then payout.paid 3", async () => {
    const r = await payOut();
    await act(r.providerId!, "payout", { amount: "300.00" });
    expect(await statusOf(r.id)).toMatchObject({ status: "pending", paidAmount: "300.00" });
    await act(r.providerId!, "payout", { amount: "200.00" });
    expect(await statusOf(r.id)).toMatchObject({ status: "pending", paidAmount: "500.00" });
    await act(r.providerId!, "payout");
    expect(await statusOf(r.id)).toMatchObject({ status: paidState, paidAmount: "1000.00" });
    expect(await events(r.id)).toEqual([
      ["payout.partially_paid", 1],
      ["payout.partially_paid", 2],
      ["payout.paid", 3],
    ]);
  });

  it.skipIf(skip)("a refund paid out: payout.paid, 1; one rejected: payout.rejected, 1", async () => {
    const paid = await payIn();
    await act(paid.providerId!, "pay");
    const refund = await payOut(10_000, paid.id);
    expect(refund.refundOf).toBe(paid.id);
    await act(refund.providerId!, "payout");
    expect((await statusOf(refund.id)).status).toBe(paidState);
    expect(await events(refund.id)).toEqual([["payout.paid", 1]]);
    const refused = await payOut(5_000, paid.id);
    await act(refused.providerId!, "reject", { statusCode: "ADMIN_REJECT", reason: "Beneficiary account closed" });
    expect((await statusOf(refused.id)).status).toBe("rejected");
    expect(await events(refused.id)).toEqual([["payout.rejected", 1]]);
    // The Pay-In's own events are its own: the refunds took none of its numbers.
    expect(await events(paid.id)).toEqual([["payin.paid", 1]]);
  });
});
