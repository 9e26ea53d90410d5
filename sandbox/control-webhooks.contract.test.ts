/**
 * The control API and webhooks, end to end over real HTTP: a throw-away local receiver records
 * what the sandbox sends (docs/provider-facts.md §6), fault injection breaks calls the way a network and
 * the provider do, and bad control input gets a 4xx with a sentence.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { Profile } from "./env";
import { payInBody, payOutBody, startTestSandbox, type SubmitOperation, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";
import type { WebhookDelivery } from "./types";
import { scaled } from "@/lib/testing/vitest-project";

const SECRET_HEADER = "X-PayDesk-Webhook-Secret";
const SECRET = "s3cret";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JOB_KEYS = [
  "Configuration",
  "CreatedDate",
  "Description",
  "EndDate",
  "FailedCount",
  "Id",
  "JobMessage",
  "JobMessage2",
  "Metadata",
  "Name",
  "OrgId",
  "Parameters",
  "PickupDate",
  "ProgressPct",
  "RefId",
  "ScanItemTemplateId",
  "StartDate",
  "Status",
  "SucceedCount",
  "Tags",
  "Type",
  "UpdatedDate",
];

interface Param {
  Name: string;
  Value: string | null;
}
interface Job {
  Type: string;
  Parameters: Param[];
  [key: string]: unknown;
}
interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  job: Job;
}
type Behaviour = "ok" | "500" | "hang" | { delayMs: number };

/** A local HTTP receiver that records every webhook; how it answers is chosen per payment request. */
interface Receiver {
  url: string;
  received: Received[];
  behaviour: Map<string, Behaviour>;
  forRequest(requestId: string): Received[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const behaviour = new Map<string, Behaviour>();
  const server: Server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const job = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Job;
      received.push({ method: req.method ?? "", headers: req.headers, job });
      const how = behaviour.get(param(job, "PMR_ID") ?? "") ?? "ok";
      if (how === "hang") return; // never answers
      if (how === "500") return void res.writeHead(500, { "Content-Type": "text/plain" }).end("receiver broke");
      const answer = () => res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"OK"}');
      if (typeof how === "object") setTimeout(answer, how.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    behaviour,
    forRequest: (id) => received.filter((r) => param(r.job, "PMR_ID") === id),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function param(job: Job, name: string): string | null | undefined {
  return job.Parameters.find((p) => p.Name === name)?.Value;
}
function params(job: Job): Record<string, string | null> {
  return Object.fromEntries(job.Parameters.map((p) => [p.Name, p.Value]));
}

/** Polls until check() returns a value that is not undefined, or fails at the deadline. */
async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function settle(sb: TestSandbox): Promise<void> {
  const res = await sb.control<{ settled: boolean }>("POST", "/webhooks/settle");
  expect(res).toEqual({ status: 200, body: { settled: true } });
}

async function deliveries(sb: TestSandbox, requestId: string): Promise<WebhookDelivery[]> {
  const res = await sb.control<WebhookDelivery[]>("GET", `/webhooks/deliveries?requestId=${requestId}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function create(
  sb: TestSandbox,
  op: SubmitOperation,
  merchant: TestSandbox["coffee"],
  body: Record<string, unknown>,
): Promise<Record<string, Json>> {
  const res = await sb.submit(op, merchant, body);
  expect(res.status).toBe(200);
  const envelope = (await res.json()) as Record<string, Json>;
  expect(envelope.status).toBe("OK");
  return (envelope.paymentResponse ?? envelope.paymentRequest) as Record<string, Json>;
}

async function act(
  sb: TestSandbox,
  id: string,
  action: string,
  body: unknown = {},
): Promise<{ webhookDeliveryIds: string[]; request: Record<string, Json> }> {
  const res = await sb.control<Json>("POST", `/requests/${id}/${action}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every webhook the sandbox sends has this envelope, whatever the event. */
function expectJobShape(r: Received, profile: Profile): void {
  expect(r.method).toBe("POST");
  expect(r.headers["content-type"]).toBe("application/json");
  expect(r.headers[SECRET_HEADER.toLowerCase()]).toBe(SECRET);
  expect(Object.keys(r.job).sort()).toEqual(JOB_KEYS);
  expect(r.job.Id).toMatch(GUID);
  expect(r.job.OrgId).toBe("demo");
  expect(r.job.Status).toBe("Pending");
  expect(r.job.Tags).toBe(r.job.Type);
  expect(r.job.CreatedDate).toMatch(profile === "live" ? /\.\d{7}Z$/ : /\.\d{3}Z$/);
  expect(Array.isArray(r.job.Parameters)).toBe(true);
  for (const p of r.job.Parameters) {
    expect(Object.keys(p).sort()).toEqual(["Name", "Value"]);
    expect(typeof p.Name).toBe("string");
    expect(p.Value === null || typeof p.Value === "string", `${p.Name} = ${JSON.stringify(p.Value)}`).toBe(true);
  }
  // Configuration is the same parameters again, as a JSON string (§6.2).
  expect(typeof r.job.Configuration).toBe("string");
  expect(JSON.parse(String(r.job.Configuration))).toEqual(r.job.Parameters);
}

for (const profile of ["spec", "live"] as const) {
  describe(`webhooks (${profile} profile)`, () => {
    let sb: TestSandbox;
    let rx: Receiver;
    const live = profile === "live";
    /** 1500 → "1500.00" (decimal, and everything in spec) or "1500" (.NET double, live). */
    const dbl = (s: string) => (live ? String(Number(s)) : s);

    beforeAll(async () => {
      [sb, rx] = await Promise.all([startTestSandbox(profile), startReceiver()]);
      for (const m of [sb.coffee, sb.gadgets]) {
        const res = await sb.control<Json>("PUT", `/merchants/${m.merchantId}/webhook`, {
          url: rx.url,
          headers: { [SECRET_HEADER]: SECRET },
        });
        expect(res).toEqual({
          status: 200,
          body: { merchantId: m.merchantId, webhook: { url: rx.url, headerNames: [SECRET_HEADER], isActive: true } },
        });
      }
    });
    afterAll(async () => {
      await sb.dispose();
      await rx.close();
    });

    it("sends PaymentIn.Success after a matched bank transfer", async () => {
      const body = payInBody({ RequestedAmount: 325, RefId2: "order-2" });
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, body);
      const { webhookDeliveryIds } = await act(sb, r.id, "pay");
      expect(webhookDeliveryIds).toHaveLength(1);
      await settle(sb);
      const got = rx.forRequest(r.id);
      expect(got).toHaveLength(1);
      const hook = got[0]!;
      expectJobShape(hook, profile);
      // The live provider types the job Payment.Success; EVENT_TYPE still says PaymentIn.Success (§6.2).
      expect(hook.job.Type).toBe(live ? "Payment.Success" : "PaymentIn.Success");
      const p = params(hook.job);
      const generated = Math.round(r.generatedAmount * 100);
      expect(p).toMatchObject({
        EVENT_TYPE: "PaymentIn.Success",
        STATUS_CODE: "OK",
        STATUS_REASON: "Success",
        PAYMENT_TYPE: "PayIn",
        ORG_ID: "demo",
        PMR_ID: r.id,
        PMR_REF_ID: body.RefId1,
        PMR_REF_ID1: body.RefId1,
        PMR_REF_ID2: "order-2",
        PMR_REF_ID3: null,
        MERCHANT_ID: sb.coffee.merchantId,
        MERCHANT_CODE: "SIAMCOFFEE",
        // .NET number strings: the requested double drops its zeros in live, the tx decimal keeps 2 dp (§6.3).
        PAYIN_REQUEST_AMOUNT: live ? "325" : "325.00",
        TX_AMOUNT: (generated / 100).toFixed(2),
        PAYIN_GENERATED_AMOUNT: live ? String(generated / 100) : (generated / 100).toFixed(2),
        PAYIN_FEE_PCT: "1.5",
        PAYIN_DISCARD_CENT: "False",
        PAYIN_BANK_ACCOUNT_NO: r.payInBankAccountNo,
      });
      expect(p.TX_AMOUNT).toMatch(/^325\.\d\d$/);
      expect(p.PMT_ID).toMatch(GUID);
      expect(p).not.toHaveProperty("PMR_STATUS");

      const log = await deliveries(sb, r.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        id: webhookDeliveryIds[0],
        event: "PaymentIn.Success",
        type: hook.job.Type,
        outcome: "delivered",
        httpStatus: 200,
        url: rx.url,
        headerNames: [SECRET_HEADER],
        merchantId: sb.coffee.merchantId,
        requestId: r.id,
      });
      expect(JSON.stringify(log[0])).not.toContain(SECRET);
    });

    it("sends PaymentIn.Rejected after an admin reject", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: 400 }));
      await act(sb, r.id, "reject", { statusCode: "ERR_SUSPICIOUS", reason: "Looks wrong" });
      await settle(sb);
      const got = rx.forRequest(r.id);
      expect(got).toHaveLength(1);
      expectJobShape(got[0]!, profile);
      expect(got[0]!.job.Type).toBe("PaymentIn.Rejected");
      expect(params(got[0]!.job)).toMatchObject({
        EVENT_TYPE: "PaymentIn.Rejected",
        STATUS_CODE: "ERR_SUSPICIOUS",
        STATUS_REASON: "Looks wrong",
        PMR_STATUS: "Rejected",
        TX_AMOUNT: dbl("400.00"),
        PAYIN_REQUEST_AMOUNT: dbl("400.00"),
        PAYIN_PROMPTPAY_ID: r.payInPromptPayId,
      });
      expect(params(got[0]!.job)).not.toHaveProperty("PMT_ID");
    });

