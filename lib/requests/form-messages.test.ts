import { describe, expect, it } from "vitest";
import { fieldMessage } from "./form-messages";
import { amountField } from "./contract";

describe("the create forms' amount messages", () => {
  it("says the largest amount when one is too large, in both languages", () => {
    const result = amountField.safeParse("10,000,000,000,000");
    expect(result.success).toBe(false);
    const key = result.error!.issues[0]!.message;
    expect(fieldMessage("en", key)).toBe("The amount is too large: at most ฿999,999,999,999.99.");
    expect(fieldMessage("th", key)).toBe("จำนวนเงินมากเกินไป สูงสุด ฿999,999,999,999.99");
  });

  it("does not tie the RefId1 length limit to a QR code (a Pay-Out has none)", () => {
    for (const locale of ["en", "th"] as const) expect(fieldMessage(locale, "refId1TooLong")).not.toMatch(/QR/);
  });
});
