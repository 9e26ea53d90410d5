/**
 * The `live` profile reproduces what a client of the v0.2.54 provider really sees, deviation by
 * deviation (docs/provider-facts.md §8.9 and the sections it points to). Where the spec profile differs,
 * both are asserted, because PayDesk has to accept both.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { readSandboxConfig } from "./env";
import { payInBody, payOutBody, startTestSandbox, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";

const SEVEN_DIGITS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** .NET writes 7 fractional digits; Date.parse is only promised 3. */
function ticksToMs(iso: string): number {
  return Date.parse(iso.replace(/(\.\d{3})\d*Z$/, "$1Z"));
}

async function expectEmpty500(res: Response): Promise<void> {
  const text = await res.text();
  expect({ status: res.status, text }).toEqual({ status: 500, text: "" });
}

async function json(res: Response): Promise<Record<string, Json>> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Record<string, Json>;
}

/** What a client does after an empty 500: look the RefId1 up with a VIEWER key (§8.6). */
async function findByRef(sb: TestSandbox, refId1: string): Promise<Record<string, Json>[]> {
  const res = await sb.call("GetPaymentRequests", { key: sb.coffee.readKey, body: { fullTextSearch: refId1 } });
  const rows = (await json(res)) as unknown as Record<string, Json>[];
  expect(Array.isArray(rows)).toBe(true);
  return rows.filter((r) => r.refId1 === refId1);
}

async function readById(sb: TestSandbox, id: string, key = sb.coffee.readKey): Promise<Record<string, Json>> {
  const body = await json(await sb.call("GetPaymentRequestById", { key, rest: id }));
  expect(body.status).toBe("OK");
  return body.paymentRequest as Record<string, Json>;
}

async function submitOk(sb: TestSandbox, op: "SubmitPayInRequest" | "SubmitPayInRequestP2P", body: Record<string, unknown>) {
  const envelope = await json(await sb.submit(op, sb.coffee, body));
  expect(envelope.status).toBe("OK");
  return envelope.paymentResponse as Record<string, Json>;
}

describe("live profile: submit errors", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
  });
  afterAll(async () => sb.dispose());

  for (const op of ["SubmitPayInRequest", "SubmitPayInRequestP2P"] as const) {
    describe(op, () => {
      it("answers REF_ID1_DUPLICATE with an empty 500", async () => {
        const first = payInBody();
        // A P2P needs a pending pay-out to succeed the first time.
        if (op === "SubmitPayInRequestP2P")
          expect((await json(await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody()))).status).toBe("OK");
        await submitOk(sb, op, first);
        await expectEmpty500(await sb.submit(op, sb.coffee, payInBody({ RefId1: first.RefId1 })));
      });

      it("answers CURRENCY_NOT_SUPPORT with an empty 500 and stores nothing", async () => {
        const body = payInBody({ Currency: "USD" });
        await expectEmpty500(await sb.submit(op, sb.coffee, body));
        expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
      });

      it("answers a missing RequestedAmount with an empty 500", async () => {
        const body = payInBody();
        delete body.RequestedAmount;
        await expectEmpty500(await sb.submit(op, sb.coffee, body));
      });

      it("answers ERROR_VALUE_NOT_IN_RANGE with an empty 500, but the Rejected row keeps the RefId1", async () => {
        // Siam Coffee takes 20.00–50,000.00 (seed).
        const body = payInBody({ RequestedAmount: 10 });
        await expectEmpty500(await sb.submit(op, sb.coffee, body));
        // The retry with a valid amount is a duplicate, which is again an empty 500 (§3.2 notes).
        await expectEmpty500(await sb.submit(op, sb.coffee, { ...body, RequestedAmount: 100 }));
        const rows = await findByRef(sb, String(body.RefId1));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          status: "Rejected",
          statusCode: "ERROR_VALUE_NOT_IN_RANGE",
          requestedAmount: 10,
          direction: "PayIn",
        });
      });

      it("still answers controller-level merchant errors as JSON 200 with merchant: null", async () => {
        const unknown = randomUUID();
        const notFound = await json(await sb.call(op, { key: sb.coffee.submitKey, rest: unknown, body: payInBody() }));
        expect(notFound).toEqual({ status: "NOTFOUND", description: expect.stringContaining(unknown), merchant: null });
        const invalid = await json(await sb.call(op, { key: sb.coffee.submitKey, rest: "not-a-guid", body: payInBody() }));
        expect(invalid).toEqual({ status: "UUID_INVALID", description: expect.stringContaining("not-a-guid"), merchant: null });
      });
    });
  }

  it("answers ERROR_NO_P2P_ACCOUNT_MATCH with an empty 500 and keeps a Rejected row", async () => {
    // More than any pay-out in this sandbox has left (pay-outs here are 1,500.00).
    const body = payInBody({ RequestedAmount: 45_000 });
    await expectEmpty500(await sb.submit("SubmitPayInRequestP2P", sb.coffee, body));
    const rows = await findByRef(sb, String(body.RefId1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "Rejected", statusCode: "ERROR_NO_P2P_ACCOUNT_MATCH", payinIsPeerToPeer: true });
    await expectEmpty500(await sb.submit("SubmitPayInRequestP2P", sb.coffee, body));
  });

  it("answers a Pay-Out business error as a JSON envelope", async () => {
    const body = payOutBody();
    expect((await json(await sb.submit("SubmitPayOutRequest", sb.coffee, body))).status).toBe("OK");
    const dup = await json(await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody({ RefId1: body.RefId1 })));
    // The same MVPaymentRequest as a success, both payload properties null (§4.3).
    expect(dup).toEqual({
      status: "REF_ID1_DUPLICATE",
      description: expect.stringContaining(String(body.RefId1)),
      paymentRequest: null,
      payoutTransaction: null,
    });
  });

  it("answers a Pay-Out for an unknown merchant with the controller's JSON envelope", async () => {
    const unknown = randomUUID();
    const res = await json(await sb.call("SubmitPayOutRequest", { key: sb.coffee.submitKey, rest: unknown, body: payOutBody() }));
    expect(res).toEqual({ status: "NOTFOUND", description: expect.stringContaining(unknown), merchant: null });
  });

  it("answers a Pay-Out to AccountType PromptPay without a PromptPayId with an empty 500 (QR builder crash)", async () => {
    const body = payOutBody({ AccountType: "PromptPay" });
    await expectEmpty500(await sb.submit("SubmitPayOutRequest", sb.coffee, body));
    expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
  });

  it("has no SubmitWithdrawalRequest: 404", async () => {
    const res = await sb.submit("SubmitWithdrawalRequest", sb.coffee, payOutBody());
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("");
  });
});