    it("sends PaymentIn.Rejected with ERR_EXPIRED_REQUEST after expiry", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      await act(sb, r.id, "expire");
      await settle(sb);
      const got = rx.forRequest(r.id);
      expect(got).toHaveLength(1);
      expectJobShape(got[0]!, profile);
      expect(got[0]!.job.Type).toBe("PaymentIn.Rejected");
      expect(params(got[0]!.job)).toMatchObject({
        EVENT_TYPE: "PaymentIn.Rejected",
        STATUS_CODE: "ERR_EXPIRED_REQUEST",
        PMR_STATUS: live ? "Rejected" : "Expired",
      });
    });

    it("sends one PaymentOut.Success per payout round, partial until the final one", async () => {
      const r = await create(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: 1500 }));
      await act(sb, r.id, "payout", { amount: "300.00" });
      await settle(sb);
      await act(sb, r.id, "payout", { amount: "300.00" });
      await settle(sb);
      const last = await act(sb, r.id, "payout", {});
      expect(last.request.status).toBe(live ? "Approved" : "Paid");
      await settle(sb);
      const got = rx.forRequest(r.id);
      expect(got).toHaveLength(3);
      for (const hook of got) {
        expectJobShape(hook, profile);
        expect(hook.job.Type).toBe("PaymentOut.Success");
      }
      const p = got.map((h) => params(h.job));
      expect(p.map((x) => x.PAYOUT_IS_PARTIAL)).toEqual(["True", "True", "False"]);
      expect(p.map((x) => x.TX_AMOUNT)).toEqual(["300.00", "300.00", "900.00"]);
      expect(p.map((x) => x.PMR_STATUS)).toEqual(["Pending", "Pending", live ? "Approved" : "Paid"]);
      // Only newer provider versions send the running total (§6.3, §8.9).
      if (live) for (const x of p) expect(x).not.toHaveProperty("PAYOUT_PAID_AMOUNT_INCLUSIVE");
      else expect(p.map((x) => x.PAYOUT_PAID_AMOUNT_INCLUSIVE)).toEqual(["300.00", "600.00", "1500.00"]);
      expect(p[0]).toMatchObject({
        EVENT_TYPE: "PaymentOut.Success",
        STATUS_CODE: "OK",
        PAYMENT_TYPE: "PayOut",
        PAYOUT_REQUEST_AMOUNT: dbl("1500.00"),
        PAYOUT_BANK_CODE: "KBANK",
        PAYOUT_BANK_ACCOUNT_NO: "0123456789",
        PAYOUT_BANK_ACCOUNT_NAME: "Somchai Jaidee",
        PAYOUT_PROMPTPAY_ID: null,
        PAYOUT_FEE_PCT: "0.5",
        PAYOUT_FEE: "1.50", // 0.5 % of 300.00
      });
      expect(p[0]!.PMT_ID).toMatch(GUID);
      expect(p[0]).not.toHaveProperty("PAYIN_REQUEST_AMOUNT");
    });

    it("sends PaymentOut.Rejected after a pay-out reject", async () => {
      const r = await create(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: 777 }));
      await act(sb, r.id, "reject", { reason: "Beneficiary account closed" });
      await settle(sb);
      const got = rx.forRequest(r.id);
      expect(got).toHaveLength(1);
      expectJobShape(got[0]!, profile);
      expect(got[0]!.job.Type).toBe("PaymentOut.Rejected");
      expect(params(got[0]!.job)).toMatchObject({
        EVENT_TYPE: "PaymentOut.Rejected",
        STATUS_CODE: null,
        STATUS_REASON: "Beneficiary account closed",
        PMR_STATUS: "Rejected",
        TX_AMOUNT: dbl("777.00"),
        PAYOUT_REQUEST_AMOUNT: dbl("777.00"),
      });
    });

    it("sends PaymentIn.Success for an approved P2P and a partial PaymentOut.Success for its pay-out", async () => {
      const payout = await create(
        sb,
        "SubmitPayOutRequest",
        sb.gadgets,
        payOutBody({ RequestedAmount: 2000, PromptPayId: "0812345678", AccountType: "PromptPay" }),
      );
      const p2p = await create(sb, "SubmitPayInRequestP2P", sb.coffee, payInBody({ RequestedAmount: 500 }));
      const stored = await sb.control<Json>("GET", `/requests/${p2p.id}`);
      expect(stored.body.payinPeer2PeerPayoutId).toBe(payout.id);
      const { webhookDeliveryIds } = await act(sb, p2p.id, "approve");
      expect(webhookDeliveryIds).toHaveLength(2);
      await settle(sb);

      const pin = rx.forRequest(p2p.id);
      expect(pin).toHaveLength(1);
      expectJobShape(pin[0]!, profile);
      expect(pin[0]!.job.Type).toBe(live ? "Payment.Success" : "PaymentIn.Success");
      expect(params(pin[0]!.job)).toMatchObject({
        EVENT_TYPE: "PaymentIn.Success",
        MERCHANT_ID: sb.coffee.merchantId,
        TX_AMOUNT: "500.00",
        PAYIN_REQUEST_AMOUNT: dbl("500.00"),
      });

      const pout = rx.forRequest(payout.id);
      expect(pout).toHaveLength(1);
      expectJobShape(pout[0]!, profile);
      expect(pout[0]!.job.Type).toBe("PaymentOut.Success");
      expect(params(pout[0]!.job)).toMatchObject({
        EVENT_TYPE: "PaymentOut.Success",
        MERCHANT_ID: sb.gadgets.merchantId,
        PAYOUT_IS_PARTIAL: "True",
        TX_AMOUNT: "500.00",
        PMR_STATUS: "Pending",
        PAYOUT_REQUEST_AMOUNT: dbl("2000.00"),
        PAYOUT_PROMPTPAY_ID: "0812345678",
      });
      if (!live) expect(param(pout[0]!.job, "PAYOUT_PAID_AMOUNT_INCLUSIVE")).toBe("500.00");
    });

    it("attempts a receiver that answers 500 once, without retry, and logs it as failed", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      rx.behaviour.set(r.id, "500");
      await act(sb, r.id, "pay");
      await settle(sb);
      expect(rx.forRequest(r.id)).toHaveLength(1);
      const log = await deliveries(sb, r.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: "failed", httpStatus: 500, responseSnippet: "receiver broke" });
    });

    it("settle waits for deliveries still in flight", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      rx.behaviour.set(r.id, { delayMs: 700 });
      await act(sb, r.id, "pay");
      // The receiver has the request but has not answered yet: nothing is logged.
      await waitFor("the receiver to get the webhook", () => (rx.forRequest(r.id).length === 1 ? true : undefined));
      expect(await deliveries(sb, r.id)).toEqual([]);
      const started = Date.now();
      await settle(sb);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect((await deliveries(sb, r.id)).map((d) => d.outcome)).toEqual(["delivered"]);
    });

    it("drops a webhook on a drop fault: logged as dropped, nothing received", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      const fault = await sb.control<Json>("POST", "/faults", { operation: "webhook", kind: "drop", match: { requestId: r.id } });
      expect(fault.status).toBe(201);
      await act(sb, r.id, "pay");
      await settle(sb);
      expect(rx.forRequest(r.id)).toEqual([]);
      const log = await deliveries(sb, r.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: "dropped", event: "PaymentIn.Success", httpStatus: null });
      // Used up: the fault list no longer has it.
      expect((await sb.control<Json[]>("GET", "/faults")).body.map((f) => f.id)).not.toContain(fault.body.id);
    });

    it("leaves a wildcard fault of a kind a webhook cannot apply for the provider calls, and still takes a wildcard delay", async () => {
      const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      const broken: Record<string, Json>[] = [];
      for (const kind of ["http500", "http429", "reset", "malformed", "timeout"]) {
        const res = await sb.control<Json>("POST", "/faults", { operation: "*", kind, match: { requestId: r.id } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        broken.push(res.body);
      }
      const delay = await sb.control<Json>("POST", "/faults", { operation: "*", kind: "delay", delayMs: 200, match: { requestId: r.id } });
      expect(delay.status).toBe(201);
      const started = Date.now();
      await act(sb, r.id, "pay");
      await settle(sb);
      // Delivered, after the wildcard delay behind the five faults it skipped.
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect(rx.forRequest(r.id)).toHaveLength(1);
      expect((await deliveries(sb, r.id)).map((d) => d.outcome)).toEqual(["delivered"]);
      // The delay is used up; the five others are still there, untouched…
      const left = (await sb.control<Json[]>("GET", "/faults")).body.filter((f) => f.match.requestId === r.id);
      expect(left.map((f) => [f.id, f.remaining])).toEqual(broken.map((f) => [f.id, 1]));
      // …and still break the provider call they match, the first one first.
      const read = await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: r.id });
      expect({ status: read.status, text: await read.text() }).toEqual({ status: 500, text: "" });
      for (const f of broken) await sb.control("DELETE", `/faults/${f.id}`);
    });

    if (!live) {
      it("sends a Withdrawal's outcomes as PaymentOut events", async () => {
        const paid = await create(sb, "SubmitWithdrawalRequest", sb.gadgets, payOutBody({ RequestedAmount: 250 }));
        const rejected = await create(sb, "SubmitWithdrawalRequest", sb.gadgets, payOutBody({ RequestedAmount: 260 }));
        expect(paid.type).toBe("PayOut");
        await act(sb, paid.id, "payout");
        await act(sb, rejected.id, "reject", { reason: "No" });
        await settle(sb);
        const [success] = rx.forRequest(paid.id);
        const [failure] = rx.forRequest(rejected.id);
        expectJobShape(success!, profile);
        expectJobShape(failure!, profile);
        expect(success!.job.Type).toBe("PaymentOut.Success");
        expect(params(success!.job)).toMatchObject({
          EVENT_TYPE: "PaymentOut.Success",
          PAYMENT_TYPE: "PayOut",
          PAYOUT_IS_PARTIAL: "False",
          TX_AMOUNT: "250.00",
          MERCHANT_ID: sb.gadgets.merchantId,
        });
        expect(failure!.job.Type).toBe("PaymentOut.Rejected");
        expect(params(failure!.job)).toMatchObject({ EVENT_TYPE: "PaymentOut.Rejected", PAYMENT_TYPE: "PayOut", PMR_STATUS: "Rejected" });
      });

      it(
        "gives up on a receiver that never answers after 5 seconds, once",
        async () => {
          const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
          rx.behaviour.set(r.id, "hang");
          await act(sb, r.id, "pay");
          const log = await waitFor(
            "the delivery to time out",
            async () => {
              const list = await deliveries(sb, r.id);
              return list.length > 0 ? list : undefined;
            },
            9_000,
          );
          expect(log).toHaveLength(1);
          expect(log[0]!.outcome).toBe("failed");
          expect(log[0]!.httpStatus).toBeNull();
          expect(log[0]!.error).toMatch(/timeout|abort/i);
          expect(log[0]!.durationMs).toBeGreaterThanOrEqual(4_900);
          expect(log[0]!.durationMs).toBeLessThan(7_000);
          expect(rx.forRequest(r.id)).toHaveLength(1);
        },
        scaled(15_000),
      );
    }
  });
}

