import { describe, expect, it } from "vitest";
import { z } from "zod";
import { camelKeys } from "./normalize";
import { duplicateSchema, envelopeSchema, payInResponseSchema, payOutResponseSchema, paymentRecordSchema } from "./schemas";

const specPayIn = {
  id: "5b2f0c3e-4d0b-4f2e-9b4e-2f1d9c1e0a11",
  sessionId: "5b2f0c3e-4d0b-4f2e-9b4e-2f1d9c1e0a11",
  type: "PayIn",
  status: "Pending",
  requestedAmount: 325.5,
  generatedAmount: 325.37,
  currency: "THB",
  qrCode: "000201010212…6304ABCD",
  qrCodeImage: "data:image/png;base64,iVBORw0KGgo=",
  paymentUrl: "https://provider.example/pay/1",
  websocketPath: "/realtime/payment-tx",
  createdAt: "2026-11-21T10:00:00.000Z",
  expireAt: "2026-11-21T10:15:00.000Z",
  isQrAvailable: true,
  payInBankCode: "KBANK",
  payInBankAccountNo: "1234567890",
  payInBankAccountName: "Siam Coffee",
  payInPromptPayId: "0105561234567",
  slipUploadUrl: "/payin-slip-upload/demo/5b2f/abc",
};

describe("camelKeys", () => {
  it("lower-cases the first letter of every property, recursively", () => {
    expect(camelKeys({ Status: "OK", PaymentResponse: { QrCode: "x", Items: [{ Name: "a" }] } })).toEqual({
      status: "OK",
      paymentResponse: { qrCode: "x", items: [{ name: "a" }] },
    });
  });

  it("prefers the camelCase spelling when both arrive", () => {
    expect(camelKeys({ Status: "BAD", status: "OK" })).toEqual({ status: "OK" });
    expect(camelKeys({ status: "OK", Status: "BAD" })).toEqual({ status: "OK" });
  });

  it("hands a camelCase answer back as it is, and copies only what it renames", () => {
    const answer = { status: "OK", paymentResponse: { qrCode: "x", items: [{ name: "a" }] } };
    expect(camelKeys(answer)).toBe(answer);
    const mixed = { status: "OK", paymentResponse: { QrCode: "x" }, items: [{ name: "a" }] };
    const out = camelKeys(mixed) as typeof answer & { items: unknown };
    expect(out).not.toBe(mixed);
    expect(out.paymentResponse).toEqual({ qrCode: "x" });
    expect(out.items).toBe(mixed.items);
    expect(mixed.paymentResponse).toEqual({ QrCode: "x" }); // the input is never changed
  });

  it("keeps a property named like an Object.prototype member", () => {
    expect(camelKeys({ Constructor: "x", ToString: "y" })).toEqual({ constructor: "x", toString: "y" });
  });
});

