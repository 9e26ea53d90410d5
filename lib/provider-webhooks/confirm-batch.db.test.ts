/**
 * Webhooks arriving together are confirmed together: one list read of the claimed status answers
 * for all of them, and a claim the list does not bear out is asked about by its id, so it is
 * still judged by the provider's own record. Against the live sandbox over HTTP, counting calls.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { paymentRequests, webhookDeliveries } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { rotateWebhookSecret } from "../merchants/webhook-secret";
import { createPaymentApi, type MerchantApi } from "../provider/client";
import { createRequest, type RequestRow } from "../requests/create";
import { ingestWebhook } from "./ingest";
import { processDelivery } from "./process";
import { payInRequest } from "../requests/contract";

interface Job {
  Id: string;
  Type: string;
  Parameters: { Name: string; Value: string | null }[];
}

describe.each(DATABASE_KINDS)("confirming webhooks together on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let receiver: http.Server;
  let merchantRowId: string;
  let secret: string;
  let staffApi: MerchantApi;
  let confirmApi: MerchantApi;
  const received: Job[] = [];
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    calls.push(url.pathname.split("/action/")[1]?.split("/")[0] ?? url.pathname);
    return fetch(input, init);
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox("live");
    receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        received.push(JSON.parse(body) as Job);
        // Connection: close — a kept-alive socket the server closes after its idle timeout, just as
        // the sandbox sends the next webhook on it, fails that delivery ("other side closed").
        res.writeHead(200, { "Content-Type": "application/json", Connection: "close" }).end('{"status":"ok"}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    const m = sb.coffee;
    const credentials = { orgId: m.orgId, merchantId: m.merchantId, submitKey: m.submitKey, readKey: m.readKey, label: m.name };
    merchantRowId = (await createMerchant(database.db, createKeyVault([randomBytes(32)]), { displayName: m.name, ...credentials })).id;
    secret = await rotateWebhookSecret(database.db, merchantRowId);
    staffApi = createPaymentApi({ baseUrl: sb.url, timeoutMs: 10_000, limiter: null }).forMerchant(credentials);
    confirmApi = createPaymentApi({ baseUrl: sb.url, timeoutMs: 10_000, limiter: null, fetch: counting }).forMerchant(
      credentials,
      "webhook",
    );
    await sb.control("PUT", `/merchants/${m.merchantId}/webhook`, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      headers: {},
    });
  });
  afterAll(async () => {
    receiver?.close();
    await sb?.dispose();
    await database?.dispose();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const createPayIns = (n: number, base: number) =>
    Promise.all(
      Array.from({ length: n }, async (_, i) => {
        // Amounts apart by whole baht, so each transfer matches its own request.
        const r = await createRequest(
          database.db,
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
    const before = received.length;
    for (const r of rows) expect((await sb.control("POST", `/requests/${r.providerId}/pay`, {})).body).toMatchObject({ matched: true });
    await sb.control("POST", "/webhooks/settle");
    const ids = new Set(rows.map((r) => r.providerId));
    return received
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
        const result = await ingestWebhook(database.db, { secret, rawBody: JSON.stringify(job) });
        expect(result.status).toBe(200);
        return processDelivery(database.db, async () => confirmApi, result.deliveryId!, result.prepared ?? undefined);
      }),
    );
  /** In the order of `rows`. */
  const statuses = async (rows: RequestRow[]) => {
    const found = new Map(
      (
        await database.db
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
    const [kept] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.providerJobId, forged.Id));
    expect(kept?.verdict).toBe("contradicted");
  });
});
