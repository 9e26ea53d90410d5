/**
 * Webhooks arriving together are confirmed together: one list read of the claimed status answers
 * for all of them, and a claim the list does not bear out is asked about by its id, so it is
 * still judged by the provider's own record. Against the live sandbox over HTTP, counting calls.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, webhookDeliveries } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { rotateWebhookSecret } from "../merchants/webhook-secret";
import { type MerchantApi } from "../provider/client";
import { createRequest, type RequestRow } from "../requests/create";
import { ingestWebhook } from "./ingest";
import { processDelivery } from "./process";
import { payInRequest } from "../requests/contract";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { startJobCatcher, type Job, type JobCatcher } from "./testing/job-catcher";
import { setUpSandbox } from "../testing/sandbox-fixture";
describe.each(DATABASE_KINDS)("confirming webhooks together on %s", (kind) => {
  const setup = setUpSandbox(kind, "live");
  const { skip } = setup;
  let catcher: JobCatcher;
  let merchantRowId: string;
  let secret: string;
  let staffApi: MerchantApi;
  let confirmApi: MerchantApi;
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    calls.push(url.pathname.split("/action/")[1]?.split("/")[0] ?? url.pathname);
    return fetch(input, init);
  };

  beforeAll(async () => {
    if (skip) return;
    catcher = await startJobCatcher();
    const m = setup.sb.coffee;
    merchantRowId = await addSandboxMerchant(setup.db, m);
    secret = await rotateWebhookSecret(setup.db, merchantRowId);
    staffApi = sandboxMerchantApi(setup.sb, m, { timeoutMs: 10_000 });
    confirmApi = sandboxMerchantApi(setup.sb, m, { timeoutMs: 10_000, fetch: counting, lane: "webhook" });
    await catcher.catchFor(setup.sb, m);
  });
  afterAll(() => catcher?.close());
  beforeEach(() => {
    calls.length = 0;
  });

  const createPayIns = (n: number, base: number) =>
    Promise.all(
      Array.from({ length: n }, async (_, i) => {
        // Amounts apart by whole baht, so each transfer matches its own request.
        const r = await createRequest(
          setup.db,
          staffApi,
          { kind: "payin", payIn: payInRequest({ refId1: ref("CB"), payerName: "P", amountSatang: base + i * 100, qrProvider: "PP" }) },
          { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
        );
        if (r.outcome !== "sent" || r.state !== "pending") throw new Error(r.outcome);
        return r.request;
      }),
    );
  /** Pays each at the provider and returns the webhooks it sent, not yet given to PayDesk. */
  const payAll = async (rows: RequestRow[]): Promise<Job[]> => {
    const before = catcher.received.length;
    for (const r of rows)
      expect((await setup.sb.control("POST", `/requests/${r.providerId}/pay`, {})).body).toMatchObject({ matched: true });
    await setup.sb.control("POST", "/webhooks/settle");
    const ids = new Set(rows.map((r) => r.providerId));
    return catcher.received
      .slice(before)
      .filter(
        (j) =>
          j.Parameters.some((p) => p.Name === "EVENT_TYPE" && p.Value === "PaymentIn.Success") &&
          j.Parameters.some((p) => p.Name === "PMR_ID" && ids.has(p.Value ?? "")),
      );
  };
  /** Hands every job to PayDesk at once, as a burst of deliveries would arrive. */
  const deliverAll = (jobs: unknown[]) =>
    Promise.all(
      jobs.map(async (job) => {
        const result = await ingestWebhook(setup.db, { secret, rawBody: JSON.stringify(job) });
        expect(result.status).toBe(200);
        return processDelivery(setup.db, async () => confirmApi, result.deliveryId!, result.prepared ?? undefined);
      }),
    );
  /** In the order of `rows`. */
  const statuses = async (rows: RequestRow[]) => {
    const found = new Map(
      (
        await setup.db
          .select()
          .from(paymentRequests)
          .where(
            inArray(
              paymentRequests.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => [r.id, r.status]),
    );
    return rows.map((r) => found.get(r.id));
  };

  it.skipIf(skip)("twelve payments' webhooks are confirmed by one list read, and all applied", async () => {
    const rows = await createPayIns(12, 31_000);
    const jobs = await payAll(rows);
    expect(jobs).toHaveLength(12);
    const verdicts = await deliverAll(jobs);
    expect(verdicts).toEqual(Array(12).fill("applied"));
    expect(await statuses(rows)).toEqual(Array(12).fill("paid"));
    expect(calls.filter((c) => c === "GetPaymentRequests")).toHaveLength(1);
    expect(calls.filter((c) => c === "GetPaymentRequestById")).toHaveLength(0);
  });

  it.skipIf(skip)("a forged success among real ones is not in the list, is asked about by its id, and changes nothing", async () => {
    const rows = await createPayIns(4, 45_000);
    const [unpaid, ...paid] = rows;
    const jobs = await payAll(paid);
    // The attacker copies a real webhook onto the unpaid request (it knows the secret, not the money).
    const forged = structuredClone(jobs[0]!);
    forged.Id = randomUUID();
    forged.Parameters = forged.Parameters.map((p) =>
      p.Name === "PMR_ID"
        ? { ...p, Value: unpaid!.providerId }
        : p.Name === "PMR_REF_ID1"
          ? { ...p, Value: unpaid!.refId1 }
          : p.Name === "TX_AMOUNT"
            ? { ...p, Value: unpaid!.generatedAmount }
            : p,
    );
    const verdicts = await deliverAll([...jobs, forged]);
    expect(verdicts).toEqual(["applied", "applied", "applied", "contradicted"]);
    expect(await statuses(rows)).toEqual(["pending", "paid", "paid", "paid"]);
    expect(calls.filter((c) => c === "GetPaymentRequests")).toHaveLength(1);
    expect(calls.filter((c) => c === "GetPaymentRequestById")).toHaveLength(1);
    const [kept] = await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.providerJobId, forged.Id));
    expect(kept?.verdict).toBe("contradicted");
  });
});
