/**
 * GET /receipts/<token>: a PDF for a Pay-In that ended paid by the one rule (`paid`, or the live
 * provider's `approved`), read back as a reader reads it; a sentence and no PDF for anything else,
 * for a token signed for another door, a forged or an expired one; and a bound per payment.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutTokenFor, receiptTokenFor } from "@/lib/checkout/signing";
import type { Db } from "@/lib/db/client";
import { merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { decomposeSaraAm } from "@/lib/receipts/pdf";
import { pdfText } from "@/lib/testing/pdf-text";

const SECRET = "k".repeat(44);
const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/secrets", () => ({ authSecret: () => "k".repeat(44) }));
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://pay.example.co.th", TRUSTED_PROXIES: [] }),
}));

const { GET } = await import("./route");
const checkoutStatus = (await import("@/app/checkout/[token]/status/route")).GET;

const now = Date.now();
const receiptToken = (id: string, createdAt = new Date(now)) => receiptTokenFor({ id, createdAt }, { secret: SECRET });
const ask = (token: string, query = "", headers: Record<string, string> = {}, ip = "203.0.113.7") =>
  GET(new Request(`https://pay.example.co.th/receipts/${token}${query}`, { headers: { "x-paydesk-peer": ip, ...headers } }), {
    params: Promise.resolve({ token }),
  });
const squeeze = (text: string) => decomposeSaraAm(text).normalize("NFKC").replace(/\s+/g, "");

type Row = typeof paymentRequests.$inferInsert;
const request = (id: string, over: Partial<Row>): Row => ({
  id,
  merchantId: "mer_r",
  kind: "payin",
  refId1: `REF-${id}`,
  payerName: "นางสาว ศิริพร ใจดี",
  requestedAmount: "325.00",
  paidAmount: "325.47",
  status: "paid",
  paidAt: new Date("2026-11-29T08:15:30Z"),
  input: {},
  idempotencyKey: id,
  ...over,
});

describe("a receipt's link", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    await database.db.insert(merchants).values({
      id: "mer_r",
      displayName: "ร้านกาแฟ Doi",
      orgId: "org",
      merchantId: "m-r",
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(paymentRequests).values([
      request("rc_paid", {}),
      request("rc_p2p", { kind: "payin_p2p", status: "approved", paidAmount: "1200.00", payerName: null }),
      request("rc_open", { status: "pending", paidAmount: "0", paidAt: null }),
      request("rc_payout", { kind: "payout", paidAmount: "325.00" }),
      request("rc_refunded", {}),
      request("rc_refund", {
        kind: "payout",
        refundOf: "rc_refunded",
        requestedAmount: "25.00",
        paidAmount: "25.00",
        status: "approved",
      }),
      request("rc_busy", {}),
    ]);
  });
  afterAll(async () => database?.dispose());

  it("opens a paid Pay-In's PDF: the amount paid, the reference, the payer, in the language asked for", async () => {
    const answer = await ask(receiptToken("rc_paid"), "?lang=th");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-disposition")).toBe(
      `inline; filename="receipt-REF-rc_paid.pdf"; filename*=UTF-8''receipt-REF-rc_paid.pdf`,
    );
    const pdf = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    for (const words of ["ใบเสร็จรับเงิน", "ยอดที่ชำระ ฿325.47", "เลขอ้างอิง REF-rc_paid", "ผู้ชำระ นางสาว ศิริพร ใจดี", "ชำระให้ ร้านกาแฟ Doi"]) {
      expect(pdf.text).toContain(squeeze(words));
    }
  });

  it("opens an approved P2P Pay-In's too (the live provider's word for paid), in the browser's language without ?lang", async () => {
    const answer = await ask(receiptToken("rc_p2p"), "", { "accept-language": "en-US,en;q=0.9" });
    expect(answer.status).toBe(200);
    const pdf = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(pdf.text).toContain(squeeze("Amount paid ฿1,200.00"));
    expect(pdf.text).not.toContain("Paidby");
  });

  it("shows what a refund paid back", async () => {
    const pdf = await pdfText(new Uint8Array(await (await ask(receiptToken("rc_refunded"), "?lang=en")).arrayBuffer()));
    expect(pdf.text).toContain(squeeze("Refunded ฿25.00"));
  });

  it("answers a sentence, and no PDF, for a request that is not paid, not a Pay-In, or gone", async () => {
    const open = await ask(receiptToken("rc_open"), "?lang=th");
    expect(open.status).toBe(404);
    expect(open.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await open.text()).toContain("ยังไม่ได้ชำระเงิน");
    for (const id of ["rc_payout", "rc_gone"]) {
      const answer = await ask(receiptToken(id), "?lang=en");
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("This receipt link does not work. Ask the shop for a new one.");
    }
  });

  it("refuses a token signed for the checkout, a forged one and an expired one; a receipt's token opens no checkout", async () => {
    const checkoutToken = checkoutTokenFor(
      { id: "rc_paid", expireAt: new Date(now + 3_600_000), createdAt: new Date(now) },
      { secret: SECRET },
    );
    expect((await ask(checkoutToken)).status).toBe(404);
    const forged = receiptTokenFor({ id: "rc_paid", createdAt: new Date(now) }, { secret: "x".repeat(44) });
    expect((await ask(forged)).status).toBe(404);
    const old = await ask(receiptToken("rc_paid", new Date(now - 400 * 24 * 3_600_000)), "?lang=en");
    expect(old.status).toBe(404);
    expect(await old.text()).toContain("has expired");
    const token = receiptToken("rc_paid");
    const status = await checkoutStatus(
      new Request(`https://pay.example.co.th/checkout/${token}/status`, { headers: { "x-paydesk-peer": "203.0.113.9" } }),
      {
        params: Promise.resolve({ token }),
      },
    );
    expect(status.status).toBe(404);
  });

  it("answers 429 with Retry-After once one payment's receipt is asked for too often, from any address", async () => {
    const token = receiptToken("rc_busy");
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await ask(token, "?lang=en", {}, `198.51.100.${i}`));
    expect(answers.slice(0, 12).every((a) => a.status === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many receipts asked for from here\. Try again in \d+ s\.$/);
  });
});
