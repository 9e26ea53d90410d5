/**
 * The customer's pages' server side against both sandbox profiles over real HTTP: what a
 * checkout token opens, what a slip link shows and uploads. The live provider sends qrCodeImage
 * empty (docs/provider-facts.md §4.1), so the page must draw from qrCode there.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { outboundEvents, paymentRequests, requestEvents, webhookEndpoints } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type MerchantApi, type PaymentApi } from "../provider/client";
import { applyToRequest } from "../requests/apply";
import { createRequest } from "../requests/create";
import { openSlipLink, type SlipLink } from "../slips/link";
import { uploadSlip } from "../slips/upload";
import { checkSoon } from "./nudge";
import { checkoutTokenFor, signCheckoutToken } from "./token";
import { loadCheckout } from "./view";
import { payInRequest } from "../requests/contract";
import { scaled } from "@/lib/testing/vitest-project";

const secret = "c".repeat(44);
const BASE = "https://pay.example.co.th";

function png(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
      chunk("IDAT", deflateSync(Buffer.from([0, 0]))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

describe.each(["spec", "live"] as const)("the customer's pages against the %s sandbox", (profile) => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let provider: PaymentApi;
  let api: MerchantApi;
  let merchantRowId: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    sb = await startTestSandbox(profile);
    const vault = createKeyVault([randomBytes(32)]);
    merchantRowId = (
      await createMerchant(database.db, vault, {
        displayName: "Siam Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    provider = createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null });
    api = provider.forMerchant({
      orgId: sb.coffee.orgId,
      merchantId: sb.coffee.merchantId,
      submitKey: sb.coffee.submitKey,
      readKey: sb.coffee.readKey,
      label: "Siam Coffee",
    });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const newPayIn = async () => {
    const result = await createRequest(
      database.db,
      api,
      { kind: "payin", payIn: payInRequest({ refId1: ref("CK"), payerName: "สมหญิง", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (result.outcome !== "sent") throw new Error(`not sent: ${JSON.stringify(result)}`);
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, result.request.id));
    return row!;
  };

  it("a checkout token opens its request: the exact amount, a QR drawn from the payload, bank details, the slip link on PayDesk's address", async () => {
    const row = await newPayIn();
    const found = await loadCheckout(database.db, checkoutTokenFor(row, { secret }), BASE, { secret });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    const v = found.view;
    expect(v.merchantName).toBe("Siam Coffee");
    expect(v.amountSatang).toBe(Math.round(Number(row.generatedAmount) * 100));
    expect(v.qrPayload).toMatch(/^000201/);
    if (profile === "live") expect(v.qrImage).toBeNull();
    expect(v.bank.accountNo).toBeTruthy();
    expect(v.slipUrl).toMatch(new RegExp(`^${BASE}/payin-slip-upload/${sb.coffee.orgId}/${row.providerId}/[0-9a-f-]{36}$`));
    expect(v.sessionId).toBe(row.providerId);
    expect(v.status.state).toBe("pending");
  });

  it("an SCB Pay-In opens with its bill-payment QR, whatever isQrAvailable says", async () => {
    const result = await createRequest(
      database.db,
      api,
      { kind: "payin", payIn: payInRequest({ refId1: ref("CS"), payerName: "สมหญิง", amountSatang: 41_000, qrProvider: "SCB" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (result.outcome !== "sent") throw new Error(result.outcome);
    const row = result.request;
    const answer = row.providerResponse as { qrCode: string; isQrAvailable: boolean };
    expect(answer.qrCode).toMatch(/^00020101021230/); // tag 30: a BOT bill payment
    // The live provider says false for an account without a PromptPay id (docs/provider-facts.md §4.1).
    if (profile === "live") expect(answer.isQrAvailable).toBe(false);
    const found = await loadCheckout(database.db, checkoutTokenFor(row, { secret }), BASE, { secret });
    expect(found).toMatchObject({ ok: true, view: { qrPayload: answer.qrCode } });
  });

  it("a settled request opens with no QR at all, and a hint from the hub only moves an open request's check earlier", async () => {
    const row = await newPayIn();
    await database.db
      .update(paymentRequests)
      .set({ nextCheckAt: new Date(Date.now() + 3_600_000) })
      .where(eq(paymentRequests.id, row.id));
    expect(await checkSoon(database.db, row.id)).toBe(true);
    await applyToRequest(
      database.db,
      row.id,
      { type: "provider_status", status: "Paid", statusCode: null, reason: null },
      { actor: "webhook" },
    );
    expect(await checkSoon(database.db, row.id)).toBe(false);
    const found = await loadCheckout(database.db, checkoutTokenFor(row, { secret }), BASE, { secret });
    expect(found).toMatchObject({ ok: true, view: { qrPayload: null, qrImage: null, status: { state: "paid" } } });
  });

  it("a wrong, forged or expired token opens nothing", async () => {
    const row = await newPayIn();
    expect(await loadCheckout(database.db, "nonsense", BASE, { secret })).toEqual({ ok: false, reason: "bad_link" });
    expect(await loadCheckout(database.db, checkoutTokenFor(row, { secret: "x".repeat(44) }), BASE, { secret })).toEqual({
      ok: false,
      reason: "bad_link",
    });
    expect(await loadCheckout(database.db, signCheckoutToken(row.id, new Date(Date.now() - 1_000), { secret }), BASE, { secret })).toEqual({
      ok: false,
      reason: "expired_link",
    });
    expect(
      await loadCheckout(database.db, signCheckoutToken("req_gone", new Date(Date.now() + 60_000), { secret }), BASE, { secret }),
    ).toEqual({ ok: false, reason: "bad_link" });
  });

  it("a slip link is checked with the provider before anything is shown, and an upload lands there and on the timeline", async () => {
    const row = await newPayIn();
    const [, , orgId, paymentRequestId, token] = (row.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
    const link: SlipLink = { orgId: orgId!, paymentRequestId: paymentRequestId!, token: token! };
    const opened = await openSlipLink(database.db, provider, link, "203.0.113.7");
    expect(opened).toMatchObject({
      ok: true,
      requestId: row.id,
      request: { merchantName: "Siam Coffee", refId1: row.refId1, payerName: "สมหญิง" },
    });
    expect(await openSlipLink(database.db, provider, { ...link, token: randomUUID() }, "203.0.113.7")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await openSlipLink(database.db, provider, { ...link, token: "not-a-uuid" }, "203.0.113.7")).toEqual({
      ok: false,
      reason: "invalid",
    });
    const down = createPaymentApi({ baseUrl: "http://127.0.0.1:9", timeoutMs: 500, limiter: null });
    expect(await openSlipLink(database.db, down, { ...link, token: randomUUID() }, "203.0.113.7")).toEqual({
      ok: false,
      reason: "unavailable",
    });

    const refused = await uploadSlip(database.db, provider, link, {
      image: new TextEncoder().encode("not an image"),
      first4: "",
      last4: "",
      note: "",
      duplicatesSeen: "0",
    });
    expect(refused).toEqual({ ok: false, status: 400, problem: "not_image" });
    const half = await uploadSlip(database.db, provider, link, { image: png(), first4: "AB12", last4: "", note: "", duplicatesSeen: "0" });
    expect(half).toEqual({ ok: false, status: 400, problem: "bad_reference" });
    expect((await sb.control<unknown[]>("GET", `/slips?requestId=${row.providerId}`)).body).toHaveLength(0);

    // The merchant's endpoint for slips hears of it (the outbox, docs/DESIGN.md §14).
    await database.db.insert(webhookEndpoints).values({
      id: `we_slips_${profile}`,
      merchantId: merchantRowId,
      url: "https://shop.example.com/hooks",
      eventTypes: ["payin.slip_uploaded"],
      secretEncrypted: "sealed",
    });
    expect(
      await uploadSlip(database.db, provider, link, { image: png(), first4: "AB12", last4: "9Z9Z", note: "โอนแล้ว", duplicatesSeen: "0" }),
    ).toEqual({ ok: true, slipId: expect.stringMatching(/^slp_[0-9a-f]{20}$/) });
    const told = await database.db.select().from(outboundEvents).where(eq(outboundEvents.requestId, row.id));
    expect(told.map((e) => e.type)).toEqual(["payin.slip_uploaded"]);
    expect((await sb.control<unknown[]>("GET", `/slips?requestId=${row.providerId}`)).body).toHaveLength(1);
    const events = await database.db.select().from(requestEvents).where(eq(requestEvents.requestId, row.id));
    expect(events.find((e) => e.type === "slip_uploaded")).toMatchObject({
      actor: "customer",
      data: { reference: "AB12…9Z9Z", note: "โอนแล้ว" },
    });
    expect(
      await uploadSlip(
        database.db,
        provider,
        { ...link, token: randomUUID() },
        { image: png(), first4: "", last4: "", note: "", duplicatesSeen: "0" },
      ),
    ).toEqual({ ok: false, status: 410, problem: "link_invalid" });
  });
});
