/**
 * Contract tests for the four submit endpoints in the spec profile (the default): the envelope and
 * fields of docs/payment-request-service.md, the error codes of docs/provider-facts.md §3.2–§3.3 plus the
 * spec profile's destination checks, authentication (§1.2–§1.4) and bad input (§3).
 * Everything goes over real HTTP to a sandbox started on a free port.
 */
import { randomUUID } from "node:crypto";
import { parse } from "promptparse";
import { billPayment } from "promptparse/validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrPngDataUri } from "./qr-png";
import type { SeededMerchant } from "./seed";
import { payInBody, payOutBody, ref, startTestSandbox, type CallOptions, type SubmitOperation, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";

const PAY_IN_FIELDS = [
  "createdAt",
  "currency",
  "expireAt",
  "generatedAmount",
  "id",
  "isQrAvailable",
  "payInBankAccountName",
  "payInBankAccountNo",
  "payInBankCode",
  "payInPromptPayId",
  "paymentUrl",
  "qrCode",
  "qrCodeImage",
  "requestedAmount",
  "sessionId",
  "slipUploadUrl",
  "status",
  "type",
  "websocketPath",
];
const P2P_FIELDS = [
  "currency",
  "generatedAmount",
  "id",
  "isQrAvailable",
  "payInBankAccountName",
  "payInBankAccountNo",
  "payInBankCode",
  "payInPromptPayId",
  "qrCode",
  "qrCodeImage",
  "requestedAmount",
  "slipUploadUrl",
  "status",
  "type",
];
const PAY_OUT_FIELDS = ["createdAt", "currency", "id", "requestedAmount", "status", "type"];
const BUSINESS_ERROR_FIELDS = ["description", "paymentResponse", "status"];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?Z$/;
const PNG_DATA_URI_RE = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function readJson(res: Response): Promise<Json> {
  const text = await res.text();
  return text === "" ? null : JSON.parse(text);
}

/** Submits and insists on HTTP 200 + envelope OK; returns the envelope. */
async function submitOk(
  sb: TestSandbox,
  operation: SubmitOperation,
  merchant: SeededMerchant,
  body: Record<string, unknown>,
): Promise<Json> {
  const res = await sb.submit(operation, merchant, body);
  const envelope = await readJson(res);
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ status: "OK", description: "Success" });
  return envelope;
}

/** Business errors are HTTP 200 with a non-OK envelope status (spec, Errors rule 1). */
async function submitError(
  sb: TestSandbox,
  operation: SubmitOperation,
  merchant: SeededMerchant,
  body: Record<string, unknown>,
  code: string,
  options: CallOptions = {},
): Promise<Json> {
  const res = await sb.submit(operation, merchant, body, options);
  const envelope = await readJson(res);
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  expect(envelope.status, JSON.stringify(envelope)).toBe(code);
  expect(typeof envelope.description).toBe("string");
  expect(envelope.description).not.toBe("");
  return envelope;
}

function expectUtcNear(value: unknown, from: number, to: number): number {
  expect(value).toMatch(ISO_UTC_RE);
  const ms = Date.parse(value as string);
  expect(ms).toBeGreaterThanOrEqual(from - 1);
  expect(ms).toBeLessThanOrEqual(to + 1);
  return ms;
}

function expectPngDataUri(value: unknown): void {
  expect(value).toMatch(PNG_DATA_URI_RE);
  const png = Buffer.from((value as string).slice("data:image/png;base64,".length), "base64");
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
}

const satang = (amount: number) => Math.round(amount * 100);

/** Whole baht of the request plus 0.01–0.99 (spec: a randomized fraction used for matching). */
function expectRandomisedFraction(requested: number, generated: number): void {
  const whole = satang(requested) - (satang(requested) % 100);
  const cents = satang(generated) - whole;
  expect(cents).toBeGreaterThanOrEqual(1);
  expect(cents).toBeLessThanOrEqual(99);
}

function tokenOf(slipUploadUrl: string): string {
  return slipUploadUrl.split("/").at(-1) ?? "";
}

async function controlRequest(sb: TestSandbox, id: string): Promise<Json> {
  const { status, body } = await sb.control<Json>("GET", `/requests/${id}`);
  expect(status).toBe(200);
  return body;
}

async function controlRequestByRef(sb: TestSandbox, refId1: string): Promise<Json> {
  const { body } = await sb.control<Json[]>("GET", `/requests?refId1=${encodeURIComponent(refId1)}`);
  return body[0] ?? null;
}

async function readById(sb: TestSandbox, merchant: SeededMerchant, id: string): Promise<Json> {
  const res = await sb.call("GetPaymentRequestById", { key: merchant.readKey, rest: id });
  expect(res.status).toBe(200);
  return readJson(res);
}

