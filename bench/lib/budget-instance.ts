/**
 * One PayDesk instance for bench/provider-budget, in its own process: PayDesk's own code for
 * everything that spends the provider's budget — the shared Postgres limiter, the reconciliation
 * worker, the webhook receiver with its queue and confirmations, the slip link check, and a staff
 * create — behind a small HTTP server the benchmark drives. The console's pages are not needed to
 * load the budget and would only share the two cores.
 *
 * BUDGET_DESIGN=lanes is PayDesk as it is; `flat` is the design before lanes and bulk reads, from
 * the same code with those switched off: one lane for every call with a 30 s wait, webhooks
 * confirmed one by one from a queue of 4, reconciliation reading each request by its id.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { openDatabase } from "../../lib/db/client";
import { createKeyVault } from "../../lib/merchants/key-vault";
import { credentialsFor } from "../../lib/merchants/manage";
import { createPaymentApi } from "../../lib/provider/client";
import { createPostgresLimiter, LANES, type Lane, type RateLimiter } from "../../lib/provider/limiter";
import { createRequest } from "../../lib/requests/create";
import { startReconcileWorker } from "../../lib/requests/worker";
import { verifySlipToken } from "../../lib/slips/link";
import { createConfirmationBatcher } from "../../lib/provider-webhooks/confirm-batch";
import { createBoundedQueue, processLater } from "../../lib/provider-webhooks/queue";
import { receiveWebhook } from "../../lib/provider-webhooks/receive";
import { payInRequest } from "../../lib/requests/contract";

const e = process.env;
const flat = e.BUDGET_DESIGN === "flat";
const port = Number(e.BUDGET_PORT);
const sandboxUrl = e.BUDGET_SANDBOX_URL!;
const database = await openDatabase({ url: e.BUDGET_DATABASE_URL!, migrate: false, poolSize: 10 });
const { db } = database;
const vault = createKeyVault([Buffer.from(e.BUDGET_VAULT_KEY!, "hex")]);

const holder = globalThis as typeof globalThis & {
  __paydeskConfirmations?: unknown;
  __paydeskWebhookQueue?: unknown;
  __paydeskPlainWebhookQueue?: unknown;
};
if (flat) {
  holder.__paydeskConfirmations = createConfirmationBatcher({ maxBatch: 1 });
  // One queue of 4 for every delivery, as before.
  holder.__paydeskWebhookQueue = holder.__paydeskPlainWebhookQueue = createBoundedQueue({ concurrency: 4, maxWaiting: 200 });
}

/** Waits for budget by staff creates, measured at the limiter (where the wait happens). */
const staffCreate = new AsyncLocalStorage<{ waits: number[] }>();
const shared = createPostgresLimiter(db, sandboxUrl, {
  count: 20,
  windowMs: 10_000,
  maxWaitMs: flat ? 30_000 : 10_000,
  ...(flat ? { shares: Object.fromEntries(LANES.map((l) => [l, 1])) as Record<Lane, number> } : {}),
});
const limiter: RateLimiter = {
  async acquire(options) {
    const slot = await shared.acquire(
      flat ? { lane: "staff", ...(options?.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs }) } : options,
    );
    staffCreate.getStore()?.waits.push(slot.waitedMs);
    if (e.BENCH_TRACE && slot.waitedMs > 1_000)
      console.log(`[${e.BUDGET_NAME}] ${options?.lane ?? "staff"} waited ${slot.waitedMs} ms (${slot.ok ? "slot" : "busy"})`);
    return slot;
  },
};
let tooMany = 0;
const counting: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  if (answer.status === 429) tooMany += 1;
  return answer;
};
const api = createPaymentApi({ baseUrl: sandboxUrl, timeoutMs: 5_000, limiter, fetch: counting });
const apiIn = (lane: Lane) => async (merchantRowId: string) => {
  const credentials = await credentialsFor(db, vault, merchantRowId);
  return credentials && api.forMerchant(credentials, lane);
};

startReconcileWorker({ db, apiFor: apiIn("reconcile"), confirmFor: apiIn("webhook"), pollMs: 1_000, bulkReads: !flat });

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

http
  .createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      if (req.method === "POST" && url.pathname === "/webhook") {
        const body = await readBody(req);
        const request = new Request(url, { method: "POST", headers: req.headers as Record<string, string>, body: new Uint8Array(body) });
        const result = await receiveWebhook(db, request, { secretHeader: "X-PayDesk-Webhook-Secret", ip: "127.0.0.1" });
        // As lib/provider-webhooks/payment-route.ts: answered once stored, applied from the queue.
        if (result.deliveryId !== null && result.prepared !== null) processLater(db, apiIn("webhook"), result.deliveryId, result.prepared);
        return json(res, result.status, result.body);
      }
      if (req.method === "POST" && url.pathname === "/staff-create") {
        const { merchantRowId, refId1, amountSatang } = JSON.parse((await readBody(req)).toString("utf8")) as {
          merchantRowId: string;
          refId1: string;
          amountSatang: number;
        };
        const merchant = await apiIn("staff")(merchantRowId);
        const store = { waits: [] as number[] };
        const result = await staffCreate.run(store, () =>
          createRequest(
            db,
            merchant!,
            { kind: "payin", payIn: payInRequest({ refId1, payerName: "Staff", amountSatang, qrProvider: "PP" }) },
            { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
          ),
        );
        const code = result.outcome === "sent" ? result.request.statusCode : null;
        return json(res, 200, {
          outcome: result.outcome,
          state: result.outcome === "sent" ? result.state : null,
          code,
          waitedMs: store.waits[0] ?? null,
        });
      }
      if (req.method === "GET" && url.pathname === "/slip") {
        const check = await verifySlipToken(db, api, {
          orgId: url.searchParams.get("org")!,
          paymentRequestId: url.searchParams.get("id")!,
          token: url.searchParams.get("token")!,
        });
        return json(res, 200, check);
      }
      if (req.method === "GET" && url.pathname === "/stats") return json(res, 200, { tooMany, rss: process.memoryUsage().rss });
      json(res, 404, {});
    } catch (error) {
      json(res, 500, { error: error instanceof Error ? error.message : String(error) });
    }
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
