/**
 * The merchant API as a customer's developer meets it: a client generated from PayDesk's own
 * OpenAPI document (openapi-typescript types, openapi-fetch calls), type-checked with the project
 * (`tsc`, strict), runs a checkout, a refund and a pay-out end to end against the sandbox over HTTP,
 * on both profiles. The generated types are committed (./testing/openapi-types.generated.ts); the
 * first test fails when they are not what the generator makes from the document now.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { createApiKey } from "@/lib/merchant-api/keys/manage";
import type { Db } from "@/lib/db/client";
import { paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { reconcileRequest } from "@/lib/requests/reconcile";
import type { paths } from "./testing/openapi-types.generated";
import { generateOpenApiTypes, TYPES_FILE } from "./testing/openapi-types";
import { scaled } from "@/lib/testing/vitest-project";

vi.stubEnv("API_RATE_LIMIT", "100000/10s");
// The database and the provider client are the test's own: a PGlite database and the sandbox over HTTP.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, apis: new Map<string, unknown>() }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/provider", () => ({ merchantApiFor: async (row: { id: string }) => surroundings.apis.get(row.id) }));

type Handler = (request: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: Array<[RegExp, Record<string, unknown>, string[]]> = [
  [/^\/checkouts$/, await import("@/app/api/v1/checkouts/route"), []],
  [/^\/checkouts\/([^/]+)$/, await import("@/app/api/v1/checkouts/[id]/route"), ["id"]],
  [/^\/payment-requests$/, await import("@/app/api/v1/payment-requests/route"), []],
  [/^\/payment-requests\/([^/]+)$/, await import("@/app/api/v1/payment-requests/[id]/route"), ["id"]],
  [/^\/payment-requests\/([^/]+)\/refunds$/, await import("@/app/api/v1/payment-requests/[id]/refunds/route"), ["id"]],
  [/^\/payouts$/, await import("@/app/api/v1/payouts/route"), []],
];

/** The client's fetch: each call goes to the app's own route handler, as the Next server would route it. */
async function appFetch(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
  for (const [pattern, module, names] of ROUTES) {
    const match = pattern.exec(path);
    const handler = match ? (module[request.method] as Handler | undefined) : undefined;
    if (!match || !handler) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const body = request.method === "GET" ? undefined : await request.text();
    return handler(new NextRequest(request.url, { method: request.method, headers: request.headers, body }), {
      params: Promise.resolve(params),
    });
  }
  return new Response(JSON.stringify({ error: "no such route" }), { status: 404 });
}

describe("the generated types", () => {
  it(
    "are what openapi-typescript makes from the merchant API's document now",
    async () => {
      const generated = await generateOpenApiTypes();
      if (process.env.UPDATE_OPENAPI_TYPES === "1") fs.writeFileSync(TYPES_FILE, generated);
      expect(fs.readFileSync(TYPES_FILE, "utf8")).toBe(generated);
    },
    scaled(60_000),
  );
});