describe("Pay-In submit", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  it("answers HTTP 200 with exactly {status, description, paymentResponse} and exactly the spec's Pay-In fields", async () => {
    const body = payInBody({ RequestedAmount: 325.5 });
    const before = Date.now();
    const res = await sb.submit("SubmitPayInRequest", sb.coffee, body);
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const envelope = await readJson(res);
    expect(Object.keys(envelope).sort()).toEqual(["description", "paymentResponse", "status"]);
    expect(envelope.status).toBe("OK");
    expect(envelope.description).toBe("Success");

    const pr = envelope.paymentResponse;
    expect(Object.keys(pr).sort()).toEqual(PAY_IN_FIELDS);
    expect(pr.id).toMatch(UUID_RE);
    expect(pr.sessionId).toBe(pr.id);
    expect(pr.type).toBe("PayIn");
    expect(pr.status).toBe("Pending");
    expect(pr.requestedAmount).toBe(325.5);
    expect(typeof pr.generatedAmount).toBe("number");
    expect(pr.currency).toBe("THB");
    expect(pr.websocketPath).toBe("/realtime/payment-tx");
    expect(new URL(pr.paymentUrl).protocol).toMatch(/^https?:$/);
    expect(pr.isQrAvailable).toBe(true);
    expect(typeof pr.qrCode).toBe("string");
    expectPngDataUri(pr.qrCodeImage);
    // The seeded coffee shop's first PromptPay receiving account (sandbox/seed.ts).
    expect(pr).toMatchObject({ payInBankCode: "KBANK", payInBankAccountNo: "1234567890", payInPromptPayId: "0105561234567" });
    expect(pr.payInBankAccountName).not.toBe("");
    expectUtcNear(pr.createdAt, before, after);
    expect(pr.expireAt).toMatch(ISO_UTC_RE);
  });

  it("reads request field names case-insensitively", async () => {
    const refId1 = ref("ci");
    const envelope = await submitOk(sb, "SubmitPayInRequest", sb.coffee, {
      refid1: refId1,
      PAYERNAME: "Somchai",
      REQUESTEDAMOUNT: 120.25,
      currency: "THB",
      qrprovider: "PP",
      rEfId2: "second",
    });
    expect(envelope.paymentResponse.requestedAmount).toBe(120.25);
    const stored = await controlRequest(sb, envelope.paymentResponse.id);
    expect(stored).toMatchObject({ refId1, refId2: "second", requestedAmount: 120.25 });
  });

  it("accepts amounts written as numeric strings", async () => {
    const payIn = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: "250.75" }));
    expect(payIn.paymentResponse.requestedAmount).toBe(250.75);
    expectRandomisedFraction(250.75, payIn.paymentResponse.generatedAmount);
    const payOut = await submitOk(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: "1500.00" }));
    expect(payOut.paymentResponse.requestedAmount).toBe(1500);
  });

  it("sets generatedAmount to the whole baht of the request plus 0.01–0.99", async () => {
    for (const amount of [20, 325.5, 999.99, 49_999.01]) {
      const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: amount }));
      expect(pr.requestedAmount).toBe(amount);
      expectRandomisedFraction(amount, pr.generatedAmount);
    }
  });

  it("never gives two pending pay-ins of the same account the same generatedAmount", async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: 777 })).then((e) => e.paymentResponse),
      ),
    );
    const byAccount = new Map<string, number[]>();
    for (const pr of responses) {
      expectRandomisedFraction(777, pr.generatedAmount);
      byAccount.set(pr.payInBankAccountNo, [...(byAccount.get(pr.payInBankAccountNo) ?? []), satang(pr.generatedAmount)]);
    }
    for (const amounts of byAccount.values()) expect(new Set(amounts).size).toBe(amounts.length);
    // 30 requests over at most the coffee shop's two PromptPay accounts: at least 15 share one.
    expect(Math.max(...[...byAccount.values()].map((a) => a.length))).toBeGreaterThanOrEqual(15);
  });

  it("returns a PromptPay EMVCo qrCode with a valid CRC, generatedAmount in tag 54 and RefId1 in tag 62/01, and its PNG image", async () => {
    const body = payInBody({ RequestedAmount: 401 });
    const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequest", sb.coffee, body);
    const qr = parse(pr.qrCode, true, true);
    expect(qr, "strict parse (CRC checked)").not.toBeNull();
    expect(qr!.validate("63")).toBe(true);
    expect(qr!.getTagValue("00")).toBe("01");
    expect(qr!.getTagValue("01")).toBe("12"); // dynamic: carries an amount
    expect(qr!.getTagValue("29", "00")).toBe("A000000677010111");
    expect(qr!.getTagValue("29", "02")).toBe(pr.payInPromptPayId); // 13-digit tax id
    expect(qr!.getTagValue("53")).toBe("764");
    expect(qr!.getTagValue("54")).toBe(pr.generatedAmount.toFixed(2));
    expect(qr!.getTagValue("58")).toBe("TH");
    expect(qr!.getTagValue("62", "01")).toBe(body.RefId1);
    expect(pr.qrCodeImage).toBe(qrPngDataUri(pr.qrCode));
  });

  it("sets expireAt 15 minutes after createdAt by default and follows the merchant's payinExpireMinutes", async () => {
    const minutesOf = (pr: Json) => (Date.parse(pr.expireAt) - Date.parse(pr.createdAt)) / 60_000;
    const first = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    expect(minutesOf(first.paymentResponse)).toBe(15);
    try {
      expect((await sb.control("PATCH", `/merchants/${sb.coffee.merchantId}`, { payinExpireMinutes: 45 })).status).toBe(200);
      const longer = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
      expect(minutesOf(longer.paymentResponse)).toBe(45);
      // The setting is the merchant's own: gadgets keeps the default.
      const other = await submitOk(sb, "SubmitPayInRequest", sb.gadgets, payInBody());
      expect(minutesOf(other.paymentResponse)).toBe(15);
    } finally {
      await sb.control("PATCH", `/merchants/${sb.coffee.merchantId}`, { payinExpireMinutes: null });
    }
    const again = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    expect(minutesOf(again.paymentResponse)).toBe(15);
  });

  it("gives a relative slipUploadUrl /payin-slip-upload/<orgId>/<id>/<uuid token>, unique per request", async () => {
    const a = (await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody())).paymentResponse;
    const b = (await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody())).paymentResponse;
    for (const pr of [a, b]) {
      const match = /^\/payin-slip-upload\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(pr.slipUploadUrl);
      expect(match, pr.slipUploadUrl).not.toBeNull();
      expect(match![1]).toBe(sb.coffee.orgId);
      expect(match![2]).toBe(pr.id);
      expect(match![3]).toMatch(UUID_RE);
    }
    expect(tokenOf(a.slipUploadUrl)).not.toBe(tokenOf(b.slipUploadUrl));
  });

  it("gives the coffee shop an SCB bill-payment QR for QrProvider SCB", async () => {
    const body = payInBody({ QrProvider: "SCB", RequestedAmount: 500, RefId2: "INV-42" });
    const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequest", sb.coffee, body);
    expect(Object.keys(pr).sort()).toEqual(PAY_IN_FIELDS);
    expect(pr).toMatchObject({
      type: "PayIn",
      status: "Pending",
      payInBankCode: "SCB",
      payInBankAccountNo: "4071234567",
      isQrAvailable: true,
    });
    expect(parse(pr.qrCode, true, true), "strict parse (CRC checked)").not.toBeNull();
    const bill = billPayment(pr.qrCode);
    expect(bill).not.toBeNull();
    expect(bill!.billerId).toBe("010556123456701");
    expect(bill!.ref1).toBe(body.RefId1);
    expect(bill!.ref2).toBe("INV-42");
    expect(bill!.amount).toBe(pr.generatedAmount);
    expectPngDataUri(pr.qrCodeImage);
  });

  it("answers ERROR_NO_PAYIN_ACCOUNT_MATCH for QrProvider SCB when the merchant has no SCB account, and keeps that RefId1 used", async () => {
    const body = payInBody({ QrProvider: "SCB" });
    const envelope = await submitError(sb, "SubmitPayInRequest", sb.gadgets, body, "ERROR_NO_PAYIN_ACCOUNT_MATCH");
    expect(Object.keys(envelope).sort()).toEqual(BUSINESS_ERROR_FIELDS);
    expect(envelope.paymentResponse).toBeNull();
    // Stored as a rejected row (docs/provider-facts.md §3.2 "Row stored? yes").
    expect(await controlRequestByRef(sb, body.RefId1 as string)).toMatchObject({
      status: "Rejected",
      statusCode: "ERROR_NO_PAYIN_ACCOUNT_MATCH",
    });
    await submitError(sb, "SubmitPayInRequest", sb.gadgets, { ...body, QrProvider: "PP" }, "REF_ID1_DUPLICATE");
  });
});