/** A submit with a client-side timeout, which the harness's fetch does not take. */
function submitWithSignal(
  sb: TestSandbox,
  op: SubmitOperation,
  merchant: TestSandbox["coffee"],
  body: Record<string, unknown>,
  signal?: AbortSignal,
) {
  return fetch(`${sb.url}/api/PaymentRequest/org/${merchant.orgId}/action/${op}/${merchant.merchantId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Basic ${Buffer.from(`api:${merchant.submitKey}`).toString("base64")}` },
    body: JSON.stringify(body),
    signal,
  });
}

async function byRef(sb: TestSandbox, refId1: string): Promise<Record<string, Json>[]> {
  const res = await sb.control<Record<string, Json>[]>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe("fault injection on submits", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
    // Room for every P2P below, from the other merchant.
    await create(sb, "SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 40_000 }));
  });
  afterAll(async () => sb.dispose());

  const ops: SubmitOperation[] = ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"];
  const bodyFor = (op: SubmitOperation) =>
    op.includes("PayIn") ? payInBody({ RequestedAmount: 100 }) : payOutBody({ RequestedAmount: 100 });

  const addFault = async (input: Record<string, unknown>) => {
    const res = await sb.control<Json>("POST", "/faults", input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; remaining: number };
  };

  for (const op of ops) {
    describe(op, () => {
      it("delay: answers normally, but no sooner than delayMs", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "delay", delayMs: 300, match: { refId1: body.RefId1 } });
        const started = performance.now();
        const res = await sb.submit(op, sb.coffee, body);
        expect(performance.now() - started).toBeGreaterThanOrEqual(295);
        expect(res.status).toBe(200);
        expect((await res.json()).status).toBe("OK");
        expect(await byRef(sb, String(body.RefId1))).toHaveLength(1);
      });

      it("timeout: says nothing, so the client's own timeout fires; before → nothing created", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "timeout", delayMs: 1_500, match: { refId1: body.RefId1 } });
        const started = performance.now();
        const error = await submitWithSignal(sb, op, sb.coffee, body, AbortSignal.timeout(500)).then(
          () => null,
          (e: unknown) => e as Error,
        );
        expect(error?.name).toBe("TimeoutError");
        expect(performance.now() - started).toBeLessThan(1_400);
        expect(await byRef(sb, String(body.RefId1))).toEqual([]);
      });

      it("http500: an empty 500; before → nothing created", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "http500", match: { refId1: body.RefId1 } });
        const res = await sb.submit(op, sb.coffee, body);
        expect({ status: res.status, text: await res.text() }).toEqual({ status: 500, text: "" });
        expect(await byRef(sb, String(body.RefId1))).toEqual([]);
      });

      it("http429: the provider's text/plain 429", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "http429", match: { refId1: body.RefId1 } });
        const res = await sb.submit(op, sb.coffee, body);
        expect(res.status).toBe(429);
        expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(res.headers.get("retry-after")).toBeNull();
        expect(await res.text()).toBe("Too many requests. Try again later.");
        expect(await byRef(sb, String(body.RefId1))).toEqual([]);
      });

      it("reset: fetch rejects", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "reset", match: { refId1: body.RefId1 } });
        await expect(sb.submit(op, sb.coffee, body)).rejects.toThrow(TypeError);
        expect(await byRef(sb, String(body.RefId1))).toEqual([]);
      });

      it("malformed: a 200 whose JSON does not parse", async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "malformed", match: { refId1: body.RefId1 } });
        const res = await sb.submit(op, sb.coffee, body);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        const text = await res.text();
        expect(text.length).toBeGreaterThan(0);
        expect(() => JSON.parse(text)).toThrow(SyntaxError);
      });

      it('when "after": the request is created although the client saw a failure', async () => {
        const body = bodyFor(op);
        await addFault({ operation: op, kind: "http500", when: "after", match: { refId1: body.RefId1 } });
        const res = await sb.submit(op, sb.coffee, body);
        expect({ status: res.status, text: await res.text() }).toEqual({ status: 500, text: "" });
        const rows = await byRef(sb, String(body.RefId1));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ refId1: body.RefId1, status: "Pending", merchantId: sb.coffee.merchantId });
        // The retry a client makes with the same RefId1 is now a duplicate.
        const retry = await sb.submit(op, sb.coffee, body);
        expect((await retry.json()).status).toBe("REF_ID1_DUPLICATE");
      });
    });
  }

  it("reset after: fetch rejects but the request exists", async () => {
    const body = payInBody();
    await addFault({ operation: "SubmitPayInRequest", kind: "reset", when: "after", match: { refId1: body.RefId1 } });
    await expect(sb.submit("SubmitPayInRequest", sb.coffee, body)).rejects.toThrow(TypeError);
    expect(await byRef(sb, String(body.RefId1))).toHaveLength(1);
  });

  it("count: 2 breaks exactly two calls", async () => {
    const body = payInBody();
    const fault = await addFault({ operation: "SubmitPayInRequest", kind: "http500", count: 2, match: { refId1: body.RefId1 } });
    expect(fault.remaining).toBe(2);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sb.submit("SubmitPayInRequest", sb.coffee, body);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([500, 500, 200]);
    expect(await byRef(sb, String(body.RefId1))).toHaveLength(1);
    expect((await sb.control<Json[]>("GET", "/faults")).body.map((f) => f.id)).not.toContain(fault.id);
  });

  it("match.merchantId leaves other merchants' calls alone", async () => {
    const fault = await addFault({
      operation: "SubmitPayOutRequest",
      kind: "http500",
      match: { merchantId: sb.coffee.merchantId.toUpperCase() },
    });
    const other = await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody());
    expect(other.status).toBe(200);
    expect((await other.json()).status).toBe("OK");
    expect((await sb.control<Json[]>("GET", "/faults")).body.map((f) => f.id)).toContain(fault.id);
    const mine = await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody());
    expect({ status: mine.status, text: await mine.text() }).toEqual({ status: 500, text: "" });
  });

  it("a wildcard operation breaks any provider call it matches", async () => {
    const body = payInBody();
    await addFault({ operation: "*", kind: "http429", match: { refId1: body.RefId1 } });
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, body);
    expect(res.status).toBe(429);
    await res.arrayBuffer();
  });

  it("lists and deletes faults", async () => {
    expect((await sb.control("DELETE", "/faults")).status).toBe(200);
    const a = await addFault({ operation: "GetPaymentRequestById", kind: "http500", count: 3 });
    const b = await addFault({ operation: "webhook", kind: "drop", match: { merchantId: sb.gadgets.merchantId } });
    const listed = await sb.control<Json[]>("GET", "/faults");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: a.id, operation: "GetPaymentRequestById", kind: "http500", remaining: 3, when: "before", match: {} }),
      expect.objectContaining({ id: b.id, operation: "webhook", kind: "drop", remaining: 1, match: { merchantId: sb.gadgets.merchantId } }),
    ]);
    expect(await sb.control("DELETE", `/faults/${a.id}`)).toEqual({ status: 200, body: { cleared: 1 } });
    expect((await sb.control<Json[]>("GET", "/faults")).body.map((f) => f.id)).toEqual([b.id]);
    expect(await sb.control("DELETE", "/faults")).toEqual({ status: 200, body: { cleared: 1 } });
    expect(await sb.control("GET", "/faults")).toEqual({ status: 200, body: [] });
  });
});

