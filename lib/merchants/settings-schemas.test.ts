import { describe, expect, it } from "vitest";
import { merchantInputSchema } from "./manage";
import { merchantLimitsSchema, newMerchantSchema, rotateKeysSchema, MERCHANT_RULES } from "./settings-schemas";

const valid = {
  displayName: "Siam Coffee",
  orgId: "demo",
  providerMerchantId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190",
  submitKey: "5190d738-b61e-4cdc-9c5c-d86ee788f8e7",
  readKey: "",
  payinMin: "20",
  payinMax: "50,000.00",
  payoutApprovalThreshold: "",
};

/** The first message per field: what the form shows (zodResolver and the action's fieldErrors[0] alike). */
const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
  return first;
};

describe("the add-merchant form's schema", () => {
  it("turns baht into satang and empty fields into 'not given'", () => {
    expect(newMerchantSchema.parse(valid)).toEqual({
      displayName: "Siam Coffee",
      orgId: "demo",
      providerMerchantId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190",
      submitKey: "5190d738-b61e-4cdc-9c5c-d86ee788f8e7",
      readKey: undefined,
      payinMin: 2_000,
      payinMax: 5_000_000,
      payoutApprovalThreshold: undefined,
    });
  });

  it.each([
    [{ displayName: " " }, "displayName", MERCHANT_RULES.nameRequired],
    [{ orgId: "my org" }, "orgId", MERCHANT_RULES.orgInvalid],
    [{ providerMerchantId: "not-a-guid" }, "providerMerchantId", MERCHANT_RULES.guidInvalid],
    [{ submitKey: "" }, "submitKey", MERCHANT_RULES.keyRequired],
    [{ submitKey: "short" }, "submitKey", MERCHANT_RULES.keyTooShort],
    [{ readKey: "has a space in it" }, "readKey", MERCHANT_RULES.keyInvalid],
    [{ payinMin: "20.001" }, "payinMin", MERCHANT_RULES.amountInvalid],
    [{ payinMax: "-5" }, "payinMax", MERCHANT_RULES.amountNegative],
    [{ payoutApprovalThreshold: "-1,000" }, "payoutApprovalThreshold", MERCHANT_RULES.amountNegative],
    [{ payoutApprovalThreshold: "10000000000000" }, "payoutApprovalThreshold", MERCHANT_RULES.amountTooLarge],
    [{ payinMin: "100", payinMax: "50" }, "payinMax", MERCHANT_RULES.minAboveMax],
    [{ payinMax: "0" }, "payinMax", MERCHANT_RULES.maxZero],
    [{ payoutApprovalThreshold: "lots" }, "payoutApprovalThreshold", MERCHANT_RULES.amountInvalid],
  ])("refuses %j with a message beside %s", (change, field, message) => {
    expect(errorsOf(newMerchantSchema.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it("agrees with lib/merchants/manage.ts's schema on what it accepts", () => {
    const samples: Array<Partial<typeof valid>> = [
      {},
      { orgId: "org/with/slash" },
      { orgId: "x".repeat(101) },
      { providerMerchantId: "0E6A33CB-96CC-47A6-AC51-1DE5027EC190" },
      { providerMerchantId: "0e6a33cb96cc47a6ac511de5027ec190" },
      { submitKey: "1234567" },
      { submitKey: "12345678" },
      { submitKey: "ก".repeat(10) },
      { submitKey: "k".repeat(200) },
      { submitKey: "k".repeat(201) },
      { readKey: "another-valid-key" },
      { readKey: "short" },
      { displayName: "n".repeat(100) },
    ];
    for (const sample of samples) {
      const f = { ...valid, ...sample };
      const lib = merchantInputSchema.safeParse({
        displayName: f.displayName,
        orgId: f.orgId,
        merchantId: f.providerMerchantId,
        submitKey: f.submitKey,
        readKey: f.readKey || undefined,
      });
      expect(newMerchantSchema.safeParse(f).success, JSON.stringify(sample)).toBe(lib.success);
    }
    // Both refuse a minimum above the maximum.
    expect(newMerchantSchema.safeParse({ ...valid, payinMin: "600", payinMax: "500" }).success).toBe(false);
    expect(
      merchantInputSchema.safeParse({
        ...valid,
        merchantId: valid.providerMerchantId,
        readKey: undefined,
        payinMinSatang: 60_000,
        payinMaxSatang: 50_000,
      }).success,
    ).toBe(false);
  });
});

describe("the rotate-keys form's schema", () => {
  const base = { merchantId: "mer_1", submitKey: "", readKey: "", removeReadKey: false };
  it("needs something to change, and not a new read key and its removal at once", () => {
    expect(errorsOf(rotateKeysSchema.safeParse(base))).toEqual({ submitKey: MERCHANT_RULES.nothingToRotate });
    expect(errorsOf(rotateKeysSchema.safeParse({ ...base, readKey: "a-new-read-key", removeReadKey: true }))).toEqual({
      readKey: MERCHANT_RULES.readKeyTwice,
    });
    expect(rotateKeysSchema.parse({ ...base, removeReadKey: true })).toEqual({
      merchantId: "mer_1",
      submitKey: undefined,
      readKey: undefined,
      removeReadKey: true,
    });
    expect(rotateKeysSchema.parse({ ...base, submitKey: " new-submit-key " }).submitKey).toBe("new-submit-key");
  });
});

describe("the limits form's schema", () => {
  it("keeps the name and reads empty limits as none", () => {
    expect(
      merchantLimitsSchema.parse({
        merchantId: "mer_1",
        displayName: "Shop",
        payinMin: "",
        payinMax: "1000.5",
        payoutApprovalThreshold: "0",
      }),
    ).toEqual({
      merchantId: "mer_1",
      displayName: "Shop",
      payinMin: undefined,
      payinMax: 100_050,
      payoutApprovalThreshold: 0,
    });
  });
});