describe("Pay-In P2P submit", () => {
  // Matching looks at every pending Pay-Out, so this block owns its sandbox and its order.
  let sb: TestSandbox;
  let bankOnly: Json; // pay-out to bank fields without PromptPay, 500.00
  let withPromptPay: Json; // pay-out to a registered destination with PromptPay, 1,000.00
  let exactFill: Json; // the P2P pay-in that took bankOnly's last 200.00
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  const p2p = (amount: number, extra: Record<string, unknown> = {}) => payInBody({ RequestedAmount: amount, ...extra });

  it("answers ERROR_NO_P2P_ACCOUNT_MATCH when no Pay-Out is pending, and keeps that RefId1 used", async () => {
    const body = p2p(100);
    const envelope = await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, body, "ERROR_NO_P2P_ACCOUNT_MATCH");
    expect(Object.keys(envelope).sort()).toEqual(BUSINESS_ERROR_FIELDS);
    expect(envelope.paymentResponse).toBeNull();
    expect(await controlRequestByRef(sb, body.RefId1 as string)).toMatchObject({
      status: "Rejected",
      statusCode: "ERROR_NO_P2P_ACCOUNT_MATCH",
    });
    await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, body, "REF_ID1_DUPLICATE");
  });

  it("matches the oldest pending Pay-Out with room and sends the customer to that recipient's account (no PromptPay → no QR)", async () => {
    bankOnly = (
      await submitOk(
        sb,
        "SubmitPayOutRequest",
        sb.coffee,
        payOutBody({ RequestedAmount: 500, BankCode: "BAY", BankAccountNo: "5550001111", BankAccountName: "Recipient One" }),
      )
    ).paymentResponse;
    const registered = sb.coffee.payoutDestinations.find((d) => d.promptPayId !== null);
    expect(registered).toBeDefined();
    withPromptPay = (
      await submitOk(sb, "SubmitPayOutRequest", sb.coffee, {
        RefId1: ref("O"),
        RequestedAmount: 1000,
        QrProvider: "PP",
        PayinBankAccountId: registered!.id,
      })
    ).paymentResponse;

    const body = p2p(300);
    const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, body);
    expect(Object.keys(pr).sort()).toEqual(P2P_FIELDS);
    expect(pr).toMatchObject({
      type: "PayIn",
      status: "Pending",
      requestedAmount: 300,
      generatedAmount: 300,
      currency: "THB",
      payInBankCode: "BAY",
      payInBankAccountNo: "5550001111",
      payInBankAccountName: "Recipient One",
      payInPromptPayId: null,
      isQrAvailable: false,
      qrCode: null,
      qrCodeImage: "",
    });
    expect(pr.id).toMatch(UUID_RE);
    expect(pr.slipUploadUrl).toBe(`/payin-slip-upload/${sb.coffee.orgId}/${pr.id}/${tokenOf(pr.slipUploadUrl)}`);
    expect(tokenOf(pr.slipUploadUrl)).toMatch(UUID_RE);
    const payout = await controlRequest(sb, bankOnly.id);
    expect(payout.partialPayouts).toEqual([expect.objectContaining({ payinRequestId: pr.id, partialAmount: 300, status: "Pending" })]);
    expect((await controlRequest(sb, pr.id)).payinPeer2PeerPayoutId).toBe(bankOnly.id);
  });

  it("skips a Pay-Out without enough remaining amount and gives a PromptPay QR when the recipient has a PromptPay id", async () => {
    const body = p2p(300); // bankOnly has 200 left
    const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, body);
    const registered = sb.coffee.payoutDestinations.find((d) => d.promptPayId !== null)!;
    expect(pr).toMatchObject({
      payInBankCode: registered.bankCode,
      payInBankAccountNo: registered.accountNo,
      payInBankAccountName: registered.accountName,
      payInPromptPayId: registered.promptPayId,
      isQrAvailable: true,
      generatedAmount: 300,
    });
    const qr = parse(pr.qrCode, true, true);
    expect(qr, "strict parse (CRC checked)").not.toBeNull();
    expect(qr!.getTagValue("29", "01")).toBe(`0066${registered.promptPayId!.slice(1)}`);
    expect(qr!.getTagValue("54")).toBe("300.00");
    expect(qr!.getTagValue("62", "01")).toBe(body.RefId1);
    expectPngDataUri(pr.qrCodeImage);
    expect((await controlRequest(sb, pr.id)).payinPeer2PeerPayoutId).toBe(withPromptPay.id);
  });

  it("fills the oldest Pay-Out exactly, then refuses an amount no pending Pay-Out has room for", async () => {
    exactFill = (await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(200))).paymentResponse; // bankOnly: 200 left
    expect(exactFill.payInBankAccountNo).toBe("5550001111");
    const next = (await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(250))).paymentResponse; // withPromptPay: 700 left
    expect(next.payInPromptPayId).not.toBeNull();
    // Left: bankOnly 0, withPromptPay 450.
    await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(451), "ERROR_NO_P2P_ACCOUNT_MATCH");
    const last = (await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(450))).paymentResponse;
    expect(last.payInPromptPayId).not.toBeNull();
    await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(20), "ERROR_NO_P2P_ACCOUNT_MATCH");
  });

  it("makes room again when a matched P2P pay-in is rejected", async () => {
    await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(200), "ERROR_NO_P2P_ACCOUNT_MATCH");
    expect((await sb.control("POST", `/requests/${exactFill.id}/reject`, {})).status).toBe(200);
    const payout = await controlRequest(sb, bankOnly.id);
    expect(payout.partialPayouts.find((p: Json) => p.payinRequestId === exactFill.id)?.status).toBe("Canceled");
    const again = (await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, p2p(200))).paymentResponse;
    expect(again.payInBankAccountNo).toBe("5550001111");
  });
});

