import { describe, expect, it } from "vitest";
import { formatBaht, parseAmount, percentOf, toDecimalString, toJsonNumber, toSatang } from "./money";

describe("parseAmount", () => {
  it.each([
    ["325", 32_500],
    ["325.5", 32_550],
    ["325.52", 32_552],
    ["1,000.00", 100_000],
    ["1,234,567.89", 123_456_789],
    ["0.01", 1],
    ["  42 ", 4_200],
    ["7.", 700],
    [325.52, 32_552],
    [0.1, 10],
    [1000, 100_000],
  ])("reads %j as %i satang", (input, satang) => {
    expect(parseAmount(input)).toEqual({ ok: true, satang });
  });

  it.each([
    ["325.521", "too_many_decimals"],
    [325.521, "too_many_decimals"],
    ["-5", "negative"],
    [-5, "negative"],
    ["NaN", "not_an_amount"],
    [Number.NaN, "not_a_number"],
    [Number.POSITIVE_INFINITY, "not_a_number"],
    ["", "missing"],
    [null, "missing"],
    [undefined, "missing"],
    ["1e3", "not_an_amount"],
    ["1,00.00", "not_an_amount"],
    ["12,34", "not_an_amount"],
    ["฿100", "not_an_amount"],
    ["1000000000000000", "too_large"],
  ] as const)("rejects %j, saying why as a fact", (input, problem) => {
    const result = parseAmount(input);
    expect(result).toEqual({ ok: false, problem });
  });
});

describe("formatting", () => {
  it("writes decimal strings with exactly two places", () => {
    expect(toDecimalString(32_552)).toBe("325.52");
    expect(toDecimalString(32_500)).toBe("325.00");
    expect(toDecimalString(5)).toBe("0.05");
    expect(toDecimalString(-150)).toBe("-1.50");
  });

  it("groups thousands for people", () => {
    expect(formatBaht(123_456_789)).toBe("1,234,567.89");
    expect(formatBaht(99)).toBe("0.99");
  });

  it("round-trips through the provider's JSON number", () => {
    for (const satang of [1, 10, 32_552, 99_999, 12_345_678_901]) {
      expect(toSatang(JSON.parse(JSON.stringify(toJsonNumber(satang))) as number)).toBe(satang);
    }
  });

  it("refuses fractional satang", () => {
    expect(() => toDecimalString(1.5)).toThrow(RangeError);
    expect(() => toSatang("1.234")).toThrow(/2 decimals/);
    expect(() => toSatang("12,34")).toThrow('"12,34" is not an amount in baht');
  });
});

describe("percentOf", () => {
  it("rounds half away from zero like the provider", () => {
    expect(percentOf(32_552, "1.5")).toBe(488); // 488.28 → 488
    expect(percentOf(100, "0.5")).toBe(1); // 0.5 → 1
    expect(percentOf(-100, "0.5")).toBe(-1);
    expect(percentOf(1_000_000, "0")).toBe(0);
  });

  it("rejects percentages it cannot represent exactly", () => {
    expect(() => percentOf(100, "1.234")).toThrow(/percentage/);
  });
});