describe("fault injection on read and slip endpoints", () => {
  let sb: TestSandbox;
  let r: Record<string, Json>;
  let token: string;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
    r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    token = String(r.slipUploadUrl).split("/").at(-1) ?? "";
  });
  afterAll(async () => sb.dispose());

  const addFault = async (input: Record<string, unknown>) => {
    const res = await sb.control<Json>("POST", "/faults", input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const readById = () => sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: r.id });

  it("GetPaymentRequestById: http500 for the matched request only, then normal again", async () => {
    await addFault({ operation: "GetPaymentRequestById", kind: "http500", match: { requestId: r.id.toUpperCase() } });
    const other = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    const untouched = await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: other.id });
    expect(((await untouched.json()) as Json).status).toBe("OK");
    const broken = await readById();
    expect({ status: broken.status, text: await broken.text() }).toEqual({ status: 500, text: "" });
    expect(((await (await readById()).json()) as Json).status).toBe("OK");
  });

  it("GetPaymentRequestById: malformed JSON, a reset, a 429 and a delay", async () => {
    await addFault({ operation: "GetPaymentRequestById", kind: "malformed", match: { requestId: r.id } });
    const malformed = await readById();
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow(SyntaxError);

    await addFault({ operation: "GetPaymentRequestById", kind: "reset", match: { requestId: r.id } });
    await expect(readById()).rejects.toThrow(TypeError);

    await addFault({ operation: "GetPaymentRequestById", kind: "http429", match: { requestId: r.id } });
    const limited = await readById();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toBe("Too many requests. Try again later.");

    await addFault({ operation: "GetPaymentRequestById", kind: "delay", delayMs: 250, match: { requestId: r.id } });
    const started = performance.now();
    const slow = await readById();
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    expect(((await slow.json()) as Json).status).toBe("OK");
  });

  it("GetPaymentRequests and GetPaymentRequestCount: a timeout the client's own timeout ends, and an empty 500", async () => {
    await addFault({ operation: "GetPaymentRequests", kind: "timeout", delayMs: 1_500 });
    const url = `${sb.url}/api/PaymentRequest/org/${sb.coffee.orgId}/action/GetPaymentRequests`;
    const headers = {
      "Content-Type": "application/json",
      Authorization: `Basic ${Buffer.from(`api:${sb.coffee.readKey}`).toString("base64")}`,
    };
    const error = await fetch(url, { method: "POST", headers, body: "{}", signal: AbortSignal.timeout(400) }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe("TimeoutError");
    await addFault({ operation: "GetPaymentRequestCount", kind: "http500" });
    const count = await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: {} });
    expect({ status: count.status, text: await count.text() }).toEqual({ status: 500, text: "" });
    expect((await (await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: {} })).json()) as number).toBeGreaterThan(0);
  });

  it("slip endpoints: VerifyPayInToken 500, CheckPayInSlipDup reset, UploadPayInSlipById 'after' stores the slip though the client saw a 500", async () => {
    await addFault({ operation: "VerifyPayInToken", kind: "http500", match: { requestId: r.id } });
    const verify = await sb.call("VerifyPayInToken", { rest: `${r.id}/${token}` });
    expect({ status: verify.status, text: await verify.text() }).toEqual({ status: 500, text: "" });
    expect(((await (await sb.call("VerifyPayInToken", { rest: `${r.id}/${token}` })).json()) as Json).status).toBe("OK");

    await addFault({ operation: "CheckPayInSlipDup", kind: "reset", match: { requestId: r.id } });
    await expect(sb.call("CheckPayInSlipDup", { rest: `${r.id}/AB12/CD34` })).rejects.toThrow(TypeError);

    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    await addFault({ operation: "UploadPayInSlipById", kind: "http500", when: "after", match: { requestId: r.id } });
    const up = await sb.call("UploadPayInSlipById", { rest: `${r.id}/${token}`, body: { ImageBase64: png } });
    expect({ status: up.status, text: await up.text() }).toEqual({ status: 500, text: "" });
    expect((await sb.control<Json[]>("GET", `/slips?requestId=${r.id}`)).body).toHaveLength(1);
  });
});