describe("Pay-Out and Withdrawal submit", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  const destinations: [string, () => Record<string, unknown>, (stored: Json) => void][] = [
    [
      "bank fields",
      () => ({ BankCode: "KBANK", BankAccountNo: "0123456789", BankAccountName: "Somchai Jaidee" }),
      (s) =>
        expect(s).toMatchObject({ bankCode: "KBANK", bankAccountNo: "0123456789", bankAccountName: "Somchai Jaidee", promptPayId: null }),
    ],
    [
      "PromptPayId + AccountType only (the spec's sample body)",
      () => ({ PromptPayId: "0891112222", AccountType: "PromptPay" }),
      (s) => expect(s).toMatchObject({ promptPayId: "0891112222", accountType: "PromptPay", bankCode: null }),
    ],
    [
      "bank fields + PromptPayId + AccountType",
      () => ({
        BankCode: "SCB",
        BankAccountNo: "4440003333",
        BankAccountName: "Somsri",
        PromptPayId: "1234567890123",
        AccountType: "PromptPay",
      }),
      (s) =>
        expect(s).toMatchObject({ bankCode: "SCB", bankAccountNo: "4440003333", promptPayId: "1234567890123", accountType: "PromptPay" }),
    ],
    [
      "PayinBankAccountId of a registered destination",
      () => ({ PayinBankAccountId: sb.coffee.payoutDestinations[0]!.id }),
      (s) => expect(s.payinBankAccountId).toBe(sb.coffee.payoutDestinations[0]!.id),
    ],
  ];

  for (const operation of ["SubmitPayOutRequest", "SubmitWithdrawalRequest"] as const) {
    for (const [name, destination, check] of destinations) {
      it(`${operation} to ${name} answers exactly the spec's Pay-Out fields, type PayOut, status Pending`, async () => {
        const before = Date.now();
        const res = await sb.submit(operation, sb.coffee, {
          RefId1: ref("O"),
          RequestedAmount: 1234.5,
          QrProvider: "PP",
          Description: "rent",
          ...destination(),
        });
        const after = Date.now();
        const envelope = await readJson(res);
        expect(res.status).toBe(200);
        expect(Object.keys(envelope).sort(), JSON.stringify(envelope)).toEqual(["description", "paymentResponse", "status"]);
        expect(envelope).toMatchObject({ status: "OK", description: "Success" });
        const pr = envelope.paymentResponse;
        expect(Object.keys(pr).sort()).toEqual(PAY_OUT_FIELDS);
        expect(pr).toMatchObject({ type: "PayOut", status: "Pending", requestedAmount: 1234.5, currency: "THB" });
        expect(pr.id).toMatch(UUID_RE);
        expectUtcNear(pr.createdAt, before, after);
        const read = await readById(sb, sb.coffee, pr.id);
        expect(read.status).toBe("OK");
        expect(read.paymentRequest).toMatchObject({ direction: "PayOut", status: "Pending", requestedAmount: 1234.5 });
        check(read.paymentRequest);
      });
    }
  }

  it("flags a Withdrawal as a withdrawal and a Pay-Out as not", async () => {
    const withdrawal = (await submitOk(sb, "SubmitWithdrawalRequest", sb.coffee, payOutBody())).paymentResponse;
    const payout = (await submitOk(sb, "SubmitPayOutRequest", sb.coffee, payOutBody())).paymentResponse;
    expect(withdrawal.type).toBe("PayOut");
    expect((await controlRequest(sb, withdrawal.id)).kind).toBe("withdrawal");
    expect((await controlRequest(sb, payout.id)).kind).toBe("payout");
    expect((await readById(sb, sb.coffee, withdrawal.id)).paymentRequest.isWithdrawal).toBe(true);
    expect((await readById(sb, sb.coffee, payout.id)).paymentRequest.isWithdrawal).toBe(false);
  });
});

