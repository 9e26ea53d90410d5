import { describe, expect, it } from "vitest";
import { describeProviderCode, KNOWN_PROVIDER_CODES, knownCodeDescription } from "./codes";

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

describe("the provider's codes in words", () => {
  it("has English and Thai for every code, the Thai written in Thai and not a copy of the English", () => {
    expect(KNOWN_PROVIDER_CODES.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const code of KNOWN_PROVIDER_CODES) {
      const en = knownCodeDescription(code, "en")?.trim() ?? "";
      const th = knownCodeDescription(code, "th")?.trim() ?? "";
      if (!en) problems.push(`${code}: no English`);
      if (!th) problems.push(`${code}: no Thai`);
      if (th === en) problems.push(`${code}: the Thai is the English`);
      if (!THAI_SCRIPT.test(th)) problems.push(`${code}: the Thai has no Thai script`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the code visible in either language", () => {
    expect(describeProviderCode("INVALID_PAYMENT_AMOUNT", null, "th")).toBe(
      "ยอดเงินไม่ถูกต้อง ต้องมากกว่า 0 และมีทศนิยมไม่เกิน 2 ตำแหน่ง (INVALID_PAYMENT_AMOUNT)",
    );
    expect(describeProviderCode("INVALID_PAYMENT_AMOUNT", null, "en")).toBe(
      "The amount must be more than 0, with at most 2 decimals. (INVALID_PAYMENT_AMOUNT)",
    );
  });

  it("words in English unless told otherwise (the API client's results and logs)", () => {
    expect(describeProviderCode("ERROR_NO_P2P_ACCOUNT_MATCH", "no match")).toBe(
      "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later. (ERROR_NO_P2P_ACCOUNT_MATCH)",
    );
  });

  it("falls back to the provider's own reason for a code it does not know, framed in the viewer's language", () => {
    expect(describeProviderCode("ERROR_SOMETHING_NEW", "  Merchant suspended ", "en")).toBe(
      "The provider refused: Merchant suspended (ERROR_SOMETHING_NEW).",
    );
    expect(describeProviderCode("ERROR_SOMETHING_NEW", "Merchant suspended", "th")).toBe(
      "ผู้ให้บริการปฏิเสธ: Merchant suspended (ERROR_SOMETHING_NEW)",
    );
    expect(describeProviderCode("ERROR_SOMETHING_NEW", "", "th")).toBe("ผู้ให้บริการปฏิเสธ: ไม่ได้ระบุเหตุผล (ERROR_SOMETHING_NEW)");
    expect(describeProviderCode("ERROR_SOMETHING_NEW", null, "en")).toBe("The provider refused: no reason given (ERROR_SOMETHING_NEW).");
  });

  it("does not mistake an object's built-in names for codes", () => {
    expect(knownCodeDescription("constructor", "en")).toBeNull();
    expect(describeProviderCode("toString", "odd", "en")).toBe("The provider refused: odd (toString).");
  });
});