describe("control API: money at a receiving account, unidentified transfers and the expiry sweep", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    // A fast automatic sweep, so the last test can watch it work without calling expire-due.
    sb = await startTestSandbox("spec", { expirySweepMs: 50 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => sb.dispose());

  const accountOf = async (accountNo: string) => {
    const accounts = await sb.control<Json[]>("GET", `/accounts?merchantId=${sb.coffee.merchantId}`);
    const found = accounts.body.find((a) => a.accountNo === accountNo && a.category === "PayIn");
    expect(found, accountNo).toBeDefined();
    return found.id as string;
  };

  it("POST /bank-transfers pays the one pending pay-in with that amount on that account; anything else stays unidentified", async () => {
    const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: 731 }));
    const here = await accountOf(r.payInBankAccountNo);
    const elsewhere = (await sb.control<Json[]>("GET", `/accounts?merchantId=${sb.coffee.merchantId}`)).body.find(
      (a) => a.category === "PayIn" && a.id !== here,
    ).id as string;
    const amount = r.generatedAmount.toFixed(2);

    const wrongAccount = await sb.control<Json>("POST", "/bank-transfers", { accountId: elsewhere, amount });
    expect(wrongAccount).toEqual({ status: 200, body: { matched: false, unidentifiedId: expect.stringMatching(GUID) } });
    const wrongAmount = await sb.control<Json>("POST", "/bank-transfers", { accountId: here, amount: "731.00" }); // generatedAmount is 731.01–731.99
    expect(wrongAmount.body.matched).toBe(false);
    expect((await sb.control<Json>("GET", `/requests/${r.id}`)).body.status).toBe("Pending");

    const unidentified = await sb.control<Json[]>("GET", "/unidentified");
    expect(unidentified.body.map((u) => u.id)).toEqual(
      expect.arrayContaining([wrongAccount.body.unidentifiedId, wrongAmount.body.unidentifiedId]),
    );
    expect(unidentified.body.find((u) => u.id === wrongAccount.body.unidentifiedId)).toMatchObject({
      accountId: elsewhere,
      amountSatang: Math.round(r.generatedAmount * 100),
      reason: expect.stringMatching(/no pending request/),
    });

    const paid = await sb.control<Json>("POST", "/bank-transfers", { accountId: here, amount });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ matched: true, request: { id: r.id, status: "Paid" }, webhookDeliveryIds: [expect.any(String)] });
    // The same money again matches nothing: the request is no longer pending.
    expect((await sb.control<Json>("POST", "/bank-transfers", { accountId: here, amount })).body.matched).toBe(false);
  });

  it("POST /expire-due ends the pending pay-ins past their expireAt, and only those", async () => {
    // A sandbox of its own whose sweeper waits an hour: this describe's 50 ms one would otherwise
    // expire the request first, between the clock's jump and the call, leaving the call nothing.
    const sb = await startTestSandbox("spec", { expirySweepMs: 3_600_000 });
    onTestFinished(() => sb.dispose());
    const due = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    const payout = await create(sb, "SubmitPayOutRequest", sb.coffee, payOutBody());
    expect((await sb.control<Json>("POST", "/expire-due")).body).toEqual({ expired: 0 });
    // Sixteen minutes later (15 is the spec default); only Date is faked, the sockets run for real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const swept = await sb.control<Json>("POST", "/expire-due");
    expect(swept.status).toBe(200);
    expect(swept.body.expired).toBeGreaterThanOrEqual(1);
    expect((await sb.control<Json>("GET", `/requests/${due.id}`)).body).toMatchObject({
      status: "Expired",
      statusCode: "ERR_EXPIRED_REQUEST",
    });
    expect((await sb.control<Json>("GET", `/requests/${payout.id}`)).body.status).toBe("Pending");
    expect((await deliveries(sb, due.id)).map((d) => d.event)).toEqual(["PaymentIn.Rejected"]);
  });

  it("the automatic sweep does the same without being asked", async () => {
    const r = await create(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    await waitFor("the sweeper to expire the request", async () => {
      const { body } = await sb.control<Json>("GET", `/requests/${r.id}`);
      return body.status === "Expired" ? body : undefined;
    });
  });
});