describe("submit error codes", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  const ALL: SubmitOperation[] = ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"];
  const PAY_INS: SubmitOperation[] = ["SubmitPayInRequest", "SubmitPayInRequestP2P"];
  const PAY_OUTS: SubmitOperation[] = ["SubmitPayOutRequest", "SubmitWithdrawalRequest"];
  const bodyFor = (operation: SubmitOperation, overrides: Record<string, unknown> = {}) =>
    PAY_INS.includes(operation) ? payInBody(overrides) : payOutBody(overrides);

  it("REF_ID1_MISSING when RefId1 is absent, null, empty or blank, on every submit", async () => {
    for (const operation of ALL) {
      for (const refId1 of [undefined, null, "", "   "]) {
        const body = bodyFor(operation);
        if (refId1 === undefined) delete body.RefId1;
        else body.RefId1 = refId1;
        const envelope = await submitError(sb, operation, sb.coffee, body, "REF_ID1_MISSING");
        expect(Object.keys(envelope).sort()).toEqual(BUSINESS_ERROR_FIELDS);
        expect(envelope.paymentResponse).toBeNull();
      }
    }
  });

  it("REF_ID1_DUPLICATE for a RefId1 used before by the same kind of request", async () => {
    for (const operation of ["SubmitPayInRequest", "SubmitPayOutRequest", "SubmitWithdrawalRequest"] as const) {
      const body = bodyFor(operation);
      await submitOk(sb, operation, sb.coffee, body);
      await submitError(sb, operation, sb.coffee, { ...body, RequestedAmount: 99 }, "REF_ID1_DUPLICATE");
    }
  });

  it("REF_ID1_DUPLICATE across kinds: a Pay-Out's RefId1 reused by a Pay-In, a Pay-In's by a Withdrawal", async () => {
    const payout = payOutBody();
    await submitOk(sb, "SubmitPayOutRequest", sb.coffee, payout);
    await submitError(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RefId1: payout.RefId1 }), "REF_ID1_DUPLICATE");
    await submitError(sb, "SubmitPayInRequestP2P", sb.coffee, payInBody({ RefId1: payout.RefId1 }), "REF_ID1_DUPLICATE");
    const payin = payInBody();
    await submitOk(sb, "SubmitPayInRequest", sb.coffee, payin);
    await submitError(sb, "SubmitWithdrawalRequest", sb.coffee, payOutBody({ RefId1: payin.RefId1 }), "REF_ID1_DUPLICATE");
  });

  it("REF_ID1_DUPLICATE for the RefId1 of a request rejected at submit (the rejected row keeps it)", async () => {
    const body = payInBody({ RequestedAmount: 19.99 });
    await submitError(sb, "SubmitPayInRequest", sb.coffee, body, "ERROR_VALUE_NOT_IN_RANGE");
    await submitError(sb, "SubmitPayInRequest", sb.coffee, { ...body, RequestedAmount: 100 }, "REF_ID1_DUPLICATE");
    await submitError(sb, "SubmitPayOutRequest", sb.coffee, payOutBody({ RefId1: body.RefId1 }), "REF_ID1_DUPLICATE");
  });

  it("leaves a RefId1 free when the request was refused before anything was stored", async () => {
    const body = payInBody({ Currency: "USD" });
    await submitError(sb, "SubmitPayInRequest", sb.coffee, body, "CURRENCY_NOT_SUPPORT");
    await submitOk(sb, "SubmitPayInRequest", sb.coffee, { ...body, Currency: "THB" });
  });

  it("CURRENCY_NOT_SUPPORT for a missing, lower-case or foreign currency on Pay-In and P2P", async () => {
    for (const operation of PAY_INS) {
      for (const currency of [undefined, "thb", "USD", ""]) {
        const body = payInBody({ Currency: currency });
        if (currency === undefined) delete body.Currency;
        const envelope = await submitError(sb, operation, sb.coffee, body, "CURRENCY_NOT_SUPPORT");
        expect(envelope.paymentResponse).toBeNull();
      }
    }
  });

  it("no CURRENCY_NOT_SUPPORT on Pay-Out or Withdrawal: Currency is ignored and the answer says THB", async () => {
    for (const operation of PAY_OUTS) {
      for (const currency of ["USD", "thb", ""]) {
        const { paymentResponse: pr } = await submitOk(sb, operation, sb.coffee, payOutBody({ Currency: currency }));
        expect(pr.currency).toBe("THB");
      }
    }
  });

  it("BANK_PROVIDER_NOT_SUPPORT for a Pay-In QrProvider other than PP or SCB, and a Pay-Out QrProvider other than PP", async () => {
    for (const operation of PAY_INS) {
      for (const provider of ["KBANK", "pp", undefined]) {
        const body = payInBody({ QrProvider: provider });
        if (provider === undefined) delete body.QrProvider;
        await submitError(sb, operation, sb.coffee, body, "BANK_PROVIDER_NOT_SUPPORT");
      }
    }
    for (const operation of PAY_OUTS) {
      for (const provider of ["SCB", "KBANK", undefined]) {
        const body = payOutBody({ QrProvider: provider });
        if (provider === undefined) delete body.QrProvider;
        await submitError(sb, operation, sb.coffee, body, "BANK_PROVIDER_NOT_SUPPORT");
      }
    }
  });

  it("INVALID_PAYMENT_AMOUNT for zero, negative, missing or 3-decimal amounts on every submit", async () => {
    for (const operation of ALL) {
      for (const amount of [0, "0.00", -1, "-50", undefined, null, 325.555, "100.001"]) {
        const body = bodyFor(operation, { RequestedAmount: amount });
        if (amount === undefined) delete body.RequestedAmount;
        const envelope = await submitError(sb, operation, sb.coffee, body, "INVALID_PAYMENT_AMOUNT");
        expect(envelope.paymentResponse).toBeNull();
        // Not stored: the same RefId1 works once the amount is fixed.
        await submitOk(sb, operation === "SubmitPayInRequestP2P" ? "SubmitPayInRequest" : operation, sb.coffee, {
          ...body,
          RequestedAmount: 100,
        });
      }
    }
  });

  it("INVALID_PAYMENT_AMOUNT with a description that says why: too many decimals, or too large", async () => {
    const decimals = await submitError(
      sb,
      "SubmitPayOutRequest",
      sb.coffee,
      payOutBody({ RequestedAmount: 10.005 }),
      "INVALID_PAYMENT_AMOUNT",
    );
    expect(decimals.description).toMatch(/decimals/i);
    for (const amount of [1e13, "99999999999999.99"]) {
      const large = await submitError(
        sb,
        "SubmitPayOutRequest",
        sb.coffee,
        payOutBody({ RequestedAmount: amount }),
        "INVALID_PAYMENT_AMOUNT",
      );
      expect(large.description).toMatch(/too large/i);
    }
  });

  it("ERROR_VALUE_NOT_IN_RANGE outside the merchant's 20.00–50,000.00, with both bounds allowed", async () => {
    for (const operation of PAY_INS) {
      for (const amount of [19.99, 0.01, 50_000.01, 1_000_000]) {
        const body = payInBody({ RequestedAmount: amount });
        const envelope = await submitError(sb, operation, sb.coffee, body, "ERROR_VALUE_NOT_IN_RANGE");
        expect(Object.keys(envelope).sort()).toEqual(BUSINESS_ERROR_FIELDS);
        expect(await controlRequestByRef(sb, body.RefId1 as string)).toMatchObject({
          status: "Rejected",
          statusCode: "ERROR_VALUE_NOT_IN_RANGE",
        });
      }
    }
    for (const amount of [20, 50_000]) {
      const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody({ RequestedAmount: amount }));
      expect(pr.requestedAmount).toBe(amount);
    }
    // The range is per merchant: 50.00 is below gadgets' 100.00.
    await submitError(sb, "SubmitPayInRequest", sb.gadgets, payInBody({ RequestedAmount: 50 }), "ERROR_VALUE_NOT_IN_RANGE");
  });

  it("ERROR_NO_P2P_ACCOUNT_MATCH when no pending Pay-Out has room for the amount", async () => {
    const envelope = await submitError(
      sb,
      "SubmitPayInRequestP2P",
      sb.coffee,
      payInBody({ RequestedAmount: 49_999.99 }),
      "ERROR_NO_P2P_ACCOUNT_MATCH",
    );
    expect(envelope.paymentResponse).toBeNull();
  });

  it("NOTFOUND for a merchant GUID that does not exist, on every submit", async () => {
    for (const operation of ALL) {
      const ghost = { ...sb.coffee, merchantId: randomUUID() };
      const envelope = await submitError(sb, operation, ghost, bodyFor(operation), "NOTFOUND");
      expect(envelope).toEqual({ status: "NOTFOUND", description: expect.any(String), merchant: null });
    }
  });

  it("UUID_INVALID for a merchant id that is not a GUID, on every submit", async () => {
    for (const operation of ALL) {
      const bad = { ...sb.coffee, merchantId: "siam-coffee" };
      const envelope = await submitError(sb, operation, bad, bodyFor(operation), "UUID_INVALID");
      expect(envelope).toEqual({ status: "UUID_INVALID", description: expect.any(String), merchant: null });
    }
  });

  it("UUID_INVALID for a PayinBankAccountId that is not a GUID, NOTFOUND for an unknown one", async () => {
    for (const operation of PAY_OUTS) {
      const invalid = await submitError(
        sb,
        operation,
        sb.coffee,
        { RefId1: ref("O"), RequestedAmount: 100, QrProvider: "PP", PayinBankAccountId: "acct-1" },
        "UUID_INVALID",
      );
      expect(invalid).toEqual({ status: "UUID_INVALID", description: expect.any(String), bankAccount: null });
      const unknown = await submitError(
        sb,
        operation,
        sb.coffee,
        { RefId1: ref("O"), RequestedAmount: 100, QrProvider: "PP", PayinBankAccountId: randomUUID() },
        "NOTFOUND",
      );
      expect(unknown).toEqual({ status: "NOTFOUND", description: expect.any(String), bankAccount: null });
    }
  });

  it("INVALID_DESTINATION_ACCOUNT for a Pay-Out or Withdrawal with nowhere valid to send the money", async () => {
    const cases: Record<string, unknown>[] = [
      { BankCode: undefined, BankAccountNo: undefined, BankAccountName: undefined }, // no destination at all
      { BankAccountNo: undefined }, // bank fields incomplete
      { BankAccountName: "" },
      { BankAccountNo: "12-345-678" }, // not digits
      { BankAccountNo: "123456789" }, // 9 digits
      { AccountType: "Savings" },
      { PromptPayId: "12345" },
      { BankCode: undefined, BankAccountNo: undefined, BankAccountName: undefined, AccountType: "PromptPay" }, // PromptPay without an id
    ];
    for (const operation of PAY_OUTS) {
      for (const overrides of cases) {
        const body = Object.fromEntries(Object.entries(payOutBody(overrides)).filter(([, v]) => v !== undefined));
        const envelope = await submitError(sb, operation, sb.coffee, body, "INVALID_DESTINATION_ACCOUNT");
        expect(envelope.paymentResponse, JSON.stringify(overrides)).toBeNull();
      }
    }
  });

  it("BANK_CODE_NOT_SUPPORT for a bank code outside the supported list", async () => {
    for (const operation of PAY_OUTS) {
      for (const bankCode of ["XYZ", "BANKOFAMERICA"]) {
        const envelope = await submitError(sb, operation, sb.coffee, payOutBody({ BankCode: bankCode }), "BANK_CODE_NOT_SUPPORT");
        expect(envelope.paymentResponse).toBeNull();
      }
    }
  });
});

