import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ref } from "@/sandbox/testing/harness";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { type DatabaseKind } from "@/lib/db/testing/databases";
import { rotateWebhookSecret } from "@/lib/merchants/webhook-secret";
import { type MerchantApi } from "@/lib/provider/client";
import { createRequest } from "@/lib/requests/create";
import { processStranded } from "@/lib/provider-webhooks/process";
import { CONCURRENCY, createBoundedQueue, type BoundedQueue } from "@/lib/provider-webhooks/queue";
import { payInRequest } from "@/lib/requests/contract";
import { scaled } from "@/lib/testing/vitest-project";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { setUpSandbox } from "../testing/sandbox-fixture";

/**
 * A burst of webhooks larger than the confirmation queue, through the route as the server calls it,
 * confirmed against a real sandbox over HTTP. The first confirmation read is held until the test
 * lets it go (a gate, not a delay: on a busy machine a fixed hold can end before the burst has
 * been posted); meanwhile every webhook must be answered, and no more than the queue's concurrency
 * plus its waiting room may be taken on at all: the rest stay `received` until the stranded sweep
 * settles them. (How claims arriving together share their reads is lib/provider-webhooks/confirm-batch.db.test.ts.)
 */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, intake: undefined as unknown, apis: new Map<string, unknown>() }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db, getIntakeDb: async () => surroundings.intake }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ WEBHOOK_SECRET_HEADER: "X-PayDesk-Webhook-Secret", WEBHOOK_INTAKE_POOL_SIZE: 2, PUBLIC_BASE_URL: "http://127.0.0.1:3000" }),
}));
// The provider client PayDesk would build for the merchant, pointed at the test's sandbox.
vi.mock("@/lib/provider", () => ({ merchantApiIn: () => async (id: string) => surroundings.apis.get(id) }));
// As Next.js runs it: once the response has gone.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: () => unknown) => void setTimeout(() => void task(), 0),
}));

const { receivePaymentWebhook: POST } = await import("./payment-route");

/**
 * The process's confirmation queue (./queue.ts keeps it on globalThis), put there before the first
 * webhook with the production concurrency and a smaller waiting room: what is tested is what a
 * full room does, and a room of 1,000 made this file post 1,038 webhooks on each database (270 s
 * of the suite on a loaded runner) to show it.
 */
const MAX_WAITING = 100;
(globalThis as typeof globalThis & { __paydeskWebhookQueue?: BoundedQueue }).__paydeskWebhookQueue = createBoundedQueue({
  concurrency: CONCURRENCY,
  maxWaiting: MAX_WAITING,
});

const HEADER = "X-PayDesk-Webhook-Secret";
const BURST = CONCURRENCY + MAX_WAITING + 30;

const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["postgres", "live"],
];