describe("live profile: success shapes", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
  });
  afterAll(async () => sb.dispose());

  it('answers a Pay-In with qrCodeImage "", paymentUrl null, extra fields, 7-digit timestamps and 30-minute expiry', async () => {
    const body = payInBody({ RefId2: "r2", RefId3: "r3" });
    const r = await submitOk(sb, "SubmitPayInRequest", body);
    expect(r.id).toMatch(GUID);
    expect(r).toMatchObject({
      referenceId: body.RefId1,
      refId1: body.RefId1,
      refId2: "r2",
      refId3: "r3",
      sessionId: r.id,
      type: "PayIn",
      status: "Pending",
      requestedAmount: 325.5,
      currency: "THB",
      qrCodeImage: "",
      paymentUrl: null,
      websocketPath: "/realtime/payment-tx",
      isQrAvailable: true,
    });
    // The request's own properties are all there, nulls included (§4.0).
    expect(Object.keys(r)).toEqual(expect.arrayContaining(["paymentUrl", "qrCodeImage", "referenceId", "refId1", "slipUploadUrl"]));
    expect(typeof r.qrCode).toBe("string");
    expect(r.qrCode.length).toBeGreaterThan(50);
    expect(r.qrCode).toContain(String(body.RefId1));
    // Live random satang: whole baht kept, 0.01–0.99 replaced (§5.1).
    expect(Math.trunc(r.generatedAmount)).toBe(325);
    expect(r.createdAt).toMatch(SEVEN_DIGITS);
    expect(r.expireAt).toMatch(SEVEN_DIGITS);
    expect(ticksToMs(r.expireAt) - ticksToMs(r.createdAt)).toBe(30 * 60_000);
    expect(Math.abs(ticksToMs(r.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(r.slipUploadUrl).toMatch(new RegExp(`^/payin-slip-upload/demo/${r.id}/[0-9a-f-]{36}$`));
  });

  it("keeps the spec profile's differences apart (data-URI image, paymentUrl, 15-minute expiry, millisecond timestamps)", async () => {
    const spec = await startTestSandbox("spec");
    try {
      const r = await submitOk(spec, "SubmitPayInRequest", payInBody());
      expect(r.qrCodeImage).toMatch(/^data:image\/png;base64,/);
      expect(r.paymentUrl).toBe(`${spec.url}/sandbox/pay/${r.id}`);
      expect(r).not.toHaveProperty("referenceId");
      expect(r.createdAt).toMatch(/\.\d{3}Z$/);
      expect(Date.parse(r.expireAt) - Date.parse(r.createdAt)).toBe(15 * 60_000);
    } finally {
      await spec.dispose();
    }
  });

  it("answers a Pay-Out as {status, description, paymentRequest, payoutTransaction: null}", async () => {
    const body = payOutBody({ RequestedAmount: 1234.5 });
    const envelope = await json(await sb.submit("SubmitPayOutRequest", sb.coffee, body));
    expect(Object.keys(envelope).sort()).toEqual(["description", "paymentRequest", "payoutTransaction", "status"]);
    expect(envelope).toMatchObject({ status: "OK", description: "Success", payoutTransaction: null });
    expect(envelope.paymentRequest).toMatchObject({
      refId1: body.RefId1,
      status: "Pending",
      direction: "PayOut",
      requestedAmount: 1234.5,
      payOutTotalAmountDecimal: 1234.5,
      bankCode: "KBANK",
      bankAccountNo: "0123456789",
      bankAccountName: "Somchai Jaidee",
      isPayInBankAccountOverride: true,
      merchantId: sb.coffee.merchantId,
    });
    expect(envelope.paymentRequest.id).toMatch(GUID);
    expect(envelope.paymentRequest.createdDate).toMatch(SEVEN_DIGITS);
  });

  it("uses Approved for admin approvals and Paid only for a matched bank transfer", async () => {
    const approved = await submitOk(sb, "SubmitPayInRequest", payInBody());
    // An amount no other test here asks for: the live profile adds random satang without checking the
    // account's other pending pay-ins (as the live provider does), and this file leaves many 325.xx
    // ones pending, so one in a few dozen runs two shared an amount and the transfer matched nothing.
    const paid = await submitOk(sb, "SubmitPayInRequest", payInBody({ RequestedAmount: 3217 }));
    const payout = (await json(await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody()))).paymentRequest as Record<string, Json>;

    const a = await sb.control<Json>("POST", `/requests/${approved.id}/approve`, {});
    expect(a.status).toBe(200);
    expect(a.body.request.status).toBe("Approved");
    const p = await sb.control<Json>("POST", `/requests/${paid.id}/pay`, {});
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ matched: true, request: { status: "Paid" } });
    const o = await sb.control<Json>("POST", `/requests/${payout.id}/payout`, {});
    expect(o.status).toBe(200);
    expect(o.body.request.status).toBe("Approved");

    expect((await readById(sb, approved.id)).status).toBe("Approved");
    expect((await readById(sb, paid.id)).status).toBe("Paid");
    expect((await readById(sb, payout.id)).status).toBe("Approved");
  });

  it("expires a pay-in as Rejected + ERR_EXPIRED_REQUEST (the spec profile says Expired)", async () => {
    const r = await submitOk(sb, "SubmitPayInRequest", payInBody());
    const res = await sb.control<Json>("POST", `/requests/${r.id}/expire`, {});
    expect(res.status).toBe(200);
    expect(await readById(sb, r.id)).toMatchObject({ status: "Rejected", statusCode: "ERR_EXPIRED_REQUEST" });

    const spec = await startTestSandbox("spec");
    try {
      const s = await submitOk(spec, "SubmitPayInRequest", payInBody());
      expect((await spec.control<Json>("POST", `/requests/${s.id}/expire`, {})).status).toBe(200);
      expect(await readById(spec, s.id)).toMatchObject({ status: "Expired", statusCode: "ERR_EXPIRED_REQUEST" });
    } finally {
      await spec.dispose();
    }
  });
});