describe("submit authentication and roles", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  async function expectUnauthorized(res: Response): Promise<void> {
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic\b/);
    expect(await res.text()).toBe("");
  }

  async function newKey(roles: string[], merchant = sb.coffee): Promise<string> {
    const { status, body } = await sb.control<{ key: string }>("POST", "/keys", { merchantId: merchant.merchantId, roles });
    expect(status).toBe(201);
    return body.key;
  }

  it("401 without an Authorization header", async () => {
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: null }));
  });

  it("401 for an unknown key, a malformed header or another scheme", async () => {
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: randomUUID() }));
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { authorization: "Basic !!!not-base64" }));
    await expectUnauthorized(
      await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), {
        authorization: `Basic ${Buffer.from(sb.coffee.submitKey).toString("base64")}`,
      }),
    );
    await expectUnauthorized(
      await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { authorization: `Token ${sb.coffee.submitKey}` }),
    );
  });

  it("401 for the key of another merchant, on every submit", async () => {
    for (const operation of ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"] as const) {
      const body = operation.startsWith("SubmitPayIn") ? payInBody() : payOutBody();
      await expectUnauthorized(await sb.submit(operation, sb.coffee, body, { key: sb.gadgets.submitKey }));
    }
    // Nothing was created under the coffee shop by those calls.
    const { body } = await sb.control<Json[]>("GET", `/requests?merchantId=${sb.coffee.merchantId}`);
    expect(body).toEqual([]);
  });

  it("401 for a key used under another org's path", async () => {
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { orgId: "another-org" }));
  });

  it("401 for a disabled key, and the key works again once re-enabled", async () => {
    const key = await newKey(["PAYIN_REQUEST"]);
    expect((await readJson(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key }))).status).toBe("OK");
    expect((await sb.control("PATCH", `/keys/${key}`, { status: "Disabled" })).status).toBe(200);
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key }));
    expect((await sb.control("PATCH", `/keys/${key}`, { status: "Active" })).status).toBe(200);
    expect((await readJson(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key }))).status).toBe("OK");
  });

  it("401 for an expired key", async () => {
    const { status, body } = await sb.control<{ key: string }>("POST", "/keys", {
      merchantId: sb.coffee.merchantId,
      roles: ["PAYIN_REQUEST"],
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(status).toBe(201);
    await expectUnauthorized(await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key: body.key }));
  });

  it("403 with an empty body for a read (VIEWER) key calling a submit", async () => {
    for (const operation of ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"] as const) {
      const res = await sb.submit(operation, sb.coffee, payInBody(), { key: sb.coffee.readKey });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("");
    }
  });

  it("403 for a submit key calling GetPaymentRequestById", async () => {
    const { paymentResponse: pr } = await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody());
    const res = await sb.call("GetPaymentRequestById", { key: sb.coffee.submitKey, rest: pr.id });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("");
  });

  it("lets a PAYIN_REQUEST_P2P key call P2P but not Pay-In", async () => {
    const key = await newKey(["PAYIN_REQUEST_P2P"]);
    const p2p = await sb.submit("SubmitPayInRequestP2P", sb.coffee, payInBody(), { key });
    expect(p2p.status).toBe(200);
    expect((await readJson(p2p)).status).toBe("ERROR_NO_P2P_ACCOUNT_MATCH"); // authorized; simply nothing to match
    expect((await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key })).status).toBe(403);
  });

  it("lets a PAYIN_REQUEST key call Pay-In and P2P (substring role match) but not Pay-Out or Withdrawal", async () => {
    const key = await newKey(["PAYIN_REQUEST"]);
    expect((await sb.submit("SubmitPayInRequest", sb.coffee, payInBody(), { key })).status).toBe(200);
    expect((await sb.submit("SubmitPayInRequestP2P", sb.coffee, payInBody(), { key })).status).toBe(200);
    expect((await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody(), { key })).status).toBe(403);
    expect((await sb.submit("SubmitWithdrawalRequest", sb.coffee, payOutBody(), { key })).status).toBe(403);
  });
});

