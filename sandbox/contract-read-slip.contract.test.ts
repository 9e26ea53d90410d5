/**
 * Contract tests for the read endpoints (GetPaymentRequestById, GetPaymentRequests,
 * GetPaymentRequestCount; docs/provider-facts.md §4.5) and the anonymous slip endpoints (VerifyPayInToken,
 * UploadPayInSlipById, CheckPayInSlipDup; §4.6–§4.8) in the spec profile, including bad input.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededMerchant } from "./seed";
import { payInBody, payOutBody, ref, startTestSandbox, type CallOptions, type SubmitOperation, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?Z$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A 1×1 PNG, and the first bytes of a JPEG and a WebP file: the slip formats the spec names. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]).toString("base64");
const WEBP_HEAD = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0x00, 0x00, 0x00]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(12),
]).toString("base64");

async function readJson(res: Response): Promise<Json> {
  const text = await res.text();
  return text === "" ? null : JSON.parse(text);
}

async function submitOk(
  sb: TestSandbox,
  operation: SubmitOperation,
  merchant: SeededMerchant,
  body: Record<string, unknown>,
): Promise<Json> {
  const res = await sb.submit(operation, merchant, body);
  const envelope = await readJson(res);
  expect(res.status).toBe(200);
  expect(envelope.status, JSON.stringify(envelope)).toBe("OK");
  return envelope.paymentResponse;
}

async function call(sb: TestSandbox, action: string, options: CallOptions = {}): Promise<{ status: number; body: Json; res: Response }> {
  const res = await sb.call(action, options);
  return { status: res.status, body: await readJson(res), res };
}

const readById = (sb: TestSandbox, merchant: SeededMerchant, id: string) =>
  call(sb, "GetPaymentRequestById", { key: merchant.readKey, rest: id });
const list = (sb: TestSandbox, body: unknown, merchant: SeededMerchant = sb.coffee) =>
  call(sb, "GetPaymentRequests", { key: merchant.readKey, body });
const count = (sb: TestSandbox, body: unknown, merchant: SeededMerchant = sb.coffee) =>
  call(sb, "GetPaymentRequestCount", { key: merchant.readKey, body });

const tokenOf = (slipUploadUrl: string) => slipUploadUrl.split("/").at(-1) ?? "";
const verify = (sb: TestSandbox, id: string, token: string, orgId?: string) =>
  call(sb, "VerifyPayInToken", { rest: `${id}/${token}`, orgId });
const upload = (sb: TestSandbox, id: string, token: string, body: unknown) =>
  call(sb, "UploadPayInSlipById", { rest: `${id}/${token}`, body });
const checkDup = (sb: TestSandbox, id: string, first4: string, last4: string) =>
  call(sb, "CheckPayInSlipDup", { rest: `${id}/${first4}/${last4}` });

async function slipsOf(sb: TestSandbox, requestId: string): Promise<Json[]> {
  const { status, body } = await sb.control<Json[]>("GET", `/slips?requestId=${requestId}`);
  expect(status).toBe(200);
  return body;
}

/** Makes the next request's createdAt strictly later, so "newest first" has one answer. */
async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe("GetPaymentRequestById", () => {
  let sb: TestSandbox;
  let payIn: Json;
  let refId1: string;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
    refId1 = ref("R");
    payIn = await submitOk(
      sb,
      "SubmitPayInRequest",
      sb.coffee,
      payInBody({ RefId1: refId1, RefId2: "R2", RefId3: "R3", RequestedAmount: 420, Description: "latte x 3", Tags: "shop-1" }),
    );
  });
  afterAll(async () => sb.dispose());

  it("answers {status OK, description, paymentRequest, payoutTransaction: null} to a VIEWER key", async () => {
    const { status, body, res } = await readById(sb, sb.coffee, payIn.id);
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(body).sort()).toEqual(["description", "paymentRequest", "payoutTransaction", "status"]);
    expect(body).toMatchObject({ status: "OK", description: "Success", payoutTransaction: null });
  });

  it("projects the request as the provider does (§4.5)", async () => {
    const { body } = await readById(sb, sb.coffee, payIn.id);
    const pr = body.paymentRequest;
    expect(pr).toMatchObject({
      id: payIn.id,
      orgId: sb.coffee.orgId,
      merchantId: sb.coffee.merchantId,
      merchantCode: sb.coffee.code,
      merchantName: sb.coffee.name,
      refId1,
      refId2: "R2",
      refId3: "R3",
      description: "latte x 3",
      tags: "shop-1",
      currency: "THB",
      direction: "PayIn",
      status: "Pending",
      requestedAmount: 420,
      generatedAmount: payIn.generatedAmount,
      generatedAmountStr: payIn.generatedAmount.toFixed(2),
      payinBankCode: payIn.payInBankCode,
      payinBankAccountNo: payIn.payInBankAccountNo,
      payinBankAccountName: payIn.payInBankAccountName,
      payinPromptPayId: payIn.payInPromptPayId,
      payinIsPeerToPeer: false,
      qrCode: payIn.qrCode,
      isWithdrawal: false,
    });
    expect(pr.createdDate).toBe(payIn.createdAt);
    expect(pr.expireDate).toBe(payIn.expireAt);
    expect(pr.createdDate).toMatch(ISO_UTC_RE);
    expect(pr.payinBankAccountId).toMatch(UUID_RE);
    expect(pr.processingSteps).toBeInstanceOf(Array);
    expect(pr.partialPayouts).toEqual([]);
  });

  it("keeps the original submit response in responseDataObj, with qrCodeImage as bare base64 (no data: prefix)", async () => {
    const { body } = await readById(sb, sb.coffee, payIn.id);
    const stored = body.paymentRequest.responseDataObj;
    expect(stored).toMatchObject({
      id: payIn.id,
      sessionId: payIn.id,
      qrCode: payIn.qrCode,
      slipUploadUrl: payIn.slipUploadUrl,
      generatedAmount: payIn.generatedAmount,
    });
    expect(stored.qrCodeImage).not.toMatch(/^data:/);
    expect(stored.qrCodeImage).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(stored.qrCodeImage, "base64").subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(`data:image/png;base64,${stored.qrCodeImage}`).toBe(payIn.qrCodeImage);
  });

  it("reads Pay-Outs and Withdrawals with their destination and no responseDataObj", async () => {
    const payout = await submitOk(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: 1500 }));
    const { body } = await readById(sb, sb.coffee, payout.id);
    expect(body.paymentRequest).toMatchObject({
      id: payout.id,
      direction: "PayOut",
      status: "Pending",
      requestedAmount: 1500,
      bankCode: "KBANK",
      bankAccountNo: "0123456789",
      bankAccountName: "Somchai Jaidee",
      payOutTotalAmountDecimal: 1500,
      generatedAmount: null,
      isWithdrawal: false,
    });
    expect(body.paymentRequest.responseDataObj).toBeUndefined();
  });

  it("finds the request whatever the case of its id", async () => {
    const { body } = await readById(sb, sb.coffee, payIn.id.toUpperCase());
    expect(body.status).toBe("OK");
    expect(body.paymentRequest.id).toBe(payIn.id);
  });

  it("answers UUID_INVALID for an id that is not a GUID", async () => {
    const { status, body } = await readById(sb, sb.coffee, "order-42");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "UUID_INVALID", description: expect.any(String), paymentRequest: null, payoutTransaction: null });
  });

  it("answers NOTFOUND for an unknown GUID", async () => {
    const { status, body } = await readById(sb, sb.coffee, randomUUID());
    expect(status).toBe(200);
    expect(body).toEqual({ status: "NOTFOUND", description: expect.any(String), paymentRequest: null, payoutTransaction: null });
  });

  it("answers NOTFOUND for another merchant's request, which its own merchant can read", async () => {
    const theirs = await submitOk(sb, "SubmitPayInRequest", sb.gadgets, payInBody());
    expect((await readById(sb, sb.coffee, theirs.id)).body).toMatchObject({ status: "NOTFOUND", paymentRequest: null });
    expect((await readById(sb, sb.gadgets, theirs.id)).body).toMatchObject({
      status: "OK",
      paymentRequest: { id: theirs.id, merchantId: sb.gadgets.merchantId },
    });
  });

  it("answers 401 without a key and 403 to a submit-only key", async () => {
    expect((await call(sb, "GetPaymentRequestById", { rest: payIn.id })).status).toBe(401);
    expect((await call(sb, "GetPaymentRequestById", { key: sb.coffee.submitKey, rest: payIn.id })).status).toBe(403);
  });
});