describe.each(COMBOS)("a webhook burst on %s against the %s sandbox", (kind, profile) => {
  const setup = setUpSandbox(kind, profile);
  const { skip } = setup;
  let coffee: { id: string; secret: string };

  beforeAll(async () => {
    if (skip) return;
    surroundings.db = setup.db as Db;
    surroundings.intake = setup.database.intake as Db;
    const m = setup.sb.coffee;
    const id = await addSandboxMerchant(setup.db, m);
    coffee = { id, secret: await rotateWebhookSecret(setup.db, id) };
    surroundings.apis.set(id, sandboxMerchantApi(setup.sb, m, { timeoutMs: scaled(120_000), fetch: counting }));
  });

  /** Provider reads made for confirmations (the creates before the burst are not counted). */
  let reads = 0;
  /** While set, the first confirmation read waits here, on its way to the sandbox, until released. */
  let gate: { opened: Promise<void>; open: () => void; armed: boolean; holding: boolean } | null = null;
  const counting: typeof fetch = async (input, init) => {
    if (String(input).includes("/action/Get")) {
      reads += 1;
      if (gate?.armed && String(input).includes("/action/GetPaymentRequests")) {
        gate.armed = false;
        gate.holding = true;
        await gate.opened;
      }
    }
    return fetch(input, init);
  };
  const api = () => surroundings.apis.get(coffee.id) as MerchantApi;
  /** A claim that a pending request was rejected: the provider says Pending, so each one needs its confirmation and none changes the request. */
  const claim = (providerId: string) => ({
    Id: randomUUID(),
    Type: "PaymentIn.Rejected",
    Parameters: [
      { Name: "EVENT_TYPE", Value: "PaymentIn.Rejected" },
      { Name: "MERCHANT_ID", Value: setup.sb.coffee.merchantId },
      { Name: "PMR_ID", Value: providerId },
      { Name: "STATUS_CODE", Value: "ADMIN_REJECT" },
      { Name: "STATUS_REASON", Value: "a burst" },
    ],
  });
  const post = async (body: unknown) => {
    const response = await POST(
      new Request("http://127.0.0.1/api/webhooks/payment", {
        method: "POST",
        headers: { "content-type": "application/json", [HEADER]: coffee.secret },
        body: JSON.stringify(body),
      }) as never,
    );
    return response.status;
  };
  const verdicts = async (ids: number[]) =>
    (await setup.db.select({ verdict: webhookDeliveries.verdict }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids))).map(
      (d) => d.verdict,
    );
  const until = async (what: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it.skipIf(skip)(
    "answers every webhook at once and takes on at most what its queue holds; the sweep settles the rest",
    { timeout: scaled(180_000) },
    async () => {
      const requests: { providerId: string | null }[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await createRequest(
          setup.db,
          api(),
          { kind: "payin", payIn: payInRequest({ refId1: ref("WB"), payerName: "P", amountSatang: 10_000, qrProvider: "PP" }) },
          { merchantRowId: coffee.id, idempotencyKey: randomUUID(), createdBy: null },
        );
        if (created.outcome !== "sent") throw new Error(created.outcome);
        requests.push(created.request);
      }
      // The first confirmation read is held: everything queued behind it waits.
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open, armed: true, holding: false };
      reads = 0;
      const bodies = Array.from({ length: BURST }, (_, i) => claim(requests[i % requests.length]!.providerId!));

      const statuses: number[] = [];
      for (let i = 0; i < bodies.length; i += 50) statuses.push(...(await Promise.all(bodies.slice(i, i + 50).map(post))));
      expect(statuses).toEqual(bodies.map(() => 200));
      // Every answer came while the first confirmation read was held (it has not been let go yet).
      await vi.waitFor(() => expect(gate?.holding).toBe(true), { timeout: scaled(10_000) });
      const stored = (
        await setup.db
          .select({ id: webhookDeliveries.id, jobId: webhookDeliveries.providerJobId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.merchantId, coffee.id))
      ).filter((d) => bodies.some((b) => b.Id === d.jobId));
      const ids = stored.map((d) => d.id);
      expect(ids).toHaveLength(BURST);
      // Nothing is confirmed while the first read is held: none of the answers waited for one.
      expect(await verdicts(ids)).toEqual(ids.map(() => "received"));
      gate.open();

      // Once the held read is answered, the queue drains: exactly what it took on, no more.
      await until(async () => (await verdicts(ids)).filter((v) => v !== "received").length === CONCURRENCY + MAX_WAITING, scaled(120_000));
      await new Promise((r) => setTimeout(r, 500));
      expect((await verdicts(ids)).filter((v) => v === "received")).toHaveLength(BURST - CONCURRENCY - MAX_WAITING);

      // The overflow, durably stored, is the stranded sweep's (50 a pass).
      let swept = 0;
      while (swept < BURST - CONCURRENCY - MAX_WAITING)
        swept += await processStranded(setup.db, async (id) => surroundings.apis.get(id) as MerchantApi | undefined, 0);
      expect(swept).toBe(BURST - CONCURRENCY - MAX_WAITING);
      // Each claim judged by the provider's own record: the requests are Pending, so every one is contradicted.
      expect(await verdicts(ids)).toEqual(ids.map(() => "contradicted"));
      // The held read came first: nothing was confirmed before it was answered.
      expect(reads).toBeGreaterThan(0);
    },
  );
});