describe("bad input on the submit endpoints", () => {
  let sb: TestSandbox;
  let small: TestSandbox;
  let earlier: Json;
  beforeAll(async () => {
    [sb, small] = await Promise.all([startTestSandbox("spec"), startTestSandbox("spec", { maxBodyBytes: 2048 })]);
    earlier = (await submitOk(sb, "SubmitPayInRequest", sb.coffee, payInBody())).paymentResponse;
  });
  afterAll(async () => Promise.all([sb.dispose(), small.dispose()]));

  const OPERATIONS: SubmitOperation[] = ["SubmitPayInRequest", "SubmitPayInRequestP2P", "SubmitPayOutRequest", "SubmitWithdrawalRequest"];
  const submitUrl = (s: TestSandbox, operation: string) =>
    `${s.url}/api/PaymentRequest/org/${s.coffee.orgId}/action/${operation}/${s.coffee.merchantId}`;
  const basic = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString("base64")}`;

  async function expectProblem(res: Response, status: number): Promise<Json> {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/json/);
    const problem = await readJson(res);
    expect(problem).toMatchObject({ title: expect.any(String), status });
    return problem;
  }

  it("400 ProblemDetails for malformed JSON", async () => {
    for (const operation of OPERATIONS) {
      const problem = await expectProblem(await sb.submit(operation, sb.coffee, {}, { rawBody: '{"RefId1": "x",' }), 400);
      expect(problem.errors).toBeTypeOf("object");
      expect(Object.keys(problem.errors).length).toBeGreaterThan(0);
    }
  });

  it("400 ProblemDetails for a JSON array, a JSON string or null as the body", async () => {
    for (const operation of OPERATIONS) {
      for (const rawBody of ["[]", `[${JSON.stringify(payInBody())}]`, '"text"', "null", ""]) {
        const problem = await expectProblem(await sb.submit(operation, sb.coffee, {}, { rawBody }), 400);
        expect(problem.errors, rawBody).toBeTypeOf("object");
      }
    }
  });

  it("400 ProblemDetails naming each field of the wrong type (RefId1 as a number, RequestedAmount as an object)", async () => {
    for (const operation of OPERATIONS) {
      const base = operation.startsWith("SubmitPayIn") ? payInBody() : payOutBody();
      const problem = await expectProblem(
        await sb.submit(operation, sb.coffee, { ...base, RefId1: 12345, RequestedAmount: { value: 100 } }),
        400,
      );
      expect(Object.keys(problem.errors).sort()).toEqual(["$.RefId1", "$.RequestedAmount"]);
      const amountOnly = await expectProblem(await sb.submit(operation, sb.coffee, { ...base, RequestedAmount: "one hundred" }), 400);
      expect(Object.keys(amountOnly.errors)).toEqual(["$.RequestedAmount"]);
    }
    const payout = await expectProblem(await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody({ BankAccountNo: 123456789012 })), 400);
    expect(Object.keys(payout.errors)).toEqual(["$.BankAccountNo"]);
    // A badly typed body stores nothing: its RefId1 is still free.
    const body = payInBody();
    await expectProblem(await sb.submit("SubmitPayInRequest", sb.coffee, { ...body, Currency: 764 }), 400);
    await submitOk(sb, "SubmitPayInRequest", sb.coffee, body);
  });

  it("415 without Content-Type or with a non-JSON one", async () => {
    for (const operation of OPERATIONS) {
      const json = Buffer.from(JSON.stringify(payInBody()));
      const none = await fetch(submitUrl(sb, operation), {
        method: "POST",
        headers: { Authorization: basic(sb.coffee.submitKey) },
        body: json,
      });
      expect(none.headers.get("content-type")).toMatch(/json/);
      await expectProblem(none, 415);
      const text = await fetch(submitUrl(sb, operation), {
        method: "POST",
        headers: { Authorization: basic(sb.coffee.submitKey), "Content-Type": "text/plain" },
        body: json,
      });
      await expectProblem(text, 415);
    }
  });

  it("413 with a JSON status for a body over the size limit, and nothing is stored", async () => {
    for (const operation of OPERATIONS) {
      const body: Record<string, unknown> = {
        ...(operation.startsWith("SubmitPayIn") ? payInBody() : payOutBody()),
        Description: "x".repeat(3_000),
      };
      const res = await small.submit(operation, small.coffee, body);
      expect(res.status).toBe(413);
      const envelope = await readJson(res);
      expect(envelope).toMatchObject({ status: "PAYLOAD_TOO_LARGE", description: expect.stringContaining("2048") });
      expect(await controlRequestByRef(small, body.RefId1 as string)).toBeNull();
    }
    // A body under the limit still goes through on the same sandbox.
    await submitOk(small, "SubmitPayInRequest", small.coffee, payInBody());
  });

  it("404 for an unknown action, a missing merchant segment or extra path segments", async () => {
    expect((await sb.call("SubmitSomething", { key: sb.coffee.submitKey, rest: sb.coffee.merchantId, body: payInBody() })).status).toBe(
      404,
    );
    expect((await sb.call("SubmitPayInRequest", { key: sb.coffee.submitKey, body: payInBody() })).status).toBe(404);
    expect(
      (await sb.call("SubmitPayInRequest", { key: sb.coffee.submitKey, rest: `${sb.coffee.merchantId}/extra`, body: payInBody() })).status,
    ).toBe(404);
    expect((await fetch(`${sb.url}/api/PaymentRequest/org/${sb.coffee.orgId}/SubmitPayInRequest`)).status).toBe(404);
  });

  it("405 with Allow: POST for a submit called with another method", async () => {
    for (const operation of OPERATIONS) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await sb.call(operation, { key: sb.coffee.submitKey, rest: sb.coffee.merchantId, method });
        expect(res.status, `${method} ${operation}`).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      }
    }
  });

  it("still answers normally afterwards: the earlier request is readable and a new submit works", async () => {
    const health = await fetch(`${sb.url}/health`);
    expect(health.status).toBe(200);
    const read = await readById(sb, sb.coffee, earlier.id);
    expect(read.status).toBe("OK");
    expect(read.paymentRequest).toMatchObject({ id: earlier.id, status: "Pending", generatedAmount: earlier.generatedAmount });
    for (const operation of OPERATIONS.filter((o) => o !== "SubmitPayInRequestP2P")) {
      await submitOk(sb, operation, sb.coffee, operation.startsWith("SubmitPayIn") ? payInBody() : payOutBody());
    }
    await submitOk(sb, "SubmitPayInRequestP2P", sb.coffee, payInBody({ RequestedAmount: 100 }));
  });
});
