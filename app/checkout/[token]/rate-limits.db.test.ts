/**
 * The checkout's public status and events endpoints are bounded per payment and per address: a
 * flood of polls or streams is answered 429 with Retry-After and a sentence, while the page's own
 * polling (two tabs' worth) and a second tab's stream stay within the bounds.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutTokenFor } from "@/lib/checkout/signing";
import { STATUS_POLL_MS } from "@/lib/checkout/polling";
import type { Db } from "@/lib/db/client";
import { merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

const SECRET = "k".repeat(44);

// The handlers' surroundings outside Next: the database, the server's secret, the change bus.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/secrets", () => ({ authSecret: () => "k".repeat(44) }));
vi.mock("@/lib/live/bus", () => ({ subscribeToRequest: async () => () => {} }));

const status = (await import("./status/route")).GET;
const events = (await import("./events/route")).GET;

const ids = Array.from({ length: 12 }, (_, i) => `req_limit_${i}`);
const tokenOf = (id: string) =>
  checkoutTokenFor({ id, expireAt: new Date(Date.now() + 3_600_000), createdAt: new Date() }, { secret: SECRET });
const params = (token: string) => ({ params: Promise.resolve({ token }) });
const headersFrom = (ip: string, extra: Record<string, string> = {}) => ({ "x-paydesk-peer": ip, ...extra });

const poll = (token: string, ip: string, query = "", extra: Record<string, string> = {}) =>
  status(new Request(`http://paydesk.test/checkout/${token}/status${query}`, { headers: headersFrom(ip, extra) }), params(token));

/** Opens a stream; `close` is the browser going away. */
async function stream(token: string, ip: string, extra: Record<string, string> = {}) {
  const leave = new AbortController();
  const response = await events(
    new Request(`http://paydesk.test/checkout/${token}/events`, { headers: headersFrom(ip, extra), signal: leave.signal }),
    params(token),
  );
  return { response, close: () => leave.abort() };
}

describe("checkout status and events limits", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    await database.db
      .insert(merchants)
      .values({ id: "mer_a", displayName: "Coffee", orgId: "org", merchantId: "m-a", submitKeyEncrypted: "v1:x", submitKeyLast4: "abcd" });
    await database.db.insert(paymentRequests).values(
      ids.map((id) => ({
        id,
        merchantId: "mer_a",
        kind: "payin" as const,
        refId1: id,
        payerName: "x",
        requestedAmount: "325.00",
        status: "pending",
        input: {},
        idempotencyKey: id,
      })),
    );
  });
  afterAll(async () => database?.dispose());

  it("lets the page's own polling through: two tabs polling for a minute, plus coming back and reconnecting", async () => {
    const token = tokenOf(ids[0]!);
    const polls = 2 * (60_000 / STATUS_POLL_MS) + 4;
    for (let i = 0; i < polls; i++) expect((await poll(token, "203.0.113.1")).status).toBe(200);
  });

  it("answers a flood of ?completed=1 polls for one payment with 429, Retry-After and words in the caller's language", async () => {
    const token = tokenOf(ids[1]!);
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await poll(token, `198.51.100.${i}`, "?completed=1", { "accept-language": "th-TH" }));
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 200).length).toBeLessThan(40);
    expect(refused.length).toBeGreaterThan(60);
    const retryAfter = Number(refused[0]!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused[0]!.json()).toEqual({ error: `ตรวจสอบสถานะรายการนี้บ่อยเกินไป กรุณาลองใหม่ในอีก ${retryAfter} วินาที` });
  });

  it("bounds one address across many payments", async () => {
    const answers = [];
    // 25 polls for each of 10 payments: each payment within its own budget, the address over its.
    for (let i = 0; i < 250; i++) answers.push((await poll(tokenOf(ids[2 + (i % 10)]!), "192.0.2.77")).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 200).length).toBeLessThan(250);
    // Another address is not held back by it.
    expect((await poll(tokenOf(ids[2]!), "192.0.2.78")).status).toBe(200);
  });

  it("refuses a token that is not ours — another spelling of a real one too — with 404 and no database work", async () => {
    const real = tokenOf(ids[0]!);
    // The tag's last character carries 4 unused bits: set one of them.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${real.slice(0, -1)}${alphabet[alphabet.indexOf(real.at(-1)!) ^ 1]}`;
    const working = surroundings.db;
    surroundings.db = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the database was asked");
        },
      },
    );
    try {
      for (const token of [`${real}x`, respelled]) {
        expect((await poll(token, "203.0.113.1")).status).toBe(404);
        expect((await stream(token, "203.0.113.1")).response.status).toBe(404);
      }
    } finally {
      surroundings.db = working;
    }
  });

  it("holds only a few streams per payment; a closed one frees its place", async () => {
    const token = tokenOf(ids[3]!);
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await stream(token, `198.51.100.${i}`, { "accept-language": "en" }));
    const held = open.filter((s) => s.response.status === 200);
    const refused = open.filter((s) => s.response.status === 429);
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held.length).toBeLessThanOrEqual(5);
    expect(refused[0]!.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused[0]!.response.json()).error).toMatch(/^Too many pages are following this payment from here/);
    held[0]!.close();
    await new Promise((r) => setTimeout(r, 20));
    const again = await stream(token, "198.51.100.99");
    expect(again.response.status).toBe(200);
    again.close();
    for (const s of held) s.close();
  });

  it("holds only a limited number of streams from one address across payments", async () => {
    const open = [];
    for (let i = 0; i < 60; i++) open.push(await stream(tokenOf(ids[i % ids.length]!), "192.0.2.200"));
    expect(open.filter((s) => s.response.status === 429).length).toBeGreaterThan(0);
    expect(open.filter((s) => s.response.status === 200).length).toBeLessThan(60);
    for (const s of open) s.close();
  });
});
