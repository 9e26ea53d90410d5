import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { createApiKey, revokeApiKey } from "@/lib/merchant-api/keys/manage";
import type { Db } from "@/lib/db/client";
import { auditLog, merchants, paymentRequests, type ApiScope } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { approveRequest } from "@/lib/requests/approve";
import { reconcileRequest } from "@/lib/requests/reconcile";
import { getRequestInScope, listTimeline } from "@/lib/requests/queries";
import { runStatement } from "@/lib/wallet/statement";
import { expectDocumented, expectDocumentedHeaders } from "./testing/openapi-check";
import { scaled } from "@/lib/testing/vitest-project";

// Many calls from one key in a few seconds: the per-key limit has its own test (lib/merchant-api/http/route.db.test.ts).
vi.stubEnv("API_RATE_LIMIT", "100000/10s");
// The database and the provider client are the test's own: a PGlite database and the sandbox over HTTP.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, apis: new Map<string, unknown>() }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/provider", () => ({ merchantApiFor: async (row: { id: string }) => surroundings.apis.get(row.id) }));

const checkouts = await import("@/app/api/v1/checkouts/route");
const checkout = await import("@/app/api/v1/checkouts/[id]/route");
const list = await import("@/app/api/v1/payment-requests/route");
const oneRequest = await import("@/app/api/v1/payment-requests/[id]/route");
const payouts = await import("@/app/api/v1/payouts/route");
const refunds = await import("@/app/api/v1/payment-requests/[id]/refunds/route");
const balance = await import("@/app/api/v1/balance/route");
const balanceTransactions = await import("@/app/api/v1/balance/transactions/route");

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
  headers: Headers;
}

