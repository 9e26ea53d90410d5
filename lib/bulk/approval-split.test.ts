import { describe, expect, it } from "vitest";
import type { Satang } from "../money";
import { approvalSplit } from "./approval-split";
import { bulkMessages } from "./messages";

describe("which lines of a file go now and which wait for approval", () => {
  const lines = [
    { line: 2, amountSatang: 100_000 },
    { line: 3, amountSatang: 5_000_001 },
    { line: 4, amountSatang: 5_000_000 },
    { line: 5, amountSatang: null },
    { line: 6, amountSatang: 9_900_000 },
  ];

  it("holds what is strictly above the threshold, as a create would, with the totals of each part", () => {
    expect(approvalSplit(lines, { approvalThresholdSatang: 5_000_000 as Satang })).toEqual({
      now: { count: 2, totalSatang: 5_100_000 },
      held: { count: 2, totalSatang: 14_900_001, lines: [3, 6] },
      thresholdSatang: 5_000_000,
    });
  });

  it("sends everything now when the merchant asks for no approval", () => {
    expect(approvalSplit(lines, { approvalThresholdSatang: null })).toMatchObject({ now: { count: 4 }, held: { count: 0, lines: [] } });
  });

  it("says both parts in words, in both languages", () => {
    const en = bulkMessages("en");
    expect(en.splitNow(2, "฿51,000.00")).toBe("2 Pay-Outs (฿51,000.00) go to the provider as soon as you confirm.");
    expect(en.splitHeld(2, "฿149,000.01", "฿50,000.00", "3, 6")).toBe(
      "2 Pay-Outs (฿149,000.01) are above ฿50,000.00 and will wait for a second person's approval: lines 3, 6.",
    );
    const th = bulkMessages("th");
    expect(th.splitNow(2, "฿51,000.00")).toContain("ทันทีที่ยืนยัน");
    expect(th.splitHeld(2, "฿149,000.01", "฿50,000.00", "3, 6")).toContain("รออนุมัติ");
  });
});