describe.each(["spec", "live"] as const)("a client generated from the OpenAPI document, against the %s sandbox", (profile) => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let coffee: string;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    sb = await startTestSandbox(profile);
    coffee = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
        payoutApprovalThresholdSatang: 1_000_000,
      })
    ).id;
    surroundings.apis.set(
      coffee,
      createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null }).forMerchant({ ...sb.coffee, label: "Coffee" }),
    );
    const { key } = await createApiKey(database.db, {
      merchantRowId: coffee,
      name: "Generated client",
      mode: "test",
      scopes: ["checkouts:write", "requests:read", "payouts:write"],
      expiresAt: null,
      createdBy: null,
    });
    client = createClient<paths>({ baseUrl: "http://paydesk.test/api/v1", fetch: appFetch, headers: { authorization: `Bearer ${key}` } });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  /** What the provider says now, read back by reconciliation as PayDesk's worker would. */
  const settle = async (id: string) => {
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    return reconcileRequest(database.db, surroundings.apis.get(coffee) as MerchantApi, row!, {
      providerMerchantId: sb.coffee.merchantId,
      graceMs: 0,
    });
  };
  const providerIdOf = async (id: string) =>
    (await database.db.select({ providerId: paymentRequests.providerId }).from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!
      .providerId!;

  it("runs a checkout, its refund and a pay-out to the end", async () => {
    // A checkout, paid by the customer.
    const created = await client.POST("/checkouts", {
      body: { amount: profile === "spec" ? "233.00" : "234.00", reference: ref("GC"), payer: { name: "สมชาย ใจดี" } },
      params: { header: { "Idempotency-Key": randomUUID() } },
    });
    expect(created.response.status).toBe(201);
    const checkout = created.data!;
    expect(checkout).toMatchObject({ object: "payment_request", kind: "payin", status: "pending" });
    expect(created.response.headers.get("x-request-id")).toMatch(/^rq_/);
    await sb.control("POST", `/requests/${await providerIdOf(checkout.id)}/pay`, {});
    expect(await settle(checkout.id)).toMatchObject({ state: "paid" });
    const paid = await client.GET("/checkouts/{id}", { params: { path: { id: checkout.id } } });
    expect(paid.data).toMatchObject({ id: checkout.id, status: "paid" });

    // Part of it refunded to the customer's PromptPay.
    const refund = await client.POST("/payment-requests/{id}/refunds", {
      params: { path: { id: checkout.id }, header: { "Idempotency-Key": randomUUID() } },
      body: { amount: "100.00", reference: ref("GR"), destination: { type: "promptpay", promptpay_id: "0812345678" } },
    });
    expect(refund.response.status).toBe(201);
    expect(refund.data).toMatchObject({ kind: "payout", refund_of: checkout.id, amount: "100.00" });
    const standing = await client.GET("/payment-requests/{id}/refunds", { params: { path: { id: checkout.id } } });
    expect(standing.data).toMatchObject({ amount_refund_pending: "100.00", data: [{ id: refund.data!.id }] });

    // A pay-out, paid out by the provider: `paid` where the provider follows the spec, `approved` on the live one.
    const payout = await client.POST("/payouts", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: {
        amount: "150.00",
        reference: ref("GP"),
        destination: { type: "bank", bank_code: "KBANK", account_no: "1234567890", account_name: "Somchai" },
      },
    });
    expect(payout.response.status).toBe(201);
    await sb.control("POST", `/requests/${await providerIdOf(payout.data!.id)}/payout`, {});
    await settle(payout.data!.id);
    const ended = await client.GET("/payment-requests/{id}", { params: { path: { id: payout.data!.id } } });
    expect(ended.data).toMatchObject({ kind: "payout", status: profile === "spec" ? "paid" : "approved" });
    expect(ended.data!.paid_at).not.toBeNull();

    // A refusal comes back typed as the document's error shape.
    const refused = await client.POST("/payouts", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: { amount: "1.234", reference: ref("GP"), destination: { type: "promptpay", promptpay_id: "0812345678" } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error).toMatchObject({ type: "invalid_request_error", param: "amount" });

    const page = await client.GET("/payment-requests", { params: { query: { limit: 10 } } });
    expect(page.data!.data.map((r) => r.id)).toEqual(expect.arrayContaining([checkout.id, refund.data!.id, payout.data!.id]));
  });

  it("is typed strictly: what the document does not allow does not compile (tsc), and the API refuses it too", async () => {
    // @ts-expect-error a checkout needs a reference and a payer
    const incomplete = await client.POST("/checkouts", { body: { amount: "1.00" } });
    expect(incomplete.response.status).toBe(400);
    // @ts-expect-error the kind is one of the document's
    const badKind = await client.GET("/payment-requests", { params: { query: { kind: "invoice" } } });
    expect(badKind.response.status).toBe(400);
    expect(badKind.error?.error).toMatchObject({ param: "kind" });
  });
});
