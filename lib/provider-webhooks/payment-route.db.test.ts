import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries, webhookRefusals } from "@/lib/db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { rotateWebhookSecret } from "@/lib/merchants/webhook-secret";
import { MAX_WEBHOOK_BYTES, MAX_WEBHOOK_DEPTH } from "@/lib/provider-webhooks/ingest";
import { summarizeRefusals } from "@/lib/provider-webhooks/refusals";
import { factWords } from "@/lib/requests/notes";

/**
 * The webhook route as the server calls it: a Request whose body is a stream, as a chunked upload
 * arrives. What is proven here is what the route reads of a body, and when: nothing before the
 * secret is checked, and no more than MAX_WEBHOOK_BYTES after. Also: refusals are counted, and a
 * NUL character is answered 400 and stored, on both databases.
 */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, intake: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db, getIntakeDb: async () => surroundings.intake }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({
    WEBHOOK_SECRET_HEADER: "X-PayDesk-Webhook-Secret",
    WEBHOOK_INTAKE_POOL_SIZE: 2,
    TRUSTED_PROXIES: [],
    PUBLIC_BASE_URL: "http://127.0.0.1:3000",
  }),
}));
// No provider here: deliveries are stored and answered; applying them is lib/provider-webhooks' tests' business.
vi.mock("@/lib/provider", () => ({ merchantApiIn: () => async () => undefined }));
vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), after: () => undefined }));

const { receivePaymentWebhook: POST } = await import("./payment-route");

const HEADER = "X-PayDesk-Webhook-Secret";
const CHUNK = 64 * 1024;

