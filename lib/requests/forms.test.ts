import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formDataToInput } from "../auth/form-input";
import { p2pRequestSchema, payInRequestSchema, payOutRequestSchema } from "./contract";
import { fieldMessage } from "./form-messages";
import { amountRangeIssue, declineFormSchema, p2pFormSchema, payInFormSchema, payOutFormSchema } from "./forms";

const hidden = { merchantId: "mer_1", idempotencyKey: "idk_0123456789abcdef0123" };
const payIn = { ...hidden, refId1: "PD260714-ABCD1234", amount: "1,250.50", payerName: "สมชาย ใจดี", qrProvider: "PP" };
const payOut = {
  ...hidden,
  refId1: "PD260714-ABCD1234",
  amount: "1,250.50",
  destinationType: "bank",
  bankCode: "KBANK",
  accountNo: "123-4-56789-0",
  accountName: "Somchai Jaidee",
};
const limits = { minSatang: 2_000, maxSatang: 5_000_000 };

/** The first message key reported for each field. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string | undefined> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const { fieldErrors, formErrors } = z.flattenError(result.error);
  expect(formErrors).toEqual([]);
  return Object.fromEntries(Object.entries(fieldErrors as Record<string, string[]>).map(([name, messages]) => [name, messages[0]]));
}

describe("the hidden fields", () => {
  it.each([
    ["a missing merchant", { ...payIn, merchantId: undefined }, "merchantId"],
    ["a missing form key", { ...payIn, idempotencyKey: undefined }, "idempotencyKey"],
    ["a forged form key", { ...payIn, idempotencyKey: "short" }, "idempotencyKey"],
  ])("%s means the form is stale", (_name, input, field) => {
    expect(errorsOf(payInFormSchema(), input)).toEqual({ [field]: "formStale" });
  });
});

describe("RefId1", () => {
  it.each([
    ["empty", "", "refId1Required"],
    ["only spaces", "   ", "refId1Required"],
    ["missing (an empty form field arrives as undefined)", undefined, "refId1Required"],
    ["26 characters", "A".repeat(26), "refId1TooLong"],
    ["Thai letters", "PD-ไทย", "refId1Chars"],
    ["a space inside", "PD 1", "refId1Chars"],
    ["a slash", "PD/1", "refId1Chars"],
  ])("%s is refused", (_name, refId1, key) => {
    expect(errorsOf(payInFormSchema(), { ...payIn, refId1 })).toEqual({ refId1: key });
  });

  it("is trimmed, and 25 characters of letters, digits, - and _ are fine", () => {
    const parsed = payInFormSchema().parse({ ...payIn, refId1: "  Ab_9-" + "x".repeat(18) + " " });
    expect(parsed.payIn.refId1).toBe("Ab_9-" + "x".repeat(18));
    expect(errorsOf(payInFormSchema(), { ...payIn, refId1: "A".repeat(25) })).toEqual({});
  });
});

describe("the amount", () => {
  it.each([
    ["empty", "", "amountRequired"],
    ["missing", undefined, "amountRequired"],
    ["words", "twelve", "amountFormat"],
    ["misplaced thousands separators", "1,25.00", "amountFormat"],
    ["a decimal comma", "1250,50", "amountFormat"],
    ["three decimals", "1.234", "amountDecimals"],
    ["zero", "0", "amountPositive"],
    ["zero with decimals", "0.00", "amountPositive"],
    ["negative", "-5", "amountPositive"],
    ["more than numeric(14,2) holds", "9999999999999", "amountTooLarge"],
  ])("%s is refused", (_name, amount, key) => {
    expect(errorsOf(payInFormSchema(), { ...payIn, amount })).toEqual({ amount: key });
  });

  it("is read in satang exactly, with or without thousands separators", () => {
    expect(payInFormSchema().parse({ ...payIn, amount: "1,250.50" }).payIn.amountSatang).toBe(125_050);
    expect(payInFormSchema().parse({ ...payIn, amount: " 20 " }).payIn.amountSatang).toBe(2_000);
    expect(payInFormSchema().parse({ ...payIn, amount: "0.1" }).payIn.amountSatang).toBe(10);
  });

  it("must be within the merchant's Pay-In range, bounds included, when the range is known", () => {
    expect(errorsOf(payInFormSchema(limits), { ...payIn, amount: "19.99" })).toEqual({ amount: "amountBelowMin:2000" });
    expect(errorsOf(payInFormSchema(limits), { ...payIn, amount: "50,000.01" })).toEqual({ amount: "amountAboveMax:5000000" });
    expect(errorsOf(payInFormSchema(limits), { ...payIn, amount: "20" })).toEqual({});
    expect(errorsOf(payInFormSchema(limits), { ...payIn, amount: "50000" })).toEqual({});
    expect(errorsOf(p2pFormSchema(limits), { ...payIn, amount: "10" })).toEqual({ amount: "amountBelowMin:2000" });
    // The server's static schema leaves the range to the action, which checks it with the same function.
    expect(errorsOf(payInFormSchema(), { ...payIn, amount: "10" })).toEqual({});
    expect(amountRangeIssue(1_000, limits)).toBe("amountBelowMin:2000");
    expect(amountRangeIssue(1_000, { minSatang: null, maxSatang: null })).toBeNull();
    expect(amountRangeIssue(9_000_000, { minSatang: null, maxSatang: 5_000_000 })).toBe("amountAboveMax:5000000");
  });
});

describe("Pay-In details", () => {
  it.each([
    ["payerName", "", "payerNameRequired"],
    ["payerName", "   ", "payerNameRequired"],
    ["payerName", "ก".repeat(101), "tooLong:100"],
    ["qrProvider", "KBANK", "qrProviderInvalid"],
    ["qrProvider", undefined, "qrProviderInvalid"],
    ["refId2", "x".repeat(101), "tooLong:100"],
    ["refId3", "x".repeat(101), "tooLong:100"],
    ["description", "x".repeat(501), "tooLong:500"],
    ["tags", "x".repeat(201), "tooLong:200"],
    ["customerEmail", "somchai@", "emailInvalid"],
    ["customerEmail", "not an address", "emailInvalid"],
    ["customerPhone", "12345", "phoneInvalid"],
    ["customerPhone", "+1 415 555 0100", "phoneInvalid"],
  ])("%s %j is refused with %s", (field, value, key) => {
    expect(errorsOf(payInFormSchema(), { ...payIn, [field]: value })).toEqual({ [field]: key });
  });

  it("treats empty optional fields as not given, and accepts phone numbers as people write them", () => {
    const parsed = payInFormSchema().parse({
      ...payIn,
      refId2: "",
      customerEmail: " ",
      customerPhone: "081-234 5678",
      tags: "vip, online",
    });
    expect(parsed.payIn).toEqual({
      refId1: payIn.refId1,
      payerName: "สมชาย ใจดี",
      amountSatang: 125_050,
      qrProvider: "PP",
      customerPhone: "0812345678",
      tags: "vip, online",
    });
    expect(payInFormSchema().parse({ ...payIn, customerPhone: "+66812345678", customerEmail: "a@shop.example" }).payIn).toMatchObject({
      customerPhone: "+66812345678",
      customerEmail: "a@shop.example",
    });
  });

  it("reports every problem at once, the merchant's range included", () => {
    expect(errorsOf(payInFormSchema(limits), { ...payIn, payerName: "", customerEmail: "x", amount: "5" })).toEqual({
      payerName: "payerNameRequired",
      customerEmail: "emailInvalid",
      amount: "amountBelowMin:2000",
    });
  });

  it("P2P takes no customer contact or tags: they are dropped, not sent", () => {
    const parsed = p2pFormSchema().parse({ ...payIn, customerEmail: "a@shop.example", tags: "x" });
    expect(parsed.payIn).not.toHaveProperty("customerEmail");
    expect(parsed.payIn).not.toHaveProperty("tags");
  });
});

describe("Pay-Out and Withdrawal destinations", () => {
  it.each([
    ["no kind chosen", { destinationType: undefined }, { destinationType: "destinationTypeRequired" }],
    ["no bank", { bankCode: "" }, { bankCode: "bankRequired" }],
    ["the PromptPay pseudo-bank", { bankCode: "PP" }, { bankCode: "bankRequired" }],
    ["an unknown bank", { bankCode: "XBANK" }, { bankCode: "bankRequired" }],
    ["a short account number", { accountNo: "123456789" }, { accountNo: "accountNoInvalid" }],
    ["a long account number", { accountNo: "1234567890123456" }, { accountNo: "accountNoInvalid" }],
    ["letters in the account number", { accountNo: "12345abc90" }, { accountNo: "accountNoInvalid" }],
    ["no account number", { accountNo: "" }, { accountNo: "accountNoInvalid" }],
    ["no account name", { accountName: " " }, { accountName: "accountNameRequired" }],
    ["a bad optional PromptPay id", { promptPayId: "12345" }, { promptPayId: "promptPayInvalid" }],
  ])("bank account with %s is refused", (_name, change, expected) => {
    expect(errorsOf(payOutFormSchema, { ...payOut, ...change })).toEqual(expected);
  });

  it("a refund's hidden Pay-In id passes through; a forged or broken one says the form is out of date", () => {
    expect(payOutFormSchema.parse({ ...payOut, refundOf: "req_0123456789abcdef0123" }).refundOf).toBe("req_0123456789abcdef0123");
    expect(payOutFormSchema.parse(payOut).refundOf).toBeUndefined();
    for (const refundOf of ["", "req_x", "mer_0123456789abcdef0123", "req_0123456789abcdef0123'--"])
      expect(errorsOf(payOutFormSchema, { ...payOut, refundOf }), refundOf).toEqual({ refundOf: "formStale" });
  });

  it("bank account: account numbers as printed (with dashes) are sent as digits", () => {
    expect(payOutFormSchema.parse(payOut).payOut.destination).toEqual({
      type: "bank",
      bankCode: "KBANK",
      accountNo: "1234567890",
      accountName: "Somchai Jaidee",
    });
  });

  it.each([
    ["missing", undefined, "promptPayInvalid"],
    ["9 digits", "081234567", "promptPayInvalid"],
    ["10 digits not starting with 0", "1812345678", "promptPayInvalid"],
    ["12 digits", "123456789012", "promptPayInvalid"],
  ])("PromptPay id %s is refused", (_name, promptPayId, key) => {
    expect(errorsOf(payOutFormSchema, { ...hidden, refId1: "R1", amount: "10", destinationType: "promptpay", promptPayId })).toEqual({
      promptPayId: key,
    });
  });

  it("PromptPay: a phone number or a 13-digit id", () => {
    const base = { ...hidden, refId1: "R1", amount: "10", destinationType: "promptpay" };
    expect(payOutFormSchema.parse({ ...base, promptPayId: "081-234-5678" }).payOut.destination).toEqual({
      type: "promptpay",
      promptPayId: "0812345678",
    });
    expect(payOutFormSchema.parse({ ...base, promptPayId: "1234567890123" }).payOut.destination).toEqual({
      type: "promptpay",
      promptPayId: "1234567890123",
    });
  });

  it("saved destination: required, and a provider GUID", () => {
    const base = { ...hidden, refId1: "R1", amount: "10", destinationType: "saved" };
    expect(errorsOf(payOutFormSchema, base)).toEqual({ savedAccountId: "savedRequired" });
    expect(errorsOf(payOutFormSchema, { ...base, savedAccountId: "account-7" })).toEqual({ savedAccountId: "savedInvalid" });
    const id = "0e6a33cb-96cc-47a6-ac51-1de5027ec190";
    expect(payOutFormSchema.parse({ ...base, savedAccountId: id }).payOut.destination).toEqual({ type: "saved", accountId: id });
  });

  it("ignores the fields of the kinds not chosen", () => {
    const parsed = payOutFormSchema.parse({
      ...hidden,
      refId1: "R1",
      amount: "10",
      destinationType: "promptpay",
      promptPayId: "0812345678",
      bankCode: "",
    });
    expect(parsed.payOut.destination).toEqual({ type: "promptpay", promptPayId: "0812345678" });
  });
});

describe("declining a held request", () => {
  it("needs a reason of at most 500 characters", () => {
    const base = { merchantId: "mer_1", requestId: "req_1" };
    expect(errorsOf(declineFormSchema, { ...base, reason: " " })).toEqual({ reason: "declineReasonRequired" });
    expect(errorsOf(declineFormSchema, { ...base, reason: "x".repeat(501) })).toEqual({ reason: "tooLong:500" });
    expect(declineFormSchema.parse({ ...base, reason: " wrong account " }).reason).toBe("wrong account");
  });
});

describe("the forms and the request contract agree", () => {
  it("every form output is a request the contract accepts as it is", () => {
    const inputs = [
      payInFormSchema().parse({
        ...payIn,
        refId2: "r2",
        refId3: "r3",
        description: "d",
        customerEmail: "a@b.co",
        customerPhone: "0812345678",
        tags: "t",
      }).payIn,
      payInFormSchema().parse({ ...payIn, qrProvider: "SCB" }).payIn,
    ];
    for (const input of inputs) expect(payInRequestSchema.parse(input)).toEqual(input);
    const p2p = p2pFormSchema().parse(payIn).payIn;
    expect(p2pRequestSchema.parse(p2p)).toEqual(p2p);
    for (const change of [{}, { promptPayId: "1234567890123" }]) {
      const out = payOutFormSchema.parse({ ...payOut, ...change }).payOut;
      expect(payOutRequestSchema.parse(out)).toEqual(out);
    }
  });
});

describe("submitted as FormData (the server action's path)", () => {
  it("gives the same message keys as the browser", () => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...payIn, amount: "", refId1: "PD 1", customerEmail: "" })) data.set(name, value);
    const input = formDataToInput(data, payInFormSchema());
    expect(errorsOf(payInFormSchema(), input)).toEqual({ amount: "amountRequired", refId1: "refId1Chars" });
  });
});

describe("messages in words", () => {
  it("in English and Thai, with amounts as THB", () => {
    expect(fieldMessage("en", "amountBelowMin:2000")).toBe("The minimum for this merchant is ฿20.00.");
    expect(fieldMessage("th", "amountAboveMax:5000000")).toBe("สูงสุดของร้านค้านี้คือ ฿50,000.00");
    expect(fieldMessage("en", "tooLong:100")).toBe("At most 100 characters.");
    expect(fieldMessage("th", "tooLong:100")).toBe("ไม่เกิน 100 ตัวอักษร");
    expect(fieldMessage("en", "refId1Chars")).toBe("RefId1 may use only English letters, digits, - and _.");
    expect(fieldMessage("th", "refId1Required")).toMatch(/^กรอก RefId1/);
  });

  it("shows a sentence that is not a key as it is", () => {
    expect(fieldMessage("th", "Fill in this field.")).toBe("Fill in this field.");
    expect(fieldMessage("en", "toString")).toBe("toString");
  });
});