describe("live profile: P2P", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
  });
  afterAll(async () => sb.dispose());

  it('answers a P2P to a beneficiary without PromptPay with qrCode "" and the dummy PromptPay id', async () => {
    const payout = await json(await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 1500 })));
    expect(payout.status).toBe("OK");
    const r = await submitOk(sb, "SubmitPayInRequestP2P", payInBody({ RequestedAmount: 500 }));
    expect(r).toMatchObject({
      type: "PayIn",
      status: "Pending",
      requestedAmount: 500,
      generatedAmount: 500,
      qrCode: "",
      qrCodeImage: "",
      isQrAvailable: false,
      payInPromptPayId: "0000000000000",
      payInBankCode: "KBANK",
      payInBankAccountNo: "0123456789",
      payInBankAccountName: "Somchai Jaidee",
    });
    // P2P approval is an admin approval: Approved, not Paid (§2.4).
    const approved = await sb.control<Json>("POST", `/requests/${r.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.request.status).toBe("Approved");
    expect((await readById(sb, r.id)).status).toBe("Approved");
    // The pay-out stays Pending with the partial paid.
    expect(await readById(sb, payout.paymentRequest.id)).toMatchObject({ status: "Pending", totalPayOutPaidAmountDecimal: 500 });
  });

  it("treats a blank PromptPayId on the pay-out as none: dummy id, no QR", async () => {
    // Use up the room left on the first pay-out so the next P2P matches this one.
    await submitOk(sb, "SubmitPayInRequestP2P", payInBody({ RequestedAmount: 1000 }));
    const payout = await json(await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 800, PromptPayId: "" })));
    expect(payout.status).toBe("OK");
    const r = await submitOk(sb, "SubmitPayInRequestP2P", payInBody({ RequestedAmount: 300 }));
    const stored = await sb.control<Json>("GET", `/requests/${r.id}`);
    expect(stored.body.payinPeer2PeerPayoutId).toBe(payout.paymentRequest.id);
    expect(r).toMatchObject({ qrCode: "", qrCodeImage: "", isQrAvailable: false, payInPromptPayId: "0000000000000" });
  });

  it("answers a P2P to a beneficiary with PromptPay with a QR payload but still no image", async () => {
    const payout = await json(
      await sb.submit(
        "SubmitPayOutRequest",
        sb.gadgets,
        payOutBody({ RequestedAmount: 900, PromptPayId: "0812345678", AccountType: "PromptPay" }),
      ),
    );
    // 600 is more than the 500 left on the blank-PromptPay pay-out, so this one matches.
    const r = await submitOk(sb, "SubmitPayInRequestP2P", payInBody({ RequestedAmount: 600 }));
    expect((await sb.control<Json>("GET", `/requests/${r.id}`)).body.payinPeer2PeerPayoutId).toBe(payout.paymentRequest.id);
    expect(r).toMatchObject({ isQrAvailable: true, qrCodeImage: "", payInPromptPayId: "0812345678", generatedAmount: 600 });
    expect(r.qrCode).toContain("0066812345678"); // the mobile number as a PromptPay proxy
  });
});

describe("live profile: rate limit", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    // The live default, passed explicitly because the harness turns the limiter off.
    expect(readSandboxConfig({ SANDBOX_PROFILE: "live" }).rateLimit).toEqual({ count: 20, windowMs: 10_000 });
    sb = await startTestSandbox("live", { rateLimit: { count: 20, windowMs: 10_000 } });
  });
  afterAll(async () => sb.dispose());

  /** An anonymous provider call that is cheap and always 200 when not limited. */
  const probe = (client?: string) =>
    sb.call("VerifyPayInToken", {
      rest: `${randomUUID()}/${randomUUID()}`,
      headers: client ? { "X-Original-Forwarded-For": `${client}, 10.0.0.1` } : {},
    });

  it("answers the 21st request in a window with 429 text/plain and no Retry-After; other clients have their own bucket", async () => {
    // The window is fixed on the clock, so a burst can straddle two windows; then try again with a
    // fresh client address (a fresh bucket) rather than sleeping.
    const deadline = Date.now() + 15_000;
    for (let attempt = 1; ; attempt++) {
      expect(Date.now()).toBeLessThan(deadline);
      const client = `203.0.113.${attempt}`;
      const windowAtStart = Math.floor(Date.now() / 10_000);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await probe(client);
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      const limited = await probe(client);
      const otherClient = await probe(`198.51.100.${attempt}`);
      const noHeader = await probe();
      if (Math.floor(Date.now() / 10_000) !== windowAtStart) {
        await Promise.all([limited.arrayBuffer(), otherClient.arrayBuffer(), noHeader.arrayBuffer()]);
        continue;
      }
      expect(statuses).toEqual(Array(20).fill(200));
      expect(limited.status).toBe(429);
      expect(limited.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(limited.headers.get("retry-after")).toBeNull();
      expect(limited.headers.get("x-ratelimit-limit")).toBeNull();
      expect(await limited.text()).toBe("Too many requests. Try again later.");
      expect(otherClient.status).toBe(200);
      expect((await otherClient.json()).status).toBe("NOTFOUND");
      // No header: the shared "unknown" bucket, not the limited client's.
      expect(noHeader.status).toBe(200);
      await noHeader.arrayBuffer();
      // Authenticated submits are limited too (the limiter runs before auth, §1.1).
      const submit = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { headers: { "X-Original-Forwarded-For": client } });
      expect(submit.status).toBe(429);
      await submit.arrayBuffer();
      // The control API is not the provider's and is never limited.
      expect((await sb.control("GET", "/info")).status).toBe(200);
      break;
    }
  });
});

describe("live profile: rate limit on the hub's WebSocket upgrade", () => {
  // A window so long (1e12 ms, ~32 years) that no burst can straddle two windows: every count
  // below is exact, with no retry loop. 3 per window keeps the bursts short.
  const LIMIT = { count: 3, windowMs: 1e12 };
  let sb: TestSandbox;
  let spec: TestSandbox;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    // The spec profile runs with its own default: no limit.
    const specDefault = readSandboxConfig({ SANDBOX_PROFILE: "spec" }).rateLimit;
    expect(specDefault).toBeNull();
    [sb, spec] = await Promise.all([startTestSandbox("live", { rateLimit: LIMIT }), startTestSandbox("spec", { rateLimit: specDefault })]);
  });
  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.terminate();
  });
  afterAll(async () => Promise.all([sb.dispose(), spec.dispose()]));

  type Upgrade =
    { opened: true } | { opened: false; status: number; contentType: string | undefined; retryAfter: string | undefined; body: string };

  /** Upgrades to the hub as a client with skipNegotiation does: the upgrade is its first request. */
  function upgrade(target: TestSandbox, client?: string): Promise<Upgrade> {
    const ws = new WebSocket(`${target.url.replace(/^http/, "ws")}/realtime/payment-tx`, {
      headers: client ? { "X-Original-Forwarded-For": `${client}, 10.0.0.1` } : {},
    });
    sockets.push(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve({ opened: true }));
      ws.once("unexpected-response", (_req, res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () =>
          resolve({
            opened: false,
            status: res.statusCode ?? 0,
            contentType: res.headers["content-type"],
            retryAfter: res.headers["retry-after"],
            body,
          }),
        );
      });
      ws.once("error", reject);
    });
  }

  const probe = async (target: TestSandbox, client?: string) => {
    const res = await target.call("VerifyPayInToken", {
      rest: `${randomUUID()}/${randomUUID()}`,
      headers: client ? { "X-Original-Forwarded-For": client } : {},
    });
    await res.arrayBuffer();
    return res.status;
  };

  const REFUSED = { opened: false, status: 429, retryAfter: undefined, body: "Too many requests. Try again later." };

  it("counts an upgrade in the client's budget, shared with its HTTP calls, and refuses one over it with 429 text/plain", async () => {
    const client = "203.0.113.50";
    expect(await probe(sb, client)).toBe(200);
    expect(await upgrade(sb, client)).toEqual({ opened: true });
    expect(await probe(sb, client)).toBe(200);
    // Budget spent: the next upgrade is answered on the socket, before any WebSocket handshake.
    const refused = await upgrade(sb, client);
    expect(refused).toMatchObject(REFUSED);
    expect(refused.opened === false && refused.contentType).toMatch(/^text\/plain/);
    // And the refused upgrade counted too, as a refused HTTP call does: HTTP stays limited.
    expect(await probe(sb, client)).toBe(429);
    // Other clients have their own bucket.
    expect(await upgrade(sb, "198.51.100.50")).toEqual({ opened: true });
  });

  it('an upgrade without X-Original-Forwarded-For counts in the one shared "unknown" bucket, as anonymous HTTP calls do', async () => {
    expect(await upgrade(sb)).toEqual({ opened: true });
    expect(await upgrade(sb)).toEqual({ opened: true });
    expect(await probe(sb)).toBe(200);
    expect(await upgrade(sb)).toMatchObject(REFUSED);
    expect(await probe(sb)).toBe(429);
    expect(await probe(sb, "203.0.113.51")).toBe(200);
  });

  it("the spec profile does not limit upgrades", async () => {
    for (let i = 0; i < 25; i++) expect(await upgrade(spec, "203.0.113.52")).toEqual({ opened: true });
    for (let i = 0; i < 5; i++) expect(await upgrade(spec)).toEqual({ opened: true });
  });
});

describe("live profile: authentication failures", () => {
  let sb: TestSandbox;
  let spec: TestSandbox;
  beforeAll(async () => {
    [sb, spec] = await Promise.all([startTestSandbox("live"), startTestSandbox("spec")]);
  });
  afterAll(async () => Promise.all([sb.dispose(), spec.dispose()]));

  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

  it("answers a disabled key with HTTP 200 text/plain (the handler writes before the challenge)", async () => {
    const created = await sb.control<Json>("POST", "/keys", {
      merchantId: sb.coffee.merchantId,
      roles: ["PAYMENT_REQUEST"],
      status: "Disabled",
    });
    expect(created.status).toBe(201);
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: created.body.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("DISABLED");
    expect(() => JSON.parse(text)).toThrow();
    // The spec profile answers a plain empty 401.
    const specKey = await spec.control<Json>("POST", "/keys", {
      merchantId: spec.coffee.merchantId,
      roles: ["PAYMENT_REQUEST"],
      status: "Disabled",
    });
    const specRes = await spec.submit("SubmitPayInRequest", spec.coffee, payInBody(), { key: specKey.body.key });
    expect({ status: specRes.status, text: await specRes.text() }).toEqual({ status: 401, text: "" });
  });

  it("answers an expired key with HTTP 200 text/plain too", async () => {
    const created = await sb.control<Json>("POST", "/keys", {
      merchantId: sb.coffee.merchantId,
      roles: ["PAYMENT_REQUEST"],
      expiresAt: "2020-01-01T00:00:00Z",
    });
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: created.body.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toContain("EXPIRED");
  });

  for (const [label, authorization] of [
    ["Bearer x", "Bearer x"],
    ["garbage base64", "Basic %%%not-base64%%%"],
    ["base64 without a colon", `Basic ${Buffer.from("no-colon-here").toString("base64")}`],
    ["an unknown scheme", "Digest abc"],
  ] as const) {
    it(`answers ${label} with a text/plain body, not JSON`, async () => {
      const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { authorization });
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text)).toThrow();
    });
  }

  it("answers a missing header and an unknown key with an empty 401", async () => {
    const missing = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: null });
    expect({ status: missing.status, text: await missing.text() }).toEqual({ status: 401, text: "" });
    const unknown = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: randomUUID() });
    expect({ status: unknown.status, text: await unknown.text() }).toEqual({ status: 401, text: "" });
    // A real key used under another org is unknown there (§1.2).
    const otherOrg = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { orgId: "other-org" });
    expect({ status: otherOrg.status, text: await otherOrg.text() }).toEqual({ status: 401, text: "" });
  });

  it("does not check the user name", async () => {
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { authorization: basic("foo", sb.coffee.submitKey) });
    expect((await json(res)).status).toBe("OK");
    const specRes = await spec.submit("SubmitPayInRequest", spec.coffee, payInBody(), {
      authorization: basic("foo", spec.coffee.submitKey),
    });
    expect((await json(specRes)).status).toBe("OK");
  });

  it("lets a key of merchant A submit for merchant B of the same org (live); the spec profile answers 401", async () => {
    const body = payInBody({ RequestedAmount: 150 }); // within both merchants' ranges
    const res = await sb.submit("SubmitPayInRequest", sb.gadgets, body, { key: sb.coffee.submitKey });
    const r = (await json(res)).paymentResponse as Record<string, Json>;
    const stored = await sb.control<Json>("GET", `/requests/${r.id}`);
    expect(stored.body).toMatchObject({ merchantId: sb.gadgets.merchantId, refId1: body.RefId1 });

    const specRes = await spec.submit("SubmitPayInRequest", spec.gadgets, payInBody({ RequestedAmount: 150 }), {
      key: spec.coffee.submitKey,
    });
    expect({ status: specRes.status, text: await specRes.text() }).toEqual({ status: 401, text: "" });
  });

  it("answers a key without the role with an empty 403", async () => {
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: sb.coffee.readKey });
    expect({ status: res.status, text: await res.text() }).toEqual({ status: 403, text: "" });
  });
});

describe("live profile: the other submit error codes", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
    // A pending pay-out, so a P2P refused below is refused for its own fault, not for want of a match.
    expect((await json(await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 5_000 })))).status).toBe("OK");
  });
  afterAll(async () => sb.dispose());

  /** A live pay-out error: the MVPaymentRequest envelope, both payload properties null (§4.3). */
  async function payOutError(body: Record<string, unknown>, code: string): Promise<void> {
    const envelope = await json(await sb.submit("SubmitPayOutRequest", sb.coffee, body));
    expect(envelope).toEqual({ status: code, description: expect.any(String), paymentRequest: null, payoutTransaction: null });
    expect(envelope.description).not.toBe("");
  }

  for (const op of ["SubmitPayInRequest", "SubmitPayInRequestP2P"] as const) {
    it(`${op}: REF_ID1_MISSING, BANK_PROVIDER_NOT_SUPPORT and INVALID_PAYMENT_AMOUNT are empty 500s, and nothing is stored`, async () => {
      for (const refId1 of [null, "", "   "]) await expectEmpty500(await sb.submit(op, sb.coffee, payInBody({ RefId1: refId1 })));
      const noRef = payInBody();
      delete noRef.RefId1;
      await expectEmpty500(await sb.submit(op, sb.coffee, noRef));

      for (const provider of ["KBANK", "pp"]) {
        const body = payInBody({ QrProvider: provider });
        await expectEmpty500(await sb.submit(op, sb.coffee, body));
        expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
      }
      for (const amount of [0, -1, "-50", 0.004]) {
        const body = payInBody({ RequestedAmount: amount });
        await expectEmpty500(await sb.submit(op, sb.coffee, body));
        expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
      }
    });
  }

  it("SubmitPayOutRequest: REF_ID1_MISSING, BANK_PROVIDER_NOT_SUPPORT and INVALID_PAYMENT_AMOUNT as JSON envelopes, nothing stored", async () => {
    await payOutError(payOutBody({ RefId1: "" }), "REF_ID1_MISSING");
    const noRef = payOutBody();
    delete noRef.RefId1;
    await payOutError(noRef, "REF_ID1_MISSING");
    for (const provider of ["SCB", "KBANK"]) {
      const body = payOutBody({ QrProvider: provider });
      await payOutError(body, "BANK_PROVIDER_NOT_SUPPORT");
      expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
    }
    for (const amount of [0, -1]) {
      const body = payOutBody({ RequestedAmount: amount });
      await payOutError(body, "INVALID_PAYMENT_AMOUNT");
      expect(await findByRef(sb, String(body.RefId1))).toEqual([]);
    }
  });

  it("SubmitPayOutRequest: UUID_INVALID and NOTFOUND for a bad PayinBankAccountId, as the controller's {…, bankAccount: null}", async () => {
    const invalid = await json(
      await sb.submit("SubmitPayOutRequest", sb.coffee, {
        RefId1: "LIVE-ACCT-1",
        RequestedAmount: 100,
        QrProvider: "PP",
        PayinBankAccountId: "acct-1",
      }),
    );
    expect(invalid).toEqual({ status: "UUID_INVALID", description: expect.stringContaining("acct-1"), bankAccount: null });
    const unknown = randomUUID();
    const notFound = await json(
      await sb.submit("SubmitPayOutRequest", sb.coffee, {
        RefId1: "LIVE-ACCT-2",
        RequestedAmount: 100,
        QrProvider: "PP",
        PayinBankAccountId: unknown,
      }),
    );
    expect(notFound).toEqual({ status: "NOTFOUND", description: expect.stringContaining(unknown), bankAccount: null });
    // A registered destination works.
    const ok = await json(
      await sb.submit("SubmitPayOutRequest", sb.coffee, {
        RefId1: "LIVE-ACCT-3",
        RequestedAmount: 100,
        QrProvider: "PP",
        PayinBankAccountId: sb.coffee.payoutDestinations[0]!.id,
      }),
    );
    expect(ok.status).toBe("OK");
  });

  it("SubmitPayOutRequest: no destination checks (the spec profile's INVALID_DESTINATION_ACCOUNT / BANK_CODE_NOT_SUPPORT)", async () => {
    for (const overrides of [
      { BankCode: "XYZ" },
      { BankAccountNo: "12-345" },
      { BankCode: undefined, BankAccountNo: undefined, BankAccountName: undefined },
    ]) {
      const body = Object.fromEntries(Object.entries(payOutBody(overrides)).filter(([, v]) => v !== undefined));
      expect((await json(await sb.submit("SubmitPayOutRequest", sb.coffee, body))).status, JSON.stringify(overrides)).toBe("OK");
    }
  });

  it("SubmitPayOutRequest: no CURRENCY_NOT_SUPPORT, the controller forces THB (§3.3)", async () => {
    const envelope = await json(await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody({ Currency: "USD" })));
    expect(envelope.status).toBe("OK");
    expect(envelope.paymentRequest.currency).toBe("THB");
  });
});

describe("live profile: read endpoints", () => {
  let sb: TestSandbox;
  let payIn: Record<string, Json>;
  beforeAll(async () => {
    sb = await startTestSandbox("live");
    payIn = await submitOk(sb, "SubmitPayInRequest", payInBody({ RequestedAmount: 420 }));
  });
  afterAll(async () => sb.dispose());

  it("GetPaymentRequestById keeps the submit answer in responseDataObj with the bare base64 image the submit blanked", async () => {
    const read = await readById(sb, payIn.id);
    expect(read).toMatchObject({
      id: payIn.id,
      status: "Pending",
      direction: "PayIn",
      requestedAmount: 420,
      merchantId: sb.coffee.merchantId,
    });
    expect(payIn.qrCodeImage).toBe("");
    const image = read.responseDataObj.qrCodeImage as string;
    expect(image).not.toMatch(/^data:/);
    expect(Buffer.from(image, "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("GetPaymentRequestById answers UUID_INVALID and NOTFOUND as JSON 200", async () => {
    const invalid = await json(await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: "order-42" }));
    expect(invalid).toEqual({ status: "UUID_INVALID", description: expect.any(String), paymentRequest: null, payoutTransaction: null });
    const notFound = await json(await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: randomUUID() }));
    expect(notFound).toEqual({ status: "NOTFOUND", description: expect.any(String), paymentRequest: null, payoutTransaction: null });
  });

  it("lets a read key see every merchant of its org (the key has no merchant, §1.2); the spec profile says NOTFOUND", async () => {
    const theirs = await json(await sb.submit("SubmitPayInRequest", sb.gadgets, payInBody({ RequestedAmount: 150 })));
    expect((await readById(sb, theirs.paymentResponse.id, sb.coffee.readKey)).merchantId).toBe(sb.gadgets.merchantId);
    const spec = await startTestSandbox("spec");
    try {
      const other = (await (await spec.submit("SubmitPayInRequest", spec.gadgets, payInBody({ RequestedAmount: 150 }))).json()) as Record<
        string,
        Json
      >;
      const res = await spec.call("GetPaymentRequestById", { key: spec.coffee.readKey, rest: other.paymentResponse.id });
      expect(((await res.json()) as Record<string, Json>).status).toBe("NOTFOUND");
    } finally {
      await spec.dispose();
    }
  });

  it("GetPaymentRequests and GetPaymentRequestCount answer a bare array and a bare integer", async () => {
    const rows = (await json(
      await sb.call("GetPaymentRequests", { key: sb.coffee.readKey, body: { fullTextSearch: payIn.refId1 } }),
    )) as unknown as Record<string, Json>[];
    expect(rows.map((r) => r.id)).toEqual([payIn.id]);
    const count = await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: { fullTextSearch: payIn.refId1 } });
    expect(count.status).toBe(200);
    expect(await count.json()).toBe(1);
  });

  it("answers the read endpoints with an empty 401 without a key and an empty 403 to a submit-only key", async () => {
    for (const [action, options] of [
      ["GetPaymentRequestById", { rest: payIn.id }],
      ["GetPaymentRequests", { body: {} }],
      ["GetPaymentRequestCount", { body: {} }],
    ] as const) {
      const anonymous = await sb.call(action, { ...options, key: null });
      expect({ action, status: anonymous.status, text: await anonymous.text() }).toEqual({ action, status: 401, text: "" });
      const submitKey = await sb.call(action, { ...options, key: sb.coffee.submitKey });
      expect({ action, status: submitKey.status, text: await submitKey.text() }).toEqual({ action, status: 403, text: "" });
    }
  });
});

describe("live profile: slip endpoints", () => {
  let sb: TestSandbox;
  let a: Record<string, Json>;
  let b: Record<string, Json>;
  const tokenOf = (url: string) => url.split("/").at(-1) ?? "";
  beforeAll(async () => {
    sb = await startTestSandbox("live");
    a = await submitOk(sb, "SubmitPayInRequest", payInBody());
    b = await submitOk(sb, "SubmitPayInRequest", payInBody());
  });
  afterAll(async () => sb.dispose());

  it("VerifyPayInToken answers OK, TOKEN_INVALID, UUID_INVALID and NOTFOUND without a login", async () => {
    const verify = async (rest: string) => json(await sb.call("VerifyPayInToken", { rest }));
    expect(await verify(`${a.id}/${tokenOf(a.slipUploadUrl)}`)).toEqual({
      status: "OK",
      description: expect.any(String),
      slipUploadUrl: null,
    });
    expect((await verify(`${a.id}/${tokenOf(b.slipUploadUrl)}`)).status).toBe("TOKEN_INVALID");
    expect((await verify(`${a.id}/${randomUUID()}`)).status).toBe("TOKEN_INVALID");
    expect((await verify(`order-42/${tokenOf(a.slipUploadUrl)}`)).status).toBe("UUID_INVALID");
    expect((await verify(`${randomUUID()}/${tokenOf(a.slipUploadUrl)}`)).status).toBe("NOTFOUND");
  });

  it("UploadPayInSlipById stores whatever arrives, even text that is no image (the spec profile says IMAGE_INVALID)", async () => {
    const notAnImage = Buffer.from("this is a plain text file, not a picture of a slip").toString("base64");
    const up = await json(
      await sb.call("UploadPayInSlipById", {
        rest: `${a.id}/${tokenOf(a.slipUploadUrl)}`,
        body: { ImageBase64: notAnImage, First4: "lv12", Last4: "lv34" },
      }),
    );
    expect(up).toEqual({ status: "OK", description: expect.any(String), slipUploadUrl: null });
    const slips = await sb.control<Json[]>("GET", `/slips?requestId=${a.id}`);
    expect(slips.body).toHaveLength(1);
    expect(slips.body[0]).toMatchObject({ first4: "LV12", last4: "LV34" });
    const bad = await json(await sb.call("UploadPayInSlipById", { rest: `${a.id}/${randomUUID()}`, body: { ImageBase64: notAnImage } }));
    expect(bad.status).toBe("TOKEN_INVALID");
    expect((await sb.control<Json[]>("GET", `/slips?requestId=${a.id}`)).body).toHaveLength(1);

    const spec = await startTestSandbox("spec");
    try {
      const s = (await (await spec.submit("SubmitPayInRequest", spec.coffee, payInBody())).json()) as Record<string, Json>;
      const res = await spec.call("UploadPayInSlipById", {
        rest: `${s.paymentResponse.id}/${tokenOf(s.paymentResponse.slipUploadUrl)}`,
        body: { ImageBase64: notAnImage },
      });
      expect(((await res.json()) as Record<string, Json>).status).toBe("IMAGE_INVALID");
    } finally {
      await spec.dispose();
    }
  });

  it("CheckPayInSlipDup finds the other request's slip, not the request's own", async () => {
    const fromB = await json(await sb.call("CheckPayInSlipDup", { rest: `${b.id}/lv12/LV34` }));
    expect(fromB.status).toBe("OK");
    expect(fromB.duplicates.map((d: Record<string, Json>) => d.documentId)).toEqual([a.id]);
    expect((await json(await sb.call("CheckPayInSlipDup", { rest: `${a.id}/LV12/LV34` }))).duplicates).toEqual([]);
  });
});

describe("live profile: bad input", () => {
  let sb: TestSandbox;
  let small: TestSandbox;
  beforeAll(async () => {
    [sb, small] = await Promise.all([startTestSandbox("live"), startTestSandbox("live", { maxBodyBytes: 2048 })]);
  });
  afterAll(async () => Promise.all([sb.dispose(), small.dispose()]));

  it("answers malformed JSON and wrong types with ASP.NET's 400 ProblemDetails, on every submit the live provider has", async () => {
    for (const op of ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest"] as const) {
      const malformed = await sb.submit(op, sb.coffee, {}, { rawBody: '{"RefId1": "x",' });
      expect(malformed.status, op).toBe(400);
      expect(await malformed.json()).toMatchObject({ title: expect.any(String), status: 400, errors: expect.any(Object) });
      const wrongType = await sb.submit(op, sb.coffee, { ...payInBody(), RequestedAmount: { value: 100 } });
      expect(wrongType.status, op).toBe(400);
      expect(Object.keys(((await wrongType.json()) as Record<string, Json>).errors)).toEqual(["$.RequestedAmount"]);
    }
  });

  it("answers a body over the size limit with an empty 413 and stores nothing", async () => {
    const body = payInBody({ Description: "x".repeat(3_000) });
    const res = await small.submit("SubmitPayInRequest", small.coffee, body);
    expect({ status: res.status, text: await res.text() }).toEqual({ status: 413, text: "" });
    expect((await small.control<Json[]>("GET", `/requests?refId1=${encodeURIComponent(String(body.RefId1))}`)).body).toEqual([]);
    // Under the limit the same sandbox answers normally.
    expect((await json(await small.submit("SubmitPayInRequest", small.coffee, payInBody()))).status).toBe("OK");
  });
});
