import { describe, expect, it } from "vitest";
import { afterThis, availableOf, type WalletPosition } from "./position";

const position = (
  balanceSatang: number | null,
  payoutFeePct: string | null,
  waiting = { amountSatang: 0, feeSatang: 0 },
): WalletPosition => {
  const w = { count: waiting.amountSatang > 0 ? 1 : 0, feeEstimated: false, feeUnknownCount: 0, ...waiting };
  return {
    merchantId: "m",
    balanceSatang,
    readAt: null,
    failure: null,
    waiting: w,
    payoutFeePct,
    availableSatang: availableOf(balanceSatang, w),
  };
};

describe("what a pay-out would leave in the wallet", () => {
  it("takes the amount and its fee, rounded half away from zero, from what is available after what waits", () => {
    const p = position(1_000_000, "0.5", { amountSatang: 100_000, feeSatang: 500 });
    expect(p.availableSatang).toBe(899_500);
    // 0.5 % of 987.65 is 4.93825 → 4.94.
    expect(afterThis(p, 98_765)).toEqual({ feeSatang: 494, feePayer: "merchant", debitSatang: 99_259, leftSatang: 800_241, short: false });
  });

  it("takes the amount alone when the recipient bears the fee: they get it less the fee", () => {
    const p = position(100_000, "0.5");
    expect(afterThis(p, 98_765, "beneficiary")).toEqual({
      feeSatang: 494,
      feePayer: "beneficiary",
      debitSatang: 98_765,
      leftSatang: 1_235,
      short: false,
    });
    // The same amount with the merchant bearing the fee does not fit.
    expect(afterThis(p, 99_600, "merchant")).toMatchObject({ debitSatang: 100_098, short: true });
    expect(afterThis(p, 99_600, "beneficiary")).toMatchObject({ debitSatang: 99_600, short: false });
  });

  it("is short only below zero: exactly what is available still fits", () => {
    const p = position(100_500, "0.5");
    expect(afterThis(p, 100_000)).toMatchObject({ leftSatang: 0, short: false });
    expect(afterThis(p, 100_001)).toMatchObject({ short: true });
  });

  it("rounds each line of a bulk file on its own, as the provider rounds each pay-out", () => {
    const p = position(1_000_000, "0.5");
    // Three lines of 1.01: 0.00505 each → 0.01 each (0.03), where their sum would give 0.01515 → 0.02.
    expect(afterThis(p, [101, 101, 101]).feeSatang).toBe(3);
    expect(afterThis(p, 303).feeSatang).toBe(2);
  });

  it("says nothing of the fee without a known rate, and nothing of what is left without a balance", () => {
    expect(afterThis(position(50_000, null), 60_000)).toEqual({
      feeSatang: null,
      feePayer: "merchant",
      debitSatang: 60_000,
      leftSatang: -10_000,
      short: true,
    });
    expect(afterThis(position(null, "0.5"), 60_000)).toMatchObject({ leftSatang: null, short: false });
  });
});
