/**
 * The webhook receiver against real provider job bodies: the sandbox delivers to a throw-away
 * receiver that only keeps them, and each test feeds them to PayDesk — in order, twice, shuffled,
 * tampered — then checks PayDesk's state is exactly right (deliveries may repeat, and are never retried: docs/provider-facts.md §6.4).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents, webhookDeliveries } from "../db/schema";
import { type DatabaseKind } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { rotateWebhookSecret } from "../merchants/webhook-secret";
import { type MerchantApi } from "../provider/client";
import { createRequest, type RequestPayload } from "../requests/create";
import { reconcileRequest } from "../requests/reconcile";
import { ingestWebhook } from "./ingest";
import { processDelivery, processStranded } from "./process";
import { payInRequest, payOutRequest } from "../requests/contract";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { startJobCatcher, type Job, type JobCatcher } from "./testing/job-catcher";
import { setUpSandbox } from "../testing/sandbox-fixture";

const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["pglite", "live"],
  ["postgres", "live"],
];

describe.each(COMBOS)("webhooks on %s against the %s sandbox", (kind, profile) => {
  const setup = setUpSandbox(kind, profile);
  const { skip } = setup;
  let catcher: JobCatcher;
  const apis = new Map<string, MerchantApi>();
  const merchantsByName: Record<"coffee" | "gadgets", { id: string; secret: string }> = {} as never;

  beforeAll(async () => {
    if (skip) return;
    catcher = await startJobCatcher();
    const vault = createKeyVault([randomBytes(32)]);
    for (const name of ["coffee", "gadgets"] as const) {
      const id = await addSandboxMerchant(setup.db, setup.sb[name], { vault });
      merchantsByName[name] = { id, secret: await rotateWebhookSecret(setup.db, id) };
      apis.set(id, sandboxMerchantApi(setup.sb, setup.sb[name], { timeoutMs: 2_000 }));
      await catcher.catchFor(setup.sb, setup.sb[name]);
    }
  });
  afterAll(() => catcher?.close());

  const apiFor = async (id: string) => apis.get(id);
  const create = async (payload: RequestPayload, merchant: "coffee" | "gadgets" = "coffee") => {
    const result = await createRequest(setup.db, apis.get(merchantsByName[merchant].id)!, payload, {
      merchantRowId: merchantsByName[merchant].id,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  // A whole baht more each time: the sandbox matches a bank transfer by amount within the receiving
  // account, as the provider does, so two pending Pay-Ins with the same generated amount could take
  // each other's payment (a CI run once saw "pay" land on another test's request).
  let payIns = 0;
  const payIn = () =>
    create({
      kind: "payin",
      payIn: payInRequest({ refId1: ref("WH"), payerName: "P", amountSatang: 52_000 + 100 * payIns++, qrProvider: "PP" }),
    });
  const payOut = (kind: "payout" | "withdrawal" = "payout") =>
    create({
      kind,
      payOut: payOutRequest({
        refId1: ref("WO"),
        amountSatang: 100_000,
        destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
      }),
    });
  /** Does a sandbox action and returns the jobs it delivered for that provider request. */
  const act = async (providerId: string, action: string, body: unknown = {}) => {
    const before = catcher.received.length;
    const res = await setup.sb.control("POST", `/requests/${providerId}/${action}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A payment the sandbox matched to another request would leave this one pending: say so here.
    if (action === "pay") expect((res.body as { matched?: boolean }).matched, JSON.stringify(res.body)).toBe(true);
    await setup.sb.control("POST", "/webhooks/settle");
    return catcher.received.slice(before).filter((j) => j.Parameters.some((p) => p.Name === "PMR_ID" && p.Value === providerId));
  };
  const deliver = async (job: unknown, secret = merchantsByName.coffee.secret) => {
    const result = await ingestWebhook(setup.db, { secret, rawBody: typeof job === "string" ? job : JSON.stringify(job) });
    // As the route handler does: processed with what the receiver read.
    const verdict =
      result.deliveryId === null ? null : await processDelivery(setup.db, apiFor, result.deliveryId, result.prepared ?? undefined);
    return { ...result, verdict };
  };
  const state = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const param = (job: Job, name: string) => job.Parameters.find((p) => p.Name === name)?.Value;

  it.skipIf(skip)("applies a pay-in's success, in this profile's shape", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    expect(job?.Type).toBe(profile === "live" ? "Payment.Success" : "PaymentIn.Success");
    expect(param(job!, "EVENT_TYPE")).toBe("PaymentIn.Success");
    expect(await deliver(job)).toMatchObject({ status: 200, body: { status: "ok" }, verdict: "applied" });
    expect((await state(r.id)).status).toBe("paid");
  });

  it.skipIf(skip)("applies a rejection and an expiry", async () => {
    const rejected = await payIn();
    const [rj] = await act(rejected.providerId!, "reject", { statusCode: "ADMIN_REJECT", reason: "wrong customer" });
    expect((await deliver(rj)).verdict).toBe("applied");
    expect(await state(rejected.id)).toMatchObject({ status: "rejected", statusCode: "ADMIN_REJECT" });
    const expired = await payIn();
    const [ex] = await act(expired.providerId!, "expire");
    expect((await deliver(ex)).verdict).toBe("applied");
    expect(await state(expired.id)).toMatchObject({ status: "expired", statusCode: "ERR_EXPIRED_REQUEST" });
  });

  it.skipIf(skip)("applies the same delivery once, and logs the second as a duplicate", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    expect((await deliver(job)).verdict).toBe("applied");
    expect(await deliver(job)).toMatchObject({ status: 200, body: { duplicate: true }, deliveryId: null });
    const rows = await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.requestId, r.id));
    expect(rows.map((d) => d.verdict)).toEqual(["applied"]);
  });

  it.skipIf(skip)("applies a delivery once when the request handler and the stranded sweep both take it", async () => {
    const r = await payOut();
    const [round] = await act(r.providerId!, "payout", { amount: "200.00" });
    // Without the running total (the live provider does not send it, docs/provider-facts.md §6.3), a
    // second apply of the same round would add it twice.
    const job = { ...round!, Parameters: round!.Parameters.filter((p) => p.Name !== "PAYOUT_PAID_AMOUNT_INCLUSIVE") };
    const stored = await ingestWebhook(setup.db, { secret: merchantsByName.coffee.secret, rawBody: JSON.stringify(job) });
    const verdicts = await Promise.all([
      processDelivery(setup.db, apiFor, stored.deliveryId!, stored.prepared!),
      processDelivery(setup.db, apiFor, stored.deliveryId!),
    ]);
    expect(verdicts.sort()).toEqual(["applied", "ignored"]);
    expect(await processDelivery(setup.db, apiFor, stored.deliveryId!, stored.prepared!)).toBe("ignored");
    expect(await state(r.id)).toMatchObject({ status: "pending", paidAmount: "200.00" });
    const applied = await setup.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, r.id), eq(requestEvents.actor, "webhook")));
    expect(applied).toHaveLength(1);
    expect((await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, stored.deliveryId!)))[0]).toMatchObject({
      verdict: "applied",
      requestId: r.id,
    });
  });

  it.skipIf(skip)(
    "the stranded sweep applies what a dead process stored but never applied, and what an earlier version left processing",
    async () => {
      const [a, b] = [await payIn(), await payIn()];
      const stored = [];
      for (const r of [a, b]) {
        const [job] = await act(r.providerId!, "pay");
        stored.push((await ingestWebhook(setup.db, { secret: merchantsByName.coffee.secret, rawBody: JSON.stringify(job) })).deliveryId!);
      }
      await setup.db.update(webhookDeliveries).set({ verdict: "processing" }).where(eq(webhookDeliveries.id, stored[1]!));
      // Not yet: the request handler may still be on it.
      expect(await processStranded(setup.db, apiFor)).toBe(0);
      await setup.db
        .update(webhookDeliveries)
        .set({ receivedAt: sql`now() - interval '1 minute'` })
        .where(inArray(webhookDeliveries.id, stored));
      expect(await processStranded(setup.db, apiFor)).toBe(2);
      expect([(await state(a.id)).status, (await state(b.id)).status]).toEqual(["paid", "paid"]);
      expect((await setup.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, stored))).map((d) => d.verdict)).toEqual([
        "applied",
        "applied",
      ]);
    },
  );

  it.skipIf(skip)("never leaves a terminal state: rejection after success, success after rejection", async () => {
    const a = await payIn();
    const [paid] = await act(a.providerId!, "pay");
    await deliver(paid);
    const forgedReject = {
      ...paid!,
      Id: randomUUID(),
      Type: "PaymentIn.Rejected",
      Parameters: paid!.Parameters.map((p) => (p.Name === "EVENT_TYPE" ? { ...p, Value: "PaymentIn.Rejected" } : p)),
    };
    expect((await deliver(forgedReject)).verdict).toBe("ignored");
    expect((await state(a.id)).status).toBe("paid");

    const b = await payIn();
    const [rejected] = await act(b.providerId!, "reject", {});
    await deliver(rejected);
    const lateSuccess = {
      ...rejected!,
      Id: randomUUID(),
      Type: "PaymentIn.Success",
      Parameters: rejected!.Parameters.map((p) => (p.Name === "EVENT_TYPE" ? { ...p, Value: "PaymentIn.Success" } : p)),
    };
    expect(["contradicted", "ignored"]).toContain((await deliver(lateSuccess)).verdict);
    expect((await state(b.id)).status).toBe("rejected");
  });

  /** Counts the GetPaymentRequestById calls the sandbox receives for one request (a fault that delays by nothing, used up one call at a time). */
  const countReads = async (providerId: string) => {
    const { body: fault } = await setup.sb.control<{ id: string }>("POST", "/faults", {
      operation: "GetPaymentRequestById",
      kind: "delay",
      delayMs: 0,
      count: 10_000,
      match: { requestId: providerId },
    });
    return async () => {
      const faults = (await setup.sb.control<{ id: string; remaining: number }[]>("GET", "/faults")).body;
      return 10_000 - (faults.find((f) => f.id === fault.id)?.remaining ?? 0);
    };
  };

  it.skipIf(skip)(
    "asks the provider nothing about a request already terminal, and records the webhook as ignored with the state machine's reason",
    async () => {
      const paid = await payIn();
      const [paidJob] = await act(paid.providerId!, "pay");
      const rejected = await payIn();
      const [rejectedJob] = await act(rejected.providerId!, "reject", {});
      const expired = await payIn();
      const [expiredJob] = await act(expired.providerId!, "expire");
      const cases = [
        [paid, paidJob!, "paid"],
        [rejected, rejectedJob!, "rejected"],
        [expired, expiredJob!, "expired"],
      ] as const;
      for (const [r, job, terminal] of cases) {
        const reads = await countReads(r.providerId!);
        expect((await deliver(job)).verdict).toBe("applied");
        // The first one was confirmed: the counter sees the sandbox's calls.
        expect(await reads()).toBe(1);
        const again = { ...job, Id: randomUUID() };
        const opposite =
          job.Parameters.find((p) => p.Name === "EVENT_TYPE")!.Value === "PaymentIn.Success" ? "PaymentIn.Rejected" : "PaymentIn.Success";
        const contrary = {
          ...job,
          Id: randomUUID(),
          Parameters: job.Parameters.map((p) => (p.Name === "EVENT_TYPE" ? { ...p, Value: opposite } : p)),
        };
        const late = [await deliver(again), await deliver(contrary)];
        expect(late.map((d) => d.verdict)).toEqual(["ignored", "ignored"]);
        expect(await reads()).toBe(1);
        const rows = await setup.db
          .select()
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.id,
              late.map((d) => d.deliveryId!),
            ),
          );
        expect(rows.map((d) => [d.verdict, d.reasonFacts, d.requestId])).toEqual(
          late.map(() => ["ignored", { note: "terminal", state: terminal }, r.id]),
        );
        const timeline = await setup.db
          .select()
          .from(requestEvents)
          .where(and(eq(requestEvents.requestId, r.id), eq(requestEvents.actor, "webhook")));
        expect(timeline.map((t) => (t.data as { outcome: unknown }).outcome)).toEqual([
          { from: "pending", to: terminal },
          ...late.map(() => ({ ignored: { note: "terminal", state: terminal } })),
        ]);
        expect((await state(r.id)).status).toBe(terminal);
      }
    },
  );

  it.skipIf(skip)("accumulates three partial pay-outs, then completes on the final one — in order or shuffled", async () => {
    for (const order of [
      [0, 1, 2, 3],
      [2, 0, 3, 1],
    ]) {
      const r = await payOut();
      const jobs = [
        ...(await act(r.providerId!, "payout", { amount: "200.00" })),
        ...(await act(r.providerId!, "payout", { amount: "300.00" })),
        ...(await act(r.providerId!, "payout", { amount: "100.00" })),
        ...(await act(r.providerId!, "payout")),
      ];
      expect(jobs.map((j) => param(j, "PAYOUT_IS_PARTIAL"))).toEqual(["True", "True", "True", "False"]);
      for (const i of order.slice(0, 3)) await deliver(jobs[i]);
      const afterThree = await state(r.id);
      // Shuffled rounds with the final among the first three complete early: both end paid in full.
      if (order.slice(0, 3).includes(3)) expect(["paid", "approved"]).toContain(afterThree.status);
      else expect(afterThree).toMatchObject({ status: "pending", paidAmount: "600.00" });
      await deliver(jobs[order[3]!]);
      expect(await state(r.id)).toMatchObject({ paidAmount: "1000.00" });
      expect(["paid", "approved"]).toContain((await state(r.id)).status);
    }
  });

  // The live provider has no Withdrawal endpoint (docs/provider-facts.md §4.4).
  it.skipIf(skip || profile === "live")("uses the PaymentOut events for a withdrawal", async () => {
    const r = await payOut("withdrawal");
    const [job] = await act(r.providerId!, "reject", {});
    expect(param(job!, "EVENT_TYPE")).toBe("PaymentOut.Rejected");
    expect((await deliver(job)).verdict).toBe("applied");
    expect((await state(r.id)).status).toBe("rejected");
  });

  it.skipIf(skip)("keeps success for an unknown request as unmatched money, and refuses another merchant's request", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    const unknown = {
      ...job!,
      Id: randomUUID(),
      Parameters: job!.Parameters.map((p) => (p.Name === "PMR_ID" ? { ...p, Value: randomUUID() } : p)),
    };
    expect((await deliver(unknown)).verdict).toBe("unmatched_money");
    // The gadgets merchant's secret cannot vouch for a coffee webhook.
    expect(await deliver({ ...job!, Id: randomUUID() }, merchantsByName.gadgets.secret)).toMatchObject({ status: 401, deliveryId: null });
  });

  it.skipIf(skip)("holds back a webhook whose amount or RefId1 is not the request's", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    const wrongAmount = {
      ...job!,
      Id: randomUUID(),
      Parameters: job!.Parameters.map((p) => (p.Name === "TX_AMOUNT" ? { ...p, Value: "1.00" } : p)),
    };
    expect((await deliver(wrongAmount)).verdict).toBe("mismatch");
    const wrongRef = {
      ...job!,
      Id: randomUUID(),
      Parameters: job!.Parameters.map((p) => (p.Name === "PMR_REF_ID1" ? { ...p, Value: "SOMEONE-ELSE" } : p)),
    };
    expect((await deliver(wrongRef)).verdict).toBe("mismatch");
    expect((await state(r.id)).status).toBe("pending");
  });

  it.skipIf(skip)("refuses a wrong or missing secret, malformed JSON and an oversized body, changing nothing", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    expect(await deliver(job, "whsec_wrong")).toMatchObject({ status: 401 });
    expect(await ingestWebhook(setup.db, { secret: null, rawBody: JSON.stringify(job) })).toMatchObject({ status: 401 });
    expect(await deliver("{not json")).toMatchObject({ status: 400 });
    expect(await deliver({ hello: "world" })).toMatchObject({ status: 400 });
    expect(await deliver(JSON.stringify({ ...job, Padding: "x".repeat(1024 * 1024) }))).toMatchObject({ status: 413 });
    expect((await state(r.id)).status).toBe("pending");
  });

  /** A real job's shape made to name `r` (its amount too), as whoever has the secret can. */
  const forgeFor = (
    r: { providerId: string | null; refId1: string; generatedAmount: string | null },
    job: Job,
    extra: Record<string, string> = {},
  ): Job => ({
    ...job,
    Id: randomUUID(),
    Parameters: job.Parameters.map((p) => {
      const value = (
        { PMR_ID: r.providerId, PMR_REF_ID1: r.refId1, PMR_REF_ID: r.refId1, TX_AMOUNT: r.generatedAmount, ...extra } as Record<
          string,
          string | null
        >
      )[p.Name];
      return value === undefined ? p : { ...p, Value: value };
    }),
  });

  it.skipIf(skip)("believes the provider over a webhook it contradicts", async () => {
    const r = await payIn();
    const [job] = await act(r.providerId!, "pay");
    const other = await payIn();
    // A forged success for a request the provider still has as Pending.
    expect((await deliver(forgeFor(other, job!))).verdict).toBe("contradicted");
    expect((await state(other.id)).status).toBe("pending");
  });

  it.skipIf(skip)(
    "believes the provider over a forged rejection carrying the attacker's reason, for a merchant with a read key",
    async () => {
      const template = await act((await payIn()).providerId!, "reject", { statusCode: "ADMIN_REJECT", reason: "wrong customer" });
      const r = await payIn();
      const attackersReason = "Rejected: call 02-000-0000 to get your money back";
      const forged = forgeFor(r, template[0]!, { STATUS_REASON: attackersReason });
      expect(param(forged, "EVENT_TYPE")).toBe("PaymentIn.Rejected");
      const reads = await countReads(r.providerId!);
      const { verdict, deliveryId } = await deliver(forged);
      expect(verdict).toBe("contradicted");
      // The merchant has a read key: the provider was asked, and says Pending.
      expect(await reads()).toBe(1);
      const after = await state(r.id);
      expect(after).toMatchObject({ status: "pending", statusReason: null, statusCode: null });
      expect(JSON.stringify(after)).not.toContain(attackersReason);
      const [delivery] = await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
      expect(delivery).toMatchObject({
        verdict: "contradicted",
        requestId: r.id,
        reasonFacts: { note: "webhook_contradicted", event: "PaymentIn.Rejected", status: "Pending" },
      });
    },
  );

  it.skipIf(skip)("settles by reconciliation when the sandbox loses the webhook", async () => {
    const r = await payIn();
    await setup.sb.control("POST", "/faults", { operation: "webhook", kind: "drop", match: { requestId: r.providerId } });
    expect(await act(r.providerId!, "pay")).toEqual([]);
    expect((await state(r.id)).status).toBe("pending");
    // Reconciliation tries again when a read fails (a loaded machine can time one out), as its worker does.
    const notes: unknown[] = [];
    for (let attempt = 0; attempt < 3 && (await state(r.id)).status !== "paid"; attempt++) {
      const result = await reconcileRequest(setup.db, apis.get(merchantsByName.coffee.id)!, await state(r.id), {
        providerMerchantId: setup.sb.coffee.merchantId,
      });
      notes.push(result.note);
    }
    expect((await state(r.id)).status, JSON.stringify(notes)).toBe("paid");
  });
});