describe("control API bad input", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  /** Any control call, with a raw body; asserts the error shape `{ error: "<sentence>" }`. */
  async function expectError(
    method: string,
    pathname: string,
    rawBody: string | undefined,
    status: number,
    mentions?: RegExp,
  ): Promise<string> {
    const res = await fetch(`${sb.url}/sandbox${pathname}`, {
      method,
      headers: rawBody === undefined ? {} : { "Content-Type": "application/json" },
      body: rawBody,
    });
    expect(res.status, `${method} ${pathname}`).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["error"]);
    const error = String(body.error);
    expect(error.length).toBeGreaterThan(10);
    expect(error).not.toContain("\n");
    if (mentions) expect(error).toMatch(mentions);
    return error;
  }

  const pending = async () => (await create(sb, "SubmitPayInRequest", sb.coffee, payInBody())).id as string;

  it("refuses malformed JSON", async () => {
    await expectError("POST", `/requests/${await pending()}/pay`, "{not json", 400, /JSON/);
  });

  it("refuses unknown fields", async () => {
    const id = await pending();
    await expectError("POST", `/requests/${id}/pay`, JSON.stringify({ amount: "10.00", surprise: true }), 400, /surprise/);
    await expectError("POST", `/requests/${id}/approve`, JSON.stringify({ force: true }), 400, /force/);
    await expectError(
      "POST",
      "/faults",
      JSON.stringify({ operation: "SubmitPayInRequest", kind: "http500", match: { orgId: "demo" } }),
      400,
      /orgId/,
    );
    // None of that touched the request.
    expect((await sb.control<Json>("GET", `/requests/${id}`)).body.status).toBe("Pending");
  });

  for (const amount of ["12.345", "-1", "abc", "0"]) {
    it(`refuses the amount ${JSON.stringify(amount)}`, async () => {
      const id = await pending();
      await expectError("POST", `/requests/${id}/pay`, JSON.stringify({ amount }), 400, /amount/i);
      const payout = await create(sb, "SubmitPayOutRequest", sb.coffee, payOutBody());
      await expectError("POST", `/requests/${payout.id}/payout`, JSON.stringify({ amount }), 400, /amount/i);
    });
  }

  it("answers an unknown request id with 404", async () => {
    const id = randomUUID();
    await expectError("POST", `/requests/${id}/pay`, "{}", 404, new RegExp(id));
    await expectError("GET", `/requests/${id}`, undefined, 404, new RegExp(id));
    await expectError("POST", `/requests/${id}/expire`, "{}", 404);
  });

  it("answers paying an already Paid request with 409", async () => {
    const id = await pending();
    expect((await sb.control("POST", `/requests/${id}/pay`, {})).status).toBe(200);
    await expectError("POST", `/requests/${id}/pay`, "{}", 409, /Paid/);
    await expectError("POST", `/requests/${id}/expire`, "{}", 409, /Paid/);
  });

  it("answers a payout of more than what remains with 400", async () => {
    const payout = await create(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: 1000 }));
    expect((await sb.control("POST", `/requests/${payout.id}/payout`, { amount: "600.00" })).status).toBe(200);
    await expectError("POST", `/requests/${payout.id}/payout`, JSON.stringify({ amount: "400.01" }), 400, /400/);
    expect((await sb.control("POST", `/requests/${payout.id}/payout`, { amount: "400.00" })).status).toBe(200);
  });

  it("answers an unknown route with 404", async () => {
    await expectError("GET", "/no-such-thing", undefined, 404, /no-such-thing/);
    await expectError("DELETE", "/requests", undefined, 404);
  });

  it('refuses kind "drop" on a submit operation', async () => {
    await expectError("POST", "/faults", JSON.stringify({ operation: "SubmitPayInRequest", kind: "drop" }), 400, /drop/);
    expect((await sb.control("GET", "/faults")).body).toEqual([]);
  });

  it("refuses a webhook URL that is not http(s) and an unknown merchant", async () => {
    await expectError("PUT", `/merchants/${sb.coffee.merchantId}/webhook`, JSON.stringify({ url: "ftp://example.com/x" }), 400);
    await expectError("PUT", `/merchants/${randomUUID()}/webhook`, JSON.stringify({ url: "http://127.0.0.1:9/x" }), 404, /merchant/);
  });
  it("refuses wrong types, naming the field", async () => {
    const id = await pending();
    await expectError("POST", `/requests/${id}/pay`, JSON.stringify({ amount: { baht: 10 } }), 400, /amount/);
    await expectError("POST", `/requests/${id}/reject`, JSON.stringify({ reason: 42 }), 400, /reason/);
    await expectError("POST", `/requests/${id}/slip-token`, JSON.stringify({ ttlSeconds: "60" }), 400, /ttlSeconds/);
    await expectError(
      "PATCH",
      `/merchants/${sb.coffee.merchantId}`,
      JSON.stringify({ payinExpireMinutes: "15" }),
      400,
      /payinExpireMinutes/,
    );
    await expectError("POST", "/faults", JSON.stringify({ operation: "SubmitPayInRequest", kind: "http500", count: "2" }), 400, /count/);
    await expectError("POST", "/keys", JSON.stringify({ merchantId: sb.coffee.merchantId, roles: "VIEWER" }), 400, /roles/);
    await expectError(
      "PUT",
      `/merchants/${sb.coffee.merchantId}/webhook`,
      JSON.stringify({ url: "http://127.0.0.1:9/x", isActive: "yes" }),
      400,
      /isActive/,
    );
    // A JSON array or a bare value is not an object either.
    await expectError("POST", `/requests/${id}/pay`, "[]", 400);
    await expectError("POST", "/faults", '"http500"', 400);
    expect((await sb.control<Json>("GET", `/requests/${id}`)).body.status).toBe("Pending");
    expect((await sb.control("GET", "/faults")).body).toEqual([]);
  });

  it("refuses an unknown fault operation or kind, and webhook faults other than drop and delay", async () => {
    await expectError("POST", "/faults", JSON.stringify({ operation: "SubmitSomething", kind: "http500" }), 400, /operation/);
    await expectError("POST", "/faults", JSON.stringify({ operation: "SubmitPayInRequest", kind: "explode" }), 400, /kind/);
    await expectError("POST", "/faults", JSON.stringify({ operation: "webhook", kind: "http500" }), 400, /drop.*delay/);
    expect((await sb.control("GET", "/faults")).body).toEqual([]);
  });

  it("answers unknown merchants, keys and accounts with 404, and changes nothing", async () => {
    const ghost = randomUUID();
    await expectError("PATCH", `/merchants/${ghost}`, JSON.stringify({ payinExpireMinutes: 5 }), 404, new RegExp(ghost));
    await expectError("PATCH", "/merchants/not-a-guid", JSON.stringify({ payinExpireMinutes: 5 }), 404, /not-a-guid/);
    await expectError("DELETE", `/merchants/${ghost}/webhook`, undefined, 404, /merchant/);
    await expectError("POST", "/keys", JSON.stringify({ merchantId: ghost, roles: ["VIEWER"] }), 404, new RegExp(ghost));
    await expectError("PATCH", `/keys/${randomUUID()}`, JSON.stringify({ status: "Disabled" }), 404, /key/);
    await expectError("POST", "/bank-transfers", JSON.stringify({ accountId: ghost, amount: "100.00" }), 404, new RegExp(ghost));
    // A pay-out destination is not a receiving account.
    await expectError("POST", "/bank-transfers", JSON.stringify({ accountId: sb.coffee.payoutDestinations[0]!.id, amount: "100.00" }), 404);
    expect((await sb.control<Json>("GET", "/info")).body.merchants).toHaveLength(2);
  });

  it("refuses merchant settings whose minimum is above the maximum", async () => {
    await expectError(
      "PATCH",
      `/merchants/${sb.gadgets.merchantId}`,
      JSON.stringify({ payinMinAmount: "500.00", payinMaxAmount: "100.00" }),
      400,
      /payinMinAmount/,
    );
    // Unchanged: 50.00 is still below gadgets' seeded 100.00 minimum, 150.00 still fine.
    const low = await (await sb.submit("SubmitPayInRequest", sb.gadgets, payInBody({ RequestedAmount: 50 }))).json();
    expect((low as Json).status).toBe("ERROR_VALUE_NOT_IN_RANGE");
    const ok = await (await sb.submit("SubmitPayInRequest", sb.gadgets, payInBody({ RequestedAmount: 150 }))).json();
    expect((ok as Json).status).toBe("OK");
  });

  it("answers a body over 1 MiB with 413 and a sentence, and keeps serving", async () => {
    const id = await pending();
    await expectError("POST", `/requests/${id}/reject`, JSON.stringify({ reason: "x".repeat(1024 * 1024 + 10) }), 413, /1 MiB/);
    expect((await sb.control<Json>("GET", `/requests/${id}`)).body.status).toBe("Pending");
    expect((await sb.control("POST", `/requests/${id}/reject`, { reason: "short" })).status).toBe(200);
  });
});