describe("GetPaymentRequests and GetPaymentRequestCount", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  it("answers a bare JSON array of request rows, and the count as a bare integer", async () => {
    const created = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ Tags: "bare-shape" }));
    const rows = await list(sb, { fullTextSearch: "bare-shape" });
    expect(rows.status).toBe(200);
    expect(Array.isArray(rows.body)).toBe(true);
    expect(rows.body).toHaveLength(1);
    expect(rows.body[0]).toMatchObject({ id: created.id, status: "Pending", direction: "PayIn", generatedAmount: created.generatedAmount });
    const total = await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: { fullTextSearch: "bare-shape" } });
    expect(total.status).toBe(200);
    expect(total.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await total.text()).toBe("1");
  });

  it("treats offset as 1-based: offset 1 is the newest row, offset 2 the next", async () => {
    const tag = `page-${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await nextMillisecond();
      ids.push((await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ Tags: tag }))).id);
    }
    const page = async (offset: number) => (await list(sb, { fullTextSearch: tag, offset, limit: 1 })).body.map((r: Json) => r.id);
    expect(await page(1)).toEqual([ids[2]]);
    expect(await page(2)).toEqual([ids[1]]);
    expect(await page(3)).toEqual([ids[0]]);
    expect(await page(4)).toEqual([]);
    expect((await list(sb, { fullTextSearch: tag, offset: 2, limit: 2 })).body.map((r: Json) => r.id)).toEqual([ids[1], ids[0]]);
  });

  it("caps limit at 100 and defaults to 100", async () => {
    const tag = `bulk-${randomUUID().slice(0, 8)}`;
    for (let batch = 0; batch < 101; batch += 26) {
      await Promise.all(
        Array.from({ length: Math.min(26, 101 - batch) }, () =>
          submitOk(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ Tags: tag, RequestedAmount: 25 })),
        ),
      );
    }
    expect((await count(sb, { fullTextSearch: tag })).body).toBe(101);
    expect((await list(sb, { fullTextSearch: tag, limit: 500 })).body).toHaveLength(100);
    expect((await list(sb, { fullTextSearch: tag })).body).toHaveLength(100);
    expect((await list(sb, { fullTextSearch: tag, offset: 101, limit: 100 })).body).toHaveLength(1);
    expect((await list(sb, { fullTextSearch: tag, limit: 7 })).body).toHaveLength(7);
  });

  it("finds a request by a substring of its RefId1 with fullTextSearch", async () => {
    const unique = randomUUID().slice(0, 8).toUpperCase();
    const refId1 = `ORD-${unique}-77`;
    const target = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RefId1: refId1 }));
    await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    const found = await list(sb, { fullTextSearch: unique.slice(1, 7) });
    expect(found.body.map((r: Json) => r.id)).toEqual([target.id]);
    expect(found.body[0].refId1).toBe(refId1);
    expect((await count(sb, { fullTextSearch: unique.slice(1, 7) })).body).toBe(1);
    expect((await list(sb, { fullTextSearch: `${unique}-78` })).body).toEqual([]);
  });

  it("filters by direction and status, and the count follows the same filters", async () => {
    const tag = `filter-${randomUUID().slice(0, 8)}`;
    const payIn = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ Tags: tag }));
    const payOut = await submitOk(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ Tags: tag }));
    const withdrawal = await submitOk(sb, "SubmitWithdrawalRequest", sb.coffee, payOutBody({ Tags: tag }));
    const rejectedRef = ref("X");
    const rejected = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody({ Tags: tag, RefId1: rejectedRef, RequestedAmount: 5 }));
    expect((await readJson(rejected)).status).toBe("ERROR_VALUE_NOT_IN_RANGE");

    const ids = async (filter: Record<string, unknown>) =>
      (await list(sb, { fullTextSearch: tag, ...filter })).body.map((r: Json) => r.id).sort();
    expect(await ids({ direction: "PayOut" })).toEqual([payOut.id, withdrawal.id].sort());
    expect(await ids({ direction: "PayIn", status: "Pending" })).toEqual([payIn.id]);
    const rejectedRows = (await list(sb, { fullTextSearch: tag, status: "Rejected" })).body;
    expect(rejectedRows).toHaveLength(1);
    expect(rejectedRows[0]).toMatchObject({
      refId1: rejectedRef,
      status: "Rejected",
      statusCode: "ERROR_VALUE_NOT_IN_RANGE",
      direction: "PayIn",
    });
    expect(await ids({})).toHaveLength(4);
    expect((await count(sb, { fullTextSearch: tag, direction: "PayOut" })).body).toBe(2);
    expect((await count(sb, { fullTextSearch: tag, status: "Rejected" })).body).toBe(1);
    expect((await count(sb, { fullTextSearch: tag, direction: "PayOut", status: "Rejected" })).body).toBe(0);
  });

  it("lists only the key's own merchant's requests", async () => {
    const tag = `mine-${randomUUID().slice(0, 8)}`;
    const mine = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ Tags: tag }));
    const theirs = await submitOk(sb, "SubmitPayInRequest", sb.gadgets, payInBody({ Tags: tag }));
    expect((await list(sb, { fullTextSearch: tag })).body.map((r: Json) => r.id)).toEqual([mine.id]);
    expect((await list(sb, { fullTextSearch: tag }, sb.gadgets)).body.map((r: Json) => r.id)).toEqual([theirs.id]);
    const all = (await list(sb, {})).body as Json[];
    expect(all.every((r) => r.merchantId === sb.coffee.merchantId)).toBe(true);
  });

  it("answers 403 to a submit-only key", async () => {
    expect((await call(sb, "GetPaymentRequests", { key: sb.coffee.submitKey, body: {} })).status).toBe(403);
    expect((await call(sb, "GetPaymentRequestCount", { key: sb.coffee.submitKey, body: {} })).status).toBe(403);
  });
});

describe("slip endpoints (anonymous)", () => {
  let sb: TestSandbox;
  let a: Json;
  let b: Json;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
    a = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    b = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
  });
  afterAll(async () => sb.dispose());

  it("VerifyPayInToken answers OK for the token in slipUploadUrl, without any login", async () => {
    const { status, body } = await verify(sb, a.id, tokenOf(a.slipUploadUrl));
    expect(status).toBe(200);
    expect(body).toEqual({ status: "OK", description: expect.any(String), slipUploadUrl: null });
  });

  it("VerifyPayInToken ignores the org segment: the token alone authorizes", async () => {
    expect((await verify(sb, a.id, tokenOf(a.slipUploadUrl), "any-org")).body.status).toBe("OK");
  });

  it("VerifyPayInToken answers TOKEN_INVALID for a wrong token, another request's token and an expired token", async () => {
    const wrong = await verify(sb, a.id, randomUUID());
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ status: "TOKEN_INVALID", description: expect.any(String), slipUploadUrl: null });
    expect((await verify(sb, a.id, tokenOf(b.slipUploadUrl))).body.status).toBe("TOKEN_INVALID");
    expect((await verify(sb, a.id, "not-even-a-uuid")).body.status).toBe("TOKEN_INVALID");

    const expired = await sb.control<{ token: string; slipUploadUrl: string }>("POST", `/requests/${a.id}/slip-token`, { ttlSeconds: -1 });
    expect(expired.status).toBe(200);
    expect(expired.body.slipUploadUrl).toBe(`/payin-slip-upload/${sb.coffee.orgId}/${a.id}/${expired.body.token}`);
    expect((await verify(sb, a.id, expired.body.token)).body.status).toBe("TOKEN_INVALID");

    // A fresh extra token works beside the original one: tokens are not single-use (§4.8).
    const fresh = await sb.control<{ token: string }>("POST", `/requests/${a.id}/slip-token`, {});
    expect((await verify(sb, a.id, fresh.body.token)).body.status).toBe("OK");
    expect((await verify(sb, a.id, tokenOf(a.slipUploadUrl))).body.status).toBe("OK");
  });

  it("VerifyPayInToken answers UUID_INVALID for an id that is not a GUID and NOTFOUND for an unknown one", async () => {
    expect((await verify(sb, "order-42", tokenOf(a.slipUploadUrl))).body).toEqual({
      status: "UUID_INVALID",
      description: expect.any(String),
      slipUploadUrl: null,
    });
    expect((await verify(sb, randomUUID(), tokenOf(a.slipUploadUrl))).body).toEqual({
      status: "NOTFOUND",
      description: expect.any(String),
      slipUploadUrl: null,
    });
  });

  it("UploadPayInSlipById stores the slip with upper-cased reference characters", async () => {
    const { status, body } = await upload(sb, a.id, tokenOf(a.slipUploadUrl), {
      ImageBase64: PNG_1PX,
      First4: "ab12",
      Last4: "cd34",
      Note: "paid at 10:05",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: "OK", description: expect.any(String), slipUploadUrl: null });
    const slips = await slipsOf(sb, a.id);
    expect(slips).toHaveLength(1);
    expect(slips[0]).toMatchObject({
      requestId: a.id,
      first4: "AB12",
      last4: "CD34",
      note: "paid at 10:05",
      imageBase64: `${PNG_1PX.length} base64 characters`,
    });
    // The merchant reads the image back with a VIEWER key.
    const read = await call(sb, "GetPayInSlipUpload", { key: sb.coffee.readKey, rest: a.id });
    expect(read.body.status).toBe("OK");
    expect(read.body.slips).toEqual([expect.objectContaining({ imageBase64: PNG_1PX, first4: "AB12", last4: "CD34" })]);
    // A slip does not change the request's status (§2.3 step 6).
    expect((await readById(sb, sb.coffee, a.id)).body.paymentRequest.status).toBe("Pending");
  });

  it("UploadPayInSlipById accepts JPG and WebP images, with or without reference characters", async () => {
    const token = tokenOf(b.slipUploadUrl);
    expect((await upload(sb, b.id, token, { ImageBase64: JPEG_HEAD })).body.status).toBe("OK");
    expect((await upload(sb, b.id, token, { imagebase64: WEBP_HEAD, note: "second try" })).body.status).toBe("OK");
    const slips = await slipsOf(sb, b.id);
    expect(slips).toHaveLength(2);
    expect(slips.map((s) => s.first4)).toEqual([null, null]);
  });

  it("UploadPayInSlipById answers TOKEN_INVALID, UUID_INVALID or NOTFOUND like VerifyPayInToken, and stores nothing", async () => {
    const before = (await slipsOf(sb, a.id)).length;
    expect((await upload(sb, a.id, tokenOf(b.slipUploadUrl), { ImageBase64: PNG_1PX })).body.status).toBe("TOKEN_INVALID");
    expect((await upload(sb, a.id, randomUUID(), { ImageBase64: PNG_1PX })).body.status).toBe("TOKEN_INVALID");
    expect((await upload(sb, "order-42", randomUUID(), { ImageBase64: PNG_1PX })).body.status).toBe("UUID_INVALID");
    expect((await upload(sb, randomUUID(), randomUUID(), { ImageBase64: PNG_1PX })).body.status).toBe("NOTFOUND");
    expect(await slipsOf(sb, a.id)).toHaveLength(before);
  });

  it("UploadPayInSlipById answers IMAGE_INVALID for base64 that is not a JPG, PNG or WebP image, and stores nothing", async () => {
    const token = tokenOf(a.slipUploadUrl);
    const before = (await slipsOf(sb, a.id)).length;
    const notImages = [
      Buffer.from("this is a plain text file, not a picture of a slip").toString("base64"),
      Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00", "latin1").toString("base64"),
      "not base64 at all!!",
      "",
    ];
    for (const image of notImages) {
      const { status, body } = await upload(sb, a.id, token, { ImageBase64: image, First4: "ZZ11", Last4: "ZZ22" });
      expect(status).toBe(200);
      expect(body, image).toEqual({ status: "IMAGE_INVALID", description: expect.any(String), slipUploadUrl: null });
    }
    expect((await upload(sb, a.id, token, { First4: "ZZ11", Last4: "ZZ22" })).body.status).toBe("IMAGE_INVALID");
    expect(await slipsOf(sb, a.id)).toHaveLength(before);
    // A refused upload records no duplicate either.
    expect((await checkDup(sb, b.id, "ZZ11", "ZZ22")).body.duplicates).toEqual([]);
  });

  it("CheckPayInSlipDup finds another request's slip with the same First4/Last4 in any case, but not the request's own", async () => {
    // `a` uploaded AB12/CD34 above.
    const fromB = await checkDup(sb, b.id, "AB12", "CD34");
    expect(fromB.status).toBe(200);
    expect(fromB.body).toMatchObject({ status: "OK" });
    expect(fromB.body.duplicates).toEqual([
      {
        id: expect.stringMatching(UUID_RE),
        dupType: "PayinSlipId",
        first4: "AB12",
        last4: "CD34",
        orgId: sb.coffee.orgId,
        documentId: a.id,
        createdAt: expect.stringMatching(ISO_UTC_RE),
      },
    ]);
    expect((await checkDup(sb, b.id, "ab12", "cD34")).body.duplicates.map((d: Json) => d.documentId)).toEqual([a.id]);
    expect((await checkDup(sb, a.id, "AB12", "CD34")).body.duplicates).toEqual([]);
    expect((await checkDup(sb, b.id, "AB12", "CD35")).body.duplicates).toEqual([]);
  });

  it("CheckPayInSlipDup lists every other request that uploaded the same reference", async () => {
    const c = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    expect((await upload(sb, b.id, tokenOf(b.slipUploadUrl), { ImageBase64: PNG_1PX, First4: "Ab12", Last4: "cd34" })).body.status).toBe(
      "OK",
    );
    const found = (await checkDup(sb, c.id, "AB12", "CD34")).body.duplicates.map((d: Json) => d.documentId).sort();
    expect(found).toEqual([a.id, b.id].sort());
    expect((await checkDup(sb, b.id, "AB12", "CD34")).body.duplicates.map((d: Json) => d.documentId)).toEqual([a.id]);
  });
});

describe("GeneratePayInSlipUploadToken and GetPayOutRequestById", () => {
  let sb: TestSandbox;
  let owner: string;
  let payIn: Json;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
    payIn = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    const key = await sb.control<{ key: string }>("POST", "/keys", { merchantId: sb.coffee.merchantId, roles: ["OWNER"] });
    expect(key.status).toBe(201);
    owner = key.body.key;
  });
  afterAll(async () => sb.dispose());

  it("GeneratePayInSlipUploadToken gives an OWNER key a new link that verifies beside the first one", async () => {
    const { status, body } = await call(sb, "GeneratePayInSlipUploadToken", { key: owner, rest: payIn.id });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "OK",
      description: "Success",
      slipUploadUrl: expect.stringMatching(new RegExp(`^/payin-slip-upload/${sb.coffee.orgId}/${payIn.id}/[0-9a-f-]{36}$`)),
    });
    expect(tokenOf(body.slipUploadUrl)).not.toBe(tokenOf(payIn.slipUploadUrl));
    expect((await verify(sb, payIn.id, tokenOf(body.slipUploadUrl))).body.status).toBe("OK");
    expect((await verify(sb, payIn.id, tokenOf(payIn.slipUploadUrl))).body.status).toBe("OK");
  });

  it("GeneratePayInSlipUploadToken is 403 to a VIEWER key (Gen is not Get) and to a submit key, 401 without one", async () => {
    for (const key of [sb.coffee.readKey, sb.coffee.submitKey]) {
      const res = await sb.call("GeneratePayInSlipUploadToken", { key, rest: payIn.id });
      expect({ status: res.status, text: await res.text() }).toEqual({ status: 403, text: "" });
    }
    expect((await sb.call("GeneratePayInSlipUploadToken", { rest: payIn.id })).status).toBe(401);
  });

  it("GeneratePayInSlipUploadToken answers UUID_INVALID and NOTFOUND", async () => {
    expect((await call(sb, "GeneratePayInSlipUploadToken", { key: owner, rest: "order-42" })).body).toEqual({
      status: "UUID_INVALID",
      description: expect.any(String),
      slipUploadUrl: null,
    });
    expect((await call(sb, "GeneratePayInSlipUploadToken", { key: owner, rest: randomUUID() })).body).toEqual({
      status: "NOTFOUND",
      description: expect.any(String),
      slipUploadUrl: null,
    });
  });

  it("GetPayOutRequestById reads a Pay-Out like GetPaymentRequestById, with the same errors", async () => {
    const { paymentResponse: payout } = (await (
      await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: 640 }))
    ).json()) as Json;
    const { status, body } = await call(sb, "GetPayOutRequestById", { key: sb.coffee.readKey, rest: payout.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "OK",
      paymentRequest: { id: payout.id, direction: "PayOut", status: "Pending", requestedAmount: 640 },
      payoutTransaction: null,
    });
    expect(body).toEqual((await readById(sb, sb.coffee, payout.id)).body);
    expect((await call(sb, "GetPayOutRequestById", { key: sb.coffee.readKey, rest: "order-42" })).body.status).toBe("UUID_INVALID");
    expect((await call(sb, "GetPayOutRequestById", { key: sb.coffee.readKey, rest: randomUUID() })).body.status).toBe("NOTFOUND");
    expect((await call(sb, "GetPayOutRequestById", { key: sb.coffee.submitKey, rest: payout.id })).status).toBe(403);
  });
});

describe("bad input on the read and slip endpoints", () => {
  let sb: TestSandbox;
  let small: TestSandbox;
  let earlier: Json;
  beforeAll(async () => {
    [sb, small] = await Promise.all([startTestSandbox("spec"), startTestSandbox("spec", { maxBodyBytes: 2048 })]);
    earlier = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
  });
  afterAll(async () => Promise.all([sb.dispose(), small.dispose()]));

  const actionUrl = (s: TestSandbox, action: string, rest: string) =>
    `${s.url}/api/PaymentRequest/org/${s.coffee.orgId}/action/${action}/${rest}`.replace(/\/$/, "");
  const basic = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString("base64")}`;

  /** The POST endpoints with a JSON body, each with the options that reach its body binding. */
  const jsonEndpoints = (s: TestSandbox, request: Json): [string, CallOptions][] => [
    ["GetPaymentRequests", { key: s.coffee.readKey }],
    ["GetPaymentRequestCount", { key: s.coffee.readKey }],
    ["UploadPayInSlipById", { rest: `${request.id}/${tokenOf(request.slipUploadUrl)}` }],
  ];

  async function expectProblem(res: Response, status: number): Promise<Json> {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/json/);
    const problem = await readJson(res);
    expect(problem).toMatchObject({ title: expect.any(String), status });
    return problem;
  }

  it("400 ProblemDetails for malformed JSON, a JSON array or a non-object body", async () => {
    for (const [action, options] of jsonEndpoints(sb, earlier)) {
      for (const rawBody of ['{"offset": 1,', "[]", "[{}]", "42", "null"]) {
        const problem = await expectProblem(await sb.call(action, { ...options, rawBody }), 400);
        expect(problem.errors, `${action} ${rawBody}`).toBeTypeOf("object");
      }
    }
  });

  it("400 ProblemDetails naming the field for wrong types", async () => {
    const offset = await expectProblem(await sb.call("GetPaymentRequests", { key: sb.coffee.readKey, body: { offset: { from: 1 } } }), 400);
    expect(Object.keys(offset.errors)).toEqual(["$.offset"]);
    const limit = await expectProblem(await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: { limit: "ten" } }), 400);
    expect(Object.keys(limit.errors)).toEqual(["$.limit"]);
    const fromDate = await expectProblem(
      await sb.call("GetPaymentRequests", { key: sb.coffee.readKey, body: { fromDate: "yesterday" } }),
      400,
    );
    expect(Object.keys(fromDate.errors)).toEqual(["$.fromDate"]);
    const toDate = await expectProblem(
      await sb.call("GetPaymentRequestCount", { key: sb.coffee.readKey, body: { fromDate: "2026-01-01T00:00:00Z", toDate: "tomorrow" } }),
      400,
    );
    expect(Object.keys(toDate.errors)).toEqual(["$.toDate"]);
    const token = tokenOf(earlier.slipUploadUrl);
    const image = await expectProblem(
      await sb.call("UploadPayInSlipById", { rest: `${earlier.id}/${token}`, body: { ImageBase64: 12345 } }),
      400,
    );
    expect(Object.keys(image.errors)).toEqual(["$.ImageBase64"]);
    const first4 = await expectProblem(
      await sb.call("UploadPayInSlipById", { rest: `${earlier.id}/${token}`, body: { ImageBase64: PNG_1PX, First4: 1234 } }),
      400,
    );
    expect(Object.keys(first4.errors)).toEqual(["$.First4"]);
    expect(await slipsOf(sb, earlier.id)).toEqual([]);
  });

  it("400 for a badly typed slip body even when the token is wrong: the body is bound before the token is checked", async () => {
    await expectProblem(await sb.call("UploadPayInSlipById", { rest: `${earlier.id}/${randomUUID()}`, body: { ImageBase64: 12345 } }), 400);
  });

  it("415 without Content-Type or with a non-JSON one", async () => {
    for (const [action, options] of jsonEndpoints(sb, earlier)) {
      const headers: Record<string, string> = options.key ? { Authorization: basic(options.key) } : {};
      const url = actionUrl(sb, action, options.rest ?? "");
      const body = Buffer.from(JSON.stringify({ ImageBase64: PNG_1PX }));
      await expectProblem(await fetch(url, { method: "POST", headers, body }), 415);
      await expectProblem(await fetch(url, { method: "POST", headers: { ...headers, "Content-Type": "text/plain" }, body }), 415);
    }
    expect(await slipsOf(sb, earlier.id)).toEqual([]);
  });

  it("413 with a JSON status for a body over the size limit", async () => {
    const request = await submitOk(small, "SubmitPayInRequest", small.coffee, payInBody());
    const big = { ImageBase64: PNG_1PX + "A".repeat(3_000), fullTextSearch: "x".repeat(3_000) };
    for (const [action, options] of jsonEndpoints(small, request)) {
      const res = await small.call(action, { ...options, body: big });
      expect(res.status, action).toBe(413);
      expect(await readJson(res)).toMatchObject({ status: "PAYLOAD_TOO_LARGE", description: expect.stringContaining("2048") });
    }
    expect(await slipsOf(small, request.id)).toEqual([]);
    // Under the limit, the same upload goes through.
    expect((await upload(small, request.id, tokenOf(request.slipUploadUrl), { ImageBase64: PNG_1PX })).body.status).toBe("OK");
  });

  it("404 for an unknown action or the wrong number of path segments", async () => {
    expect((await sb.call("GetPaymentRequestByRef", { key: sb.coffee.readKey, rest: earlier.id })).status).toBe(404);
    expect((await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey })).status).toBe(404);
    expect((await sb.call("VerifyPayInToken", { rest: earlier.id })).status).toBe(404);
    expect((await sb.call("CheckPayInSlipDup", { rest: `${earlier.id}/AB12` })).status).toBe(404);
    expect((await sb.call("GetPaymentRequests", { key: sb.coffee.readKey, rest: "extra", body: {} })).status).toBe(404);
  });

  it("405 with the right Allow header for a wrong method", async () => {
    const cases: [string, string, string][] = [
      ["GetPaymentRequestById", earlier.id, "GET"],
      ["GetPaymentRequests", "", "POST"],
      ["GetPaymentRequestCount", "", "POST"],
      ["VerifyPayInToken", `${earlier.id}/${tokenOf(earlier.slipUploadUrl)}`, "GET"],
      ["UploadPayInSlipById", `${earlier.id}/${tokenOf(earlier.slipUploadUrl)}`, "POST"],
      ["CheckPayInSlipDup", `${earlier.id}/AB12/CD34`, "GET"],
    ];
    for (const [action, rest, allowed] of cases) {
      const method = allowed === "GET" ? "POST" : "GET";
      const res = await sb.call(action, {
        key: sb.coffee.readKey,
        rest: rest || undefined,
        method,
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(res.status, `${method} ${action}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allowed);
    }
  });

  it("still answers normally afterwards: the earlier request is readable, listed, and takes a slip", async () => {
    const read = await readById(sb, sb.coffee, earlier.id);
    expect(read.body).toMatchObject({ status: "OK", paymentRequest: { id: earlier.id, status: "Pending" } });
    expect((await list(sb, {})).body.map((r: Json) => r.id)).toContain(earlier.id);
    expect((await count(sb, {})).body).toBe(1);
    expect((await verify(sb, earlier.id, tokenOf(earlier.slipUploadUrl))).body.status).toBe("OK");
    expect((await upload(sb, earlier.id, tokenOf(earlier.slipUploadUrl), { ImageBase64: PNG_1PX })).body.status).toBe("OK");
    expect(await slipsOf(sb, earlier.id)).toHaveLength(1);
  });
});