describe.each(["spec", "live"] as const)("the merchant API against the %s sandbox", (profile) => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let coffee: string;
  let gadgets: string;
  let key: string;
  let keyId: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    sb = await startTestSandbox(profile);
    const vault = createKeyVault([randomBytes(32)]);
    coffee = (
      await createMerchant(database.db, vault, {
        displayName: "Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
        payoutApprovalThresholdSatang: 1_000_000,
      })
    ).id;
    gadgets = (
      await createMerchant(database.db, vault, {
        displayName: "Gadgets",
        orgId: sb.gadgets.orgId,
        merchantId: sb.gadgets.merchantId,
        submitKey: sb.gadgets.submitKey,
      })
    ).id;
    await database.db
      .update(merchants)
      .set({ allowedReturnOrigins: ["https://shop.example.com"] })
      .where(eq(merchants.id, coffee));
    // A provider call to the local sandbox: no test here is about its timeout, and 2 s ran out on a loaded machine.
    const client = createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null });
    surroundings.apis.set(coffee, client.forMerchant({ ...sb.coffee, label: "Coffee" }) satisfies MerchantApi);
    surroundings.apis.set(gadgets, client.forMerchant({ ...sb.gadgets, label: "Gadgets" }) satisfies MerchantApi);
    ({ key, keyId } = await newKey(coffee, ["checkouts:write", "requests:read", "payouts:write"]));
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  async function newKey(merchantRowId: string, scopes: ApiScope[]) {
    const made = await createApiKey(database.db, { merchantRowId, name: "Shop", mode: "test", scopes, expiresAt: null, createdBy: null });
    return { key: made.key, keyId: made.row.id };
  }

  type Handler = (request: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
  async function call(
    handler: Handler,
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; key?: string | null; headers?: Record<string, string>; params?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const auth = options.key === undefined ? key : options.key;
    if (auth !== null) headers.authorization = `Bearer ${auth}`;
    const raw = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (raw !== undefined) headers["content-type"] ??= "application/json";
    const response = await handler(new NextRequest(`http://paydesk.test/api/v1${path}`, { method, headers, body: raw }), {
      params: Promise.resolve(options.params ?? {}),
    });
    return { status: response.status, body: (await response.json()) as Answer["body"], headers: response.headers };
  }
  /** Calls, and checks the answer against the OpenAPI document. */
  async function documented(
    handler: Handler,
    method: "GET" | "POST",
    docPath: string,
    path: string,
    options: Parameters<typeof call>[3] = {},
  ) {
    const answer = await call(handler, method, path, options);
    expectDocumented(method, docPath, answer.status, answer.body);
    expectDocumentedHeaders(method, docPath, answer.status, answer.headers);
    expect(answer.headers.get("x-request-id")).toMatch(/^rq_[0-9a-f]{16}$/);
    return answer;
  }
  const postCheckout = (body: unknown, options: Parameters<typeof call>[3] = {}) =>
    documented(checkouts.POST as Handler, "POST", "/checkouts", "/checkouts", { body, ...options });
  const payIn = (extra: Record<string, unknown> = {}) => ({
    amount: "150.00",
    reference: ref("API"),
    payer: { name: "สมชาย ใจดี" },
    ...extra,
  });
  const atProvider = async (refId1: string) => (await sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;

  it("creates a checkout: the hosted checkout URL, what to pay, the QR; recorded with the key as the actor", async () => {
    const body = payIn({ return_url: "https://shop.example.com/orders/7", metadata: { order: "7", channel: "line" } });
    const answer = await postCheckout(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      object: "payment_request",
      kind: "payin",
      status: "pending",
      amount: "150.00",
      currency: "THB",
      reference: body.reference,
      ref_id1: body.reference,
      return_url: "https://shop.example.com/orders/7",
      metadata: { order: "7", channel: "line" },
      failure: null,
    });
    expect(answer.body.checkout_url).toMatch(/^http.+\/checkout\/.+/);
    // Not paid yet: no receipt.
    expect(answer.body.receipt_url).toBeNull();
    expect(answer.body.amount_to_pay).toMatch(/^150\.\d\d$/);
    expect(answer.body.qr_payload).toEqual(expect.any(String));
    expect(await atProvider(body.reference)).toBe(1);
    const [row] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, String(answer.body.id)));
    expect(row).toMatchObject({ apiKeyId: keyId, createdBy: null, reference: body.reference });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, String(answer.body.id)), eq(auditLog.action, "api.createCheckout")));
    expect(audit).toMatchObject({ actorId: `api_key:${keyId}`, outcome: "ok", merchantId: coffee });
    expect((audit!.data as { requestId: string }).requestId).toBe(answer.headers.get("x-request-id"));

    // In the console it reads like any request, made by the key: its name as the creator and on the timeline.
    const scope = { merchantIds: null };
    expect(await getRequestInScope(database.db, scope, String(answer.body.id))).toMatchObject({
      createdByName: null,
      createdByKeyName: "Shop",
    });
    const timeline = await listTimeline(database.db, scope, String(answer.body.id));
    expect(timeline[0]).toMatchObject({ type: "created", actor: `api_key:${keyId}`, actorKeyName: "Shop" });

    const read = await documented(checkout.GET as Handler, "GET", "/checkouts/{id}", `/checkouts/${answer.body.id}`, {
      params: { id: String(answer.body.id) },
    });
    expect(read.body).toMatchObject({ id: answer.body.id, status: "pending" });
  });

  it("maps a reference the provider would refuse as RefId1, and keeps it", async () => {
    const reference = `Order #${randomUUID()} / ร้านกาแฟ`;
    const answer = await postCheckout(payIn({ reference }));
    expect(answer.status).toBe(201);
    expect(answer.body.reference).toBe(reference);
    expect(answer.body.ref_id1).toMatch(/^[A-Za-z0-9_-]{1,25}$/);
    const found = await documented(
      list.GET as Handler,
      "GET",
      "/payment-requests",
      `/payment-requests?reference=${encodeURIComponent(reference)}`,
    );
    expect((found.body.data as Array<{ id: string }>).map((r) => r.id)).toEqual([answer.body.id]);
  });

  it("refuses a reference already in use (409), naming the field", async () => {
    const body = payIn();
    expect((await postCheckout(body)).status).toBe(201);
    const again = await postCheckout({ ...body, amount: "151.00" });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { type: "invalid_request_error", code: "reference_in_use", param: "reference" } },
    });
  });

  it("answers the same Idempotency-Key with the first answer, without a second provider call; another body is 422", async () => {
    const body = payIn();
    const headers = { "idempotency-key": randomUUID() };
    const first = await postCheckout(body, { headers });
    const second = await postCheckout(body, { headers });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await atProvider(body.reference)).toBe(1);
    const changed = await postCheckout({ ...body, amount: "999.00" }, { headers });
    expect(changed).toMatchObject({ status: 422, body: { error: { type: "idempotency_error", code: "idempotency_key_reused" } } });
  });

  it("keeps nothing under an Idempotency-Key for a request the contract refused: the corrected retry with the same key runs", async () => {
    // The amount's rule (2 decimals) and a PromptPay id's are the contract's, checked once the call runs.
    const checkoutKey = { "idempotency-key": randomUUID() };
    const badAmount = await postCheckout(payIn({ amount: "150.001" }), { headers: checkoutKey });
    expect(badAmount).toMatchObject({ status: 400, body: { error: { param: "amount" } } });
    const corrected = payIn();
    const ran = await postCheckout(corrected, { headers: checkoutKey });
    expect(ran.status).toBe(201);
    expect(ran.headers.get("idempotent-replayed")).toBeNull();
    expect(await atProvider(corrected.reference)).toBe(1);
    const again = await postCheckout(corrected, { headers: checkoutKey });
    expect(again).toMatchObject({ status: 201, body: { id: ran.body.id } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");

    const payoutKey = { "idempotency-key": randomUUID() };
    const reference = ref("IPP");
    const payout = (promptpay_id: string) =>
      documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", {
        body: { amount: "100.00", reference, destination: { type: "promptpay", promptpay_id } },
        headers: payoutKey,
      });
    expect(await payout("08123")).toMatchObject({ status: 400, body: { error: { param: "destination.promptpay_id" } } });
    const sent = await payout("0812345678");
    expect(sent.status).toBe(201);
    expect(sent.headers.get("idempotent-replayed")).toBeNull();
    expect(await atProvider(reference)).toBe(1);
  });

  it("treats the same JSON with its keys in another order as the same request under one Idempotency-Key", async () => {
    const body = payIn({ payer: { name: "A", email: "a@example.com" } });
    const headers = { "idempotency-key": randomUUID() };
    const first = await call(checkouts.POST as Handler, "POST", "/checkouts", {
      raw: `{"amount":"${body.amount}","reference":"${body.reference}","payer":{"name":"A","email":"a@example.com"}}`,
      headers,
    });
    expect(first.status).toBe(201);
    const reordered = await call(checkouts.POST as Handler, "POST", "/checkouts", {
      raw: `{ "payer": { "email": "a@example.com", "name": "A" },\n  "reference": "${body.reference}", "amount": "${body.amount}" }`,
      headers,
    });
    expect(reordered).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(reordered.headers.get("idempotent-replayed")).toBe("true");
    expect(await atProvider(body.reference)).toBe(1);
  });

  it("makes exactly one provider request from 50 concurrent calls with one Idempotency-Key", async () => {
    const body = payIn();
    const headers = { "idempotency-key": randomUUID() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => postCheckout(body, { headers })));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id)).size).toBe(1);
    expect(await atProvider(body.reference)).toBe(1);
  });

  it("refuses bad input with 400 naming the field, before anything is sent", async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...payIn(), colour: "red" }, "colour", /unknown field/],
      [{ ...payIn(), payer: { name: "A", age: 3 } }, "payer.age", /unknown field/],
      [payIn({ amount: "-5" }), "amount", /more than 0/],
      [payIn({ amount: "1.234" }), "amount", /2 decimals/],
      [payIn({ amount: "ten" }), "amount", /digits/],
      [payIn({ amount: 0 }), "amount", /more than 0/],
      [payIn({ amount: true }), "amount", /amount/],
      [payIn({ currency: "USD" }), "currency", /THB/],
      [{ amount: "150.00", reference: "X" }, "payer", /required/],
      [payIn({ payer: { name: "  " } }), "payer.name", /payer's name/],
      [payIn({ payer: { name: "A", email: "not-an-email" } }), "payer.email", /e-mail/],
      [payIn({ payer: { name: "A", phone: "12" } }), "payer.phone", /phone/],
      [payIn({ qr_provider: "KBANK" }), "qr_provider", /PP/],
      [payIn({ return_url: "https://evil.example.com/" }), "return_url", /origins/],
      [payIn({ cancel_url: "javascript:alert(1)" }), "cancel_url", /origins/],
      [payIn({ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"])) }), "metadata", /20 keys/],
      [payIn({ metadata: { k: 5 } }), "metadata.k", /string/],
    ];
    for (const [body, param, message] of cases) {
      const answer = await postCheckout(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatchObject({
        type: "invalid_request_error",
        param,
        message: expect.stringMatching(message),
      });
      if (typeof body.reference === "string") expect(await atProvider(body.reference)).toBe(0);
    }
  });

  it("refuses an amount outside the merchant's range in PayDesk, and carries the provider's own refusal code", async () => {
    await database.db.update(merchants).set({ payinMin: "20.00" }).where(eq(merchants.id, coffee));
    const low = await postCheckout(payIn({ amount: "10.00" }));
    expect(low).toMatchObject({ status: 400, body: { error: { param: "amount", message: expect.stringMatching(/minimum/) } } });
    await database.db.update(merchants).set({ payinMin: null }).where(eq(merchants.id, coffee));
    // The sandbox's own floor (docs/provider-facts.md): the provider refuses, PayDesk records it and says so with its code.
    const refused = await postCheckout(payIn({ amount: "1.00" }));
    if (profile === "spec") {
      expect(refused).toMatchObject({ status: 422, body: { error: { type: "provider_error", code: "ERROR_VALUE_NOT_IN_RANGE" } } });
      const recorded = await documented(oneRequest.GET as Handler, "GET", "/payment-requests/{id}", "", {
        params: { id: String(refused.body.error!.payment_request) },
      });
      expect(recorded.body).toMatchObject({ status: "rejected", failure: { code: "ERROR_VALUE_NOT_IN_RANGE" } });
      // The provider keeps a refused RefId1: the same reference again is sent under a RefId1 of PayDesk's making.
      const reference = String(recorded.body.reference);
      const again = await postCheckout(payIn({ reference }));
      expect(again).toMatchObject({ status: 201, body: { reference, status: "pending" } });
      expect(again.body.ref_id1).not.toBe(reference);
    } else {
      // The live provider refuses with an empty HTTP 500 (docs/provider-facts.md): PayDesk cannot tell
      // a refusal from a lost answer, so the request is `unknown` until reconciliation reads it back.
      expect(refused).toMatchObject({ status: 202, body: { status: "unknown", amount: "1.00" } });
    }
  });

  it("answers any odd body with a refusal in the error shape, never a 500", async () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const odd = [
      "null",
      "[]",
      '"text"',
      "42",
      "{}",
      deep,
      JSON.stringify({ ...payIn(), amount: 1e308 }),
      JSON.stringify({ ...payIn(), amount: "1e5" }),
      JSON.stringify({ ...payIn(), amount: "０１２" }),
      JSON.stringify({ ...payIn(), amount: null }),
      JSON.stringify({ ...payIn(), reference: "\u0000" }),
      JSON.stringify({ ...payIn(), payer: null }),
      JSON.stringify({ ...payIn(), payer: { name: "x".repeat(5_000) } }),
      JSON.stringify({ ...payIn(), metadata: [] }),
      `{"__proto__": {"admin": true}, "amount": "150.00", "reference": "${ref("PR")}", "payer": {"name": "A"}}`,
      JSON.stringify({ ...payIn(), type: "refund" }),
      JSON.stringify({ ...payIn(), return_url: "https://shop.example.com:99999/" }),
      '{"amount": "150.00", "amount": "151.00"}',
      "\ud800",
    ];
    for (const raw of odd) {
      const answer = await postCheckout(undefined, { raw });
      expect(answer.status, raw.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status, raw.slice(0, 80)).toBeLessThan(500);
      expect(answer.body.error, raw.slice(0, 80)).toMatchObject({ type: "invalid_request_error", request_id: expect.any(String) });
    }
  });

  it("refuses bodies that are not JSON (415), too large (413) or broken (400)", async () => {
    expect(
      await postCheckout(undefined, { raw: "amount=150", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ).toMatchObject({
      status: 415,
      body: { error: { code: "unsupported_media_type" } },
    });
    expect(await postCheckout(undefined, { raw: JSON.stringify({ ...payIn(), description: "x".repeat(70_000) }) })).toMatchObject({
      status: 413,
      body: { error: { code: "body_too_large" } },
    });
    expect(await postCheckout(undefined, { raw: "{not json" })).toMatchObject({ status: 400, body: { error: { code: "body_not_json" } } });
  });

  it("refuses a missing, malformed, revoked or expired key (401) and one without the scope (403), with no detail for a guesser", async () => {
    const cases: Array<[string | null, string]> = [
      [null, "api_key_missing"],
      ["sk_live_123", "api_key_malformed"],
      [key.slice(0, -1) + (key.endsWith("A") ? "B" : "A"), "api_key_malformed"],
    ];
    for (const [given, code] of cases) {
      const answer = await postCheckout(payIn(), { key: given });
      expect(answer).toMatchObject({ status: 401, body: { error: { type: "authentication_error", code } } });
    }
    const revoked = await newKey(coffee, ["checkouts:write"]);
    await revokeApiKey(database.db, { keyId: revoked.keyId, merchantRowId: coffee, revokedBy: null });
    expect(await postCheckout(payIn(), { key: revoked.key })).toMatchObject({ status: 401, body: { error: { code: "api_key_revoked" } } });
    const lapsed = await createApiKey(database.db, {
      merchantRowId: coffee,
      name: "Old shop",
      mode: "test",
      scopes: ["checkouts:write"],
      expiresAt: new Date(Date.now() + 50),
      createdBy: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await postCheckout(payIn(), { key: lapsed.key })).toMatchObject({ status: 401, body: { error: { code: "api_key_expired" } } });
    const readOnly = await newKey(coffee, ["requests:read"]);
    const body = payIn();
    expect(await postCheckout(body, { key: readOnly.key })).toMatchObject({
      status: 403,
      body: { error: { type: "permission_error", code: "scope_missing" } },
    });
    expect(await atProvider(body.reference)).toBe(0);
  });

  it("shows a key only its own merchant's requests: another's is 404, as if it did not exist", async () => {
    const mine = await postCheckout(payIn());
    const theirs = await newKey(gadgets, ["requests:read"]);
    const id = String(mine.body.id);
    const answer = await documented(checkout.GET as Handler, "GET", "/checkouts/{id}", `/checkouts/${id}`, {
      key: theirs.key,
      params: { id },
    });
    expect(answer).toMatchObject({ status: 404, body: { error: { code: "resource_missing" } } });
    const listed = await documented(list.GET as Handler, "GET", "/payment-requests", "/payment-requests", { key: theirs.key });
    expect((listed.body.data as Array<{ id: string }>).some((r) => r.id === id)).toBe(false);
  });

  it("pages through requests with a cursor, newest first, filtered by kind", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push(String((await postCheckout(payIn())).body.id));
    const first = await documented(list.GET as Handler, "GET", "/payment-requests", "/payment-requests?kind=payin&limit=2");
    expect(first.body).toMatchObject({ object: "list", has_more: true });
    const firstIds = (first.body.data as Array<{ id: string }>).map((r) => r.id);
    expect(firstIds).toEqual([made[2], made[1]]);
    const next = await documented(
      list.GET as Handler,
      "GET",
      "/payment-requests",
      `/payment-requests?kind=payin&limit=2&cursor=${first.body.next_cursor}`,
    );
    expect((next.body.data as Array<{ id: string }>)[0]!.id).toBe(made[0]);
    for (const bad of ["limit=0", "limit=101", "kind=refund", "cursor=nonsense", "created_gte=yesterday", "colour=red"]) {
      const answer = await documented(list.GET as Handler, "GET", "/payment-requests", `/payment-requests?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error!.param, bad).toBe(bad.split("=")[0]);
    }
  });

  it("reads the wallet's balance and a day's statement, its movements a page at a time; bad input is 400 naming the field", async () => {
    const wallet = (await sb.control<{ balance: string }>("GET", `/merchants/${sb.coffee.merchantId}/wallet?limit=1`)).body;
    const read = await documented(balance.GET as Handler, "GET", "/balance", "/balance");
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ object: "balance", balance: wallet.balance, failure: null });
    expect(Number(read.body.available)).toBeLessThanOrEqual(Number(read.body.balance));

    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
    const before = await documented(balanceTransactions.GET as Handler, "GET", "/balance/transactions", `/balance/transactions?day=${day}`);
    expect(before.body).toMatchObject({ object: "balance_transaction_list", day, status: "not_read", data: [] });
    const statement = await runStatement(database.db, coffee, day, surroundings.apis.get(coffee) as MerchantApi);
    if ("failure" in statement) throw new Error(statement.failure);
    const first = await documented(
      balanceTransactions.GET as Handler,
      "GET",
      "/balance/transactions",
      `/balance/transactions?day=${day}&limit=1`,
    );
    expect(first.body).toMatchObject({ status: statement.findings.length ? "findings" : "reconciled", has_more: statement.movements > 1 });
    expect(first.body.closing_balance).toBe(wallet.balance);
    // The opening balance the sandbox gave the merchant names no request: a finding, in words.
    expect(first.body.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "unmatched_movement", payment_request: null })]),
    );
    if (statement.movements > 1) {
      const next = await documented(
        balanceTransactions.GET as Handler,
        "GET",
        "/balance/transactions",
        `/balance/transactions?day=${day}&limit=100&cursor=${first.body.next_cursor}`,
      );
      const ids = [...(first.body.data as Array<{ id: string }>), ...(next.body.data as Array<{ id: string }>)].map((m) => m.id);
      expect(new Set(ids).size).toBe(statement.movements);
    }
    for (const bad of ["day=yesterday", "day=2026-13-45", "limit=0", "cursor=nonsense", "colour=red"]) {
      const answer = await documented(balanceTransactions.GET as Handler, "GET", "/balance/transactions", `/balance/transactions?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error!.param, bad).toBe(bad.split("=")[0]);
    }
  });

  it("holds a pay-out over the approval threshold (202), sends nothing, and sends it once a person approves", async () => {
    const reference = ref("APO");
    const body = { amount: "15000.00", reference, destination: { type: "promptpay", promptpay_id: "0812345678" } };
    const held = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", { body });
    expect(held).toMatchObject({ status: 202, body: { kind: "payout", status: "awaiting_approval", amount: "15000.00" } });
    expect(await atProvider(reference)).toBe(0);
    const approved = await approveRequest(database.db, async (id) => surroundings.apis.get(id) as MerchantApi, {
      requestId: String(held.body.id),
      merchantRowId: coffee,
      actorId: "usr_approver",
    });
    expect(approved).toMatchObject({ ok: true, state: "pending" });
    expect(await atProvider(reference)).toBe(1);
    const read = await documented(oneRequest.GET as Handler, "GET", "/payment-requests/{id}", "", { params: { id: String(held.body.id) } });
    expect(read.body).toMatchObject({ status: "pending", kind: "payout" });
    // Not a checkout: the checkout endpoint does not show it.
    const asCheckout = await documented(checkout.GET as Handler, "GET", "/checkouts/{id}", "", { params: { id: String(held.body.id) } });
    expect(asCheckout.status).toBe(404);
  });

  it("refuses a pay-out over the merchant's ceiling with 422 amount_above_ceiling, instead of holding it for approval; nothing is recorded or sent", async () => {
    const destination = { type: "promptpay", promptpay_id: "0812345678" };
    for (const amount of ["99999999999.00", "2000000.01"]) {
      const reference = ref("APC");
      const answer = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", {
        body: { amount, reference, destination },
      });
      expect(answer).toMatchObject({
        status: 422,
        body: { error: { type: "invalid_request_error", code: "amount_above_ceiling", param: "amount" } },
      });
      expect(String(answer.body.error!.message)).toContain("฿2,000,000.00");
      expect(await atProvider(reference)).toBe(0);
      expect(await database.db.select().from(paymentRequests).where(eq(paymentRequests.refId1, reference))).toEqual([]);
    }
    // The ceiling is the merchant's own: raised, the same amount is held for approval as before.
    await database.db.update(merchants).set({ payoutCeiling: "3000000.00" }).where(eq(merchants.id, coffee));
    try {
      const held = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", {
        body: { amount: "2000000.01", reference: ref("APC"), destination },
      });
      expect(held).toMatchObject({ status: 202, body: { status: "awaiting_approval" } });
    } finally {
      await database.db.update(merchants).set({ payoutCeiling: "2000000.00" }).where(eq(merchants.id, coffee));
    }
  });

  it("sends a pay-out whose recipient bears the fee (fee_payer), says so in its answer, and refuses a fee_payer it does not know", async () => {
    const reference = ref("APF");
    const body = { amount: "100.00", reference, destination: { type: "promptpay", promptpay_id: "0812345678" }, fee_payer: "recipient" };
    const sent = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", { body });
    expect(sent).toMatchObject({ status: 201, body: { kind: "payout", fee_payer: "recipient" } });
    const [row] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, String(sent.body.id)));
    expect(row!.feePayer).toBe("beneficiary");
    const bad = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", {
      body: { ...body, reference: ref("APF"), fee_payer: "bank" },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { param: "fee_payer" } } });
    expect(String(bad.body.error!.message)).toContain('fee_payer is "merchant" (the default) or "recipient"');
  });

  it("refuses a pay-out destination the contract refuses, naming the API's field", async () => {
    const answer = await documented(payouts.POST as Handler, "POST", "/payouts", "/payouts", {
      body: {
        amount: "100.00",
        reference: ref("APB"),
        destination: { type: "bank", bank_code: "XXX", account_no: "12", account_name: "A" },
      },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { param: "destination.bank_code" } } });
  });

  it("refunds a paid checkout up to what was paid (201 with refund_of, 400 on amount, 409 when nothing is left) and reads what was refunded and what is left", async () => {
    // An amount no other checkout here asks for: the live sandbox matches "pay" by amount, and its satang are not unique.
    const paidCheckout = await postCheckout(payIn({ amount: "231.00" }));
    const payInId = String(paidCheckout.body.id);
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, payInId));
    await sb.control("POST", `/requests/${row!.providerId}/pay`, {});
    expect(
      await reconcileRequest(database.db, surroundings.apis.get(coffee) as MerchantApi, row!, {
        providerMerchantId: sb.coffee.merchantId,
        graceMs: 0,
      }),
    ).toMatchObject({ state: "paid" });
    const paid = await documented(oneRequest.GET as Handler, "GET", "/payment-requests/{id}", "", { params: { id: payInId } });
    const paidSatang = Math.round(Number(paid.body.amount_paid) * 100);
    // Paid: the customer's PDF receipt, for the shop to send on.
    expect(paid.body.receipt_url).toMatch(/^http.+\/receipts\/[\w-]+\.[\w-]+$/);
    expect(paidSatang).toBeGreaterThanOrEqual(15_000);

    const refund = (body: Record<string, unknown>, id = payInId, options: Parameters<typeof call>[3] = {}) =>
      documented(refunds.POST as Handler, "POST", "/payment-requests/{id}/refunds", `/payment-requests/${id}/refunds`, {
        body: { reference: ref("RF"), destination: { type: "promptpay", promptpay_id: "0812345678" }, ...body },
        params: { id },
        ...options,
      });
    const standing = (id = payInId, options: Parameters<typeof call>[3] = {}) =>
      documented(refunds.GET as Handler, "GET", "/payment-requests/{id}/refunds", `/payment-requests/${id}/refunds`, {
        params: { id },
        ...options,
      });
    const paidText = paid.body.amount_paid as string;
    const baht = (satang: number) => (satang / 100).toFixed(2);
    expect(await standing()).toMatchObject({
      status: 200,
      body: {
        object: "refund_list",
        payment_request: payInId,
        amount_paid: paidText,
        amount_refunded: "0.00",
        amount_refund_pending: "0.00",
        amount_refundable: paidText,
        data: [],
      },
    });

    const first = await refund({ amount: "100.00" });
    expect(first).toMatchObject({ status: 201, body: { kind: "payout", status: "pending", amount: "100.00", refund_of: payInId } });
    // On its way, it already takes its amount.
    const whileSent = await standing();
    expect(whileSent.body).toMatchObject({
      amount_refunded: "0.00",
      amount_refund_pending: "100.00",
      amount_refundable: baht(paidSatang - 10_000),
    });
    expect((whileSent.body.data as { id: string; refund_of: string }[]).map((r) => [r.id, r.refund_of])).toEqual([
      [first.body.id, payInId],
    ]);
    // A refund the provider rejects gives its amount back.
    const rejectedRef = ref("RF");
    const rejected = await refund({ amount: "20.00", reference: rejectedRef });
    expect((await standing()).body).toMatchObject({ amount_refund_pending: "120.00", amount_refundable: baht(paidSatang - 12_000) });
    const [rejectedRow] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, String(rejected.body.id)));
    await sb.control("POST", `/requests/${rejectedRow!.providerId}/reject`, { reason: "Beneficiary account closed" });
    expect(
      await reconcileRequest(database.db, surroundings.apis.get(coffee) as MerchantApi, rejectedRow!, {
        providerMerchantId: sb.coffee.merchantId,
        graceMs: 0,
      }),
    ).toMatchObject({ state: "rejected" });
    // Paid out by the provider: refunded once PayDesk knows it, whichever word the provider ended it with
    // (spec: Paid; the live provider: Approved — one rule, lib/requests/lifecycle.ts isEndedPaid).
    const [firstRow] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, String(first.body.id)));
    await sb.control("POST", `/requests/${firstRow!.providerId}/payout`, {});
    const settled = await reconcileRequest(database.db, surroundings.apis.get(coffee) as MerchantApi, firstRow!, {
      providerMerchantId: sb.coffee.merchantId,
      graceMs: 0,
    });
    expect(settled).toMatchObject({ state: profile === "spec" ? "paid" : "approved" });
    expect((await standing()).body).toMatchObject({
      amount_refunded: "100.00",
      amount_refund_pending: "0.00",
      amount_refundable: baht(paidSatang - 10_000),
    });
    const read = await documented(oneRequest.GET as Handler, "GET", "/payment-requests/{id}", "", {
      params: { id: String(first.body.id) },
    });
    expect(read.body.refund_of).toBe(payInId);

    const leftText = `฿${((paidSatang - 10_000) / 100).toFixed(2)}`;
    const tooMuchRef = ref("RF");
    const tooMuch = await refund({ amount: ((paidSatang - 10_000 + 1) / 100).toFixed(2), reference: tooMuchRef });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { error: { param: "amount", message: `amount: At most ${leftText} is left to refund on this Pay-In.` } },
    });
    expect(await atProvider(tooMuchRef)).toBe(0);

    expect(await refund({ amount: ((paidSatang - 10_000) / 100).toFixed(2) })).toMatchObject({ status: 201 });
    expect(await refund({ amount: "1.00" })).toMatchObject({ status: 409, body: { error: { code: "nothing_left_to_refund" } } });
    const spent = await standing();
    expect(spent.body).toMatchObject({ amount_paid: paidText, amount_refundable: "0.00" });
    expect((spent.body.data as { id: string }[]).map((r) => r.id).slice(0, 2)).toEqual([first.body.id, rejected.body.id]);
    expect(spent.body.data).toHaveLength(3);

    // Not paid: 409. Not a Pay-In, or another merchant's: 404, as if it did not exist.
    const open = await postCheckout(payIn());
    expect(await refund({ amount: "1.00" }, String(open.body.id))).toMatchObject({
      status: 409,
      body: { error: { code: "payin_not_paid" } },
    });
    expect(await refund({ amount: "1.00" }, String(first.body.id))).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
    const theirs = await newKey(gadgets, ["payouts:write", "requests:read"]);
    expect(await refund({ amount: "1.00" }, payInId, { key: theirs.key })).toMatchObject({ status: 404 });
    // Reading: an open Pay-In has nothing paid nor left; a refund, or another merchant's Pay-In, is 404.
    expect((await standing(String(open.body.id))).body).toMatchObject({ amount_paid: "0.00", amount_refundable: "0.00", data: [] });
    expect(await standing(String(first.body.id))).toMatchObject({ status: 404, body: { error: { code: "resource_missing" } } });
    expect(await standing(payInId, { key: theirs.key })).toMatchObject({ status: 404 });
    const writeOnly = await newKey(coffee, ["payouts:write"]);
    expect(await standing(payInId, { key: writeOnly.key })).toMatchObject({ status: 403 });
  });
});