/** A body of `totalBytes` that counts how much of it was pulled; `chunked` (no Content-Length), as the provider may send. */
function countingBody(totalBytes: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= totalBytes) return controller.close();
        counter.pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const post = (body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  POST(
    new Request("http://127.0.0.1/api/webhooks/payment", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit) as never,
  );

describe.each(DATABASE_KINDS)("POST /api/webhooks/payment on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let coffee: { id: string; secret: string; merchantId: string };
  let gadgets: { id: string; secret: string; merchantId: string };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    surroundings.db = database.db as Db;
    surroundings.intake = database.intake as Db;
    const vault = createKeyVault([randomBytes(32)]);
    const add = async (name: string) => {
      const merchantId = randomUUID();
      const { id } = await createMerchant(database.db, vault, {
        displayName: name,
        orgId: "demo",
        merchantId,
        submitKey: `submit-${randomBytes(8).toString("hex")}`,
      });
      return { id, merchantId, secret: await rotateWebhookSecret(database.db, id) };
    };
    coffee = await add("Coffee");
    gadgets = await add("Gadgets");
  });
  afterAll(async () => database?.dispose());

  const job = (merchantId: string, reason = "Success") => ({
    Id: randomUUID(),
    Type: "PaymentIn.Rejected",
    Parameters: [
      { Name: "EVENT_TYPE", Value: "PaymentIn.Rejected" },
      { Name: "MERCHANT_ID", Value: merchantId },
      { Name: "PMR_ID", Value: randomUUID() },
      { Name: "STATUS_REASON", Value: reason },
    ],
  });

  it.skipIf(skip)("checks the secret before reading anything of the body", async () => {
    for (const headers of [{}, { [HEADER]: "whsec_not-one-paydesk-issued" }] as Record<string, string>[]) {
      const { stream, counter } = countingBody(50 * 1024 * 1024);
      const response = await post(stream, headers);
      expect(response.status).toBe(401);
      expect(counter.pulled).toBe(0);
      expect(counter.cancelled).toBe(true);
    }
  });

  it.skipIf(skip)("stops reading a chunked body at the cap and answers 413", async () => {
    const { stream, counter } = countingBody(50 * 1024 * 1024);
    const response = await post(stream, { [HEADER]: coffee.secret });
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(MAX_WEBHOOK_BYTES + 2 * CHUNK);
    // A declared length over the cap is refused without reading.
    const declared = countingBody(1024 * 1024);
    expect((await post(declared.stream, { [HEADER]: coffee.secret, "content-length": String(1024 * 1024) })).status).toBe(413);
    expect(declared.counter.pulled).toBe(0);
  });

  it.skipIf(skip)("still takes a webhook within the cap", async () => {
    const body = JSON.stringify(job(coffee.merchantId));
    const response = await post(body, { [HEADER]: coffee.secret });
    expect([response.status, await response.json()]).toEqual([200, { status: "ok" }]);
  });

  it.skipIf(skip)("counts refusals and keeps the last few: from where, which header, what was wrong — never the secret sent", async () => {
    const before = await summarizeRefusals(database.db);
    const from = { "x-paydesk-peer": "203.0.113.77" };
    const guessed = `whsec_${randomBytes(16).toString("hex")}`;
    expect((await post(JSON.stringify(job(coffee.merchantId)), { ...from })).status).toBe(401);
    expect((await post(JSON.stringify(job(coffee.merchantId)), { ...from, [HEADER]: guessed })).status).toBe(401);
    // Gadgets' secret vouching for a coffee webhook.
    expect((await post(JSON.stringify(job(coffee.merchantId)), { ...from, [HEADER]: gadgets.secret })).status).toBe(401);
    const after = await summarizeRefusals(database.db);
    expect(after.lastHour - before.lastHour).toBe(3);
    expect(after.lastDay - before.lastDay).toBe(3);
    expect(after.recent.slice(0, 3).map((r) => [r.problem, r.ip, r.header])).toEqual([
      ["other_merchant", "203.0.113.77", HEADER],
      ["unknown", "203.0.113.77", HEADER],
      ["missing", "203.0.113.77", HEADER],
    ]);
    const stored = JSON.stringify(await database.db.select().from(webhookRefusals));
    expect(stored).not.toContain(guessed);
    expect(stored).not.toContain(gadgets.secret);
  });

  it.skipIf(skip)("keeps refusals bounded under a burst", async () => {
    for (let i = 0; i < 60; i++) expect((await post("{}", {})).status).toBe(401);
    expect((await database.db.select().from(webhookRefusals)).length).toBeLessThanOrEqual(50);
    expect((await summarizeRefusals(database.db)).lastHour).toBeGreaterThanOrEqual(60);
  });

  it.skipIf(skip)("answers 400 to a NUL character, escaped or raw, and stores the delivery as unreadable", async () => {
    const escaped = JSON.stringify(job(coffee.merchantId, "bad\u0000reason"));
    expect(escaped).toContain("\\u0000");
    const raw = `{"Id":"${randomUUID()}","Parameters":[{"Name":"STATUS_REASON","Value":"bad\u0000reason"}]}`;
    for (const body of [escaped, raw]) {
      const response = await post(body, { [HEADER]: coffee.secret });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/NUL|not JSON/);
    }
    const kept = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.merchantId, coffee.id));
    const malformed = kept.filter((d) => d.verdict === "malformed");
    expect(malformed.map((d) => d.reason)).toEqual(
      expect.arrayContaining(["a field contains a NUL character (U+0000)", "the body is not JSON"]),
    );
    // Nothing was lost: both bodies are there, the raw NUL written as text.
    expect(malformed.some((d) => d.rawBody.includes("bad\\u0000reason") && d.rawBody.startsWith('{"Id"'))).toBe(true);
  });

  it.skipIf(skip)("refuses a body nested deeper than any webhook with 400, and stores it as unreadable", async () => {
    // 5,000 levels: well within the size cap, and once answered 500 (the NUL check recursed without a bound).
    const deep = `{"Id":"${randomUUID()}","Parameters":[{"Name":"STATUS_REASON","Value":${"[".repeat(5_000)}${"]".repeat(5_000)}}]}`;
    expect(Buffer.byteLength(deep)).toBeLessThan(MAX_WEBHOOK_BYTES);
    const response = await post(deep, { [HEADER]: coffee.secret });
    expect(response.status).toBe(400);
    const answered = await response.json();
    expect(answered.message).toContain(`nested more than ${MAX_WEBHOOK_DEPTH} levels deep`);
    const [kept] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.merchantId, coffee.id), eq(webhookDeliveries.rawBody, deep)));
    expect([kept?.verdict, kept?.reasonFacts]).toEqual(["malformed", { note: "webhook_too_deep", limit: MAX_WEBHOOK_DEPTH }]);
    // Staff read why in their language (the delivery log).
    expect(factWords(kept!.reasonFacts!, "en")).toBe(`the body is nested more than ${MAX_WEBHOOK_DEPTH} levels deep`);
    expect(factWords(kept!.reasonFacts!, "th")).toContain(`${MAX_WEBHOOK_DEPTH} ชั้น`);
    // A real webhook's depth (job → Parameters → parameter) is far inside the bound.
    expect((await post(JSON.stringify(job(coffee.merchantId)), { [HEADER]: coffee.secret })).status).toBe(200);
  });
});