describe("payInResponseSchema", () => {
  it("reads the spec's shape into satang", () => {
    const r = payInResponseSchema.parse(specPayIn);
    expect(r.requestedSatang).toBe(32_550);
    expect(r.generatedSatang).toBe(32_537);
    expect(r.qrCodeImage).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(r.isQrAvailable).toBe(true);
    expect(r.payInPromptPayId).toBe("0105561234567");
  });

  it("reads the live shape: PascalCase, numeric strings, empty image, 7 fractional digits", () => {
    const live = camelKeys({
      ...Object.fromEntries(Object.entries(specPayIn).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), v])),
      RequestedAmount: "325.50",
      GeneratedAmount: "325.37",
      QrCodeImage: "",
      PaymentUrl: null,
      CreatedAt: "2026-11-21T10:00:00.1234567Z",
    });
    const r = payInResponseSchema.parse(live);
    expect(r.requestedSatang).toBe(32_550);
    expect(r.generatedSatang).toBe(32_537);
    expect(r.qrCodeImage).toBeNull();
    expect(r.paymentUrl).toBeNull();
    expect(r.createdAt).toBe("2026-11-21T10:00:00.1234567Z");
  });

  it("adds the data: prefix to a bare base64 image", () => {
    expect(payInResponseSchema.parse({ ...specPayIn, qrCodeImage: "iVBORw0KGgo=" }).qrCodeImage).toBe("data:image/png;base64,iVBORw0KGgo=");
  });

  it("treats the live P2P dummy PromptPay id and an empty QR as none", () => {
    const r = payInResponseSchema.parse({
      ...specPayIn,
      qrCode: "",
      qrCodeImage: "",
      isQrAvailable: false,
      payInPromptPayId: "0000000000000",
    });
    expect(r.qrCode).toBeNull();
    expect(r.isQrAvailable).toBe(false);
    expect(r.payInPromptPayId).toBeNull();
  });

  it("keeps the payload but trusts the flag: no scannable QR when isQrAvailable is false", () => {
    const r = payInResponseSchema.parse({ ...specPayIn, isQrAvailable: false });
    expect(r.isQrAvailable).toBe(false);
    expect(r.qrCode).toBe(specPayIn.qrCode);
  });

  it("fills sessionId from id for P2P answers that omit it", () => {
    const { sessionId: _omit, ...p2p } = specPayIn;
    expect(payInResponseSchema.parse(p2p).sessionId).toBe(specPayIn.id);
  });

  it("reads amounts as numbers and numeric strings alike, rounding unrounded ones to satang", () => {
    const read = (requestedAmount: unknown) => payInResponseSchema.parse({ ...specPayIn, requestedAmount }).requestedSatang;
    expect([read(0.1), read(0.29), read(1_234_567.89), read("1,000.50"), read(" 20.88 "), read(0)]).toEqual([
      10, 29, 123_456_789, 100_050, 2_088, 0,
    ]);
    expect([read(12.345), read("12.345"), read(12.3449)]).toEqual([1_235, 1_235, 1_234]);
  });

  it("reads the flag as a boolean or its text, and a missing one as false", () => {
    expect(payInResponseSchema.parse({ ...specPayIn, isQrAvailable: "True" }).isQrAvailable).toBe(true);
    expect(payInResponseSchema.parse({ ...specPayIn, isQrAvailable: "false" }).isQrAvailable).toBe(false);
    const { isQrAvailable: _omit, ...withoutFlag } = specPayIn;
    expect(payInResponseSchema.parse(withoutFlag)).toMatchObject({ isQrAvailable: false, payInPromptPayId: null });
  });

  const refused: [string, unknown][] = [
    ["a missing id", { ...specPayIn, id: undefined }],
    ["a missing amount", { ...specPayIn, requestedAmount: undefined }],
    ["a negative amount", { ...specPayIn, requestedAmount: -1 }],
    ["an amount that is not finite", { ...specPayIn, requestedAmount: Number.POSITIVE_INFINITY }],
    ["a boolean amount", { ...specPayIn, generatedAmount: true }],
    ["text that is a number", { ...specPayIn, qrCode: 5 }],
    ["an image that is an object", { ...specPayIn, qrCodeImage: {} }],
    ["a flag that is a number", { ...specPayIn, isQrAvailable: 1 }],
    ["an amount that is not a number", { ...specPayIn, requestedAmount: "abc" }],
    ["a bad timestamp", { ...specPayIn, expireAt: "tomorrow" }],
  ];
  it.each(refused)("refuses %s", (_label, body) => {
    expect(payInResponseSchema.safeParse(body).success).toBe(false);
  });

  // The client runs the schemas compiled (z.compile): same data, and the same issues for a refusal.
  const compiled = z.compile(payInResponseSchema);
  const outcome = (r: ReturnType<typeof payInResponseSchema.safeParse>) =>
    r.success ? { data: r.data } : { issues: r.error.issues.map((i) => [i.path.join("."), i.message]) };
  it.each<[string, unknown]>([
    ["the spec's shape", specPayIn],
    ["a P2P answer without sessionId", { ...specPayIn, sessionId: undefined }],
    [
      "the live shape",
      camelKeys({ ...specPayIn, RequestedAmount: "325.50", QrCodeImage: "", PayInPromptPayId: "0000000000000", IsQrAvailable: "False" }),
    ],
    ["an unrounded amount", { ...specPayIn, generatedAmount: 12.345 }],
    ["a bare base64 image", { ...specPayIn, qrCodeImage: "iVBORw0KGgo=" }],
    ...refused,
  ])("compiled, reads %s exactly as the runtime parser does", (_label, body) => {
    const runtime = outcome(payInResponseSchema.safeParse(body));
    expect(outcome(compiled.safeParse(body))).toEqual(runtime);
  });
});

describe("payOutResponseSchema", () => {
  it("reads the spec's paymentResponse and the live paymentRequest entity alike", () => {
    const spec = payOutResponseSchema.parse({
      id: "a",
      type: "PayOut",
      status: "Pending",
      requestedAmount: 1500,
      currency: "THB",
      createdAt: "2026-11-21T10:00:00Z",
    });
    const live = payOutResponseSchema.parse(
      camelKeys({ Id: "a", Direction: "PayOut", Status: "Pending", RequestedAmount: "1500", CreatedDate: "2026-11-21T10:00:00.1234567Z" }),
    );
    expect(spec).toMatchObject({ id: "a", type: "PayOut", requestedSatang: 150_000 });
    expect(live).toMatchObject({ id: "a", type: "PayOut", requestedSatang: 150_000, createdAt: "2026-11-21T10:00:00.1234567Z" });
  });
});

describe("paymentRecordSchema", () => {
  it("reads partial payouts and the stored pay-in answer", () => {
    const r = paymentRecordSchema.parse({
      id: "p",
      status: "Pending",
      direction: "PayOut",
      requestedAmount: 1000,
      totalPayOutPaidAmountDecimal: 300,
      partialPayouts: [{ txDate: "2026-11-21T10:00:00Z", payinRequestId: "x", partialAmount: 300, status: "Approved" }],
      responseDataObj: { ...specPayIn, qrCodeImage: "iVBORw0KGgo=" },
    });
    expect(r.payoutPaidSatang).toBe(30_000);
    expect(r.partialPayouts[0]).toMatchObject({ amountSatang: 30_000, status: "Approved" });
    expect(r.payInResponse?.qrCodeImage).toBe("data:image/png;base64,iVBORw0KGgo=");
  });
});

describe("the schemas the client compiles", () => {
  // z.compile quietly keeps the runtime parser for a schema it cannot compile; that would be correct
  // but slow on every call, so a schema change that loses the fast path should be noticed here.
  it.each(Object.entries({ envelopeSchema, payInResponseSchema, payOutResponseSchema, paymentRecordSchema, duplicateSchema }))(
    "%s compiles to zod's fast path",
    (_name, schema) => {
      expect(() => z.compile(schema, { strict: true })).not.toThrow();
    },
  );
});
