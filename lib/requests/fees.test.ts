import { describe, expect, it } from "vitest";
import { payInFee, payOutFee } from "@/sandbox/wallet";
import { feeColumnsFromWebhook, feesOf, percentOfAmount, plainPercent, type FeeInput } from "./fees";

const request = (over: Partial<FeeInput>): FeeInput => ({
  kind: "payin",
  paidAmount: "1000.00",
  feeAmount: null,
  feePct: null,
  discardCent: null,
  ...over,
});

describe("a request's fee and net", () => {
  it("computes a Pay-In's fee from the provider's rate, half away from zero, and marks it computed", () => {
    expect(feesOf(request({ feePct: "1.5" }))).toEqual({
      feeSatang: 1_500,
      netSatang: 98_500,
      feePayer: "merchant",
      recipientSatang: null,
      direction: "credit",
      source: "computed",
      pct: "1.5",
    });
    // 333.33 × 1.5 % = 4.99995 → 5.00
    expect(feesOf(request({ paidAmount: "333.33", feePct: "1.5000" }))).toMatchObject({ feeSatang: 500, netSatang: 32_833 });
    // 1.01 × 0.5 % = 0.00505 → 0.01
    expect(feesOf(request({ paidAmount: "1.01", feePct: "0.5" }))).toMatchObject({ feeSatang: 1 });
  });

  it("moves a DiscardCent merchant's satang into the fee, so the credit is whole baht (not for a P2P approval)", () => {
    expect(feesOf(request({ paidAmount: "333.33", feePct: "1.5", discardCent: true }))).toMatchObject({
      feeSatang: 533,
      netSatang: 32_800,
    });
    expect(feesOf(request({ kind: "payin_p2p", paidAmount: "333.33", feePct: "1.5", discardCent: true }))).toMatchObject({
      feeSatang: 500,
      netSatang: 32_833,
    });
  });

  it("debits money out with its fee on top", () => {
    expect(feesOf(request({ kind: "payout", paidAmount: "60000.00", feePct: "0.5" }))).toEqual({
      feeSatang: 30_000,
      netSatang: 6_030_000,
      feePayer: "merchant",
      recipientSatang: null,
      direction: "debit",
      source: "computed",
      pct: "0.5",
    });
    expect(feesOf(request({ kind: "withdrawal", paidAmount: "10.00", feePct: "0.5" }))).toMatchObject({ feeSatang: 5, netSatang: 1_005 });
  });

  it("debits the amount alone when the recipient bears the fee, who gets the amount less it; money in is always the merchant's", () => {
    expect(feesOf(request({ kind: "payout", paidAmount: "987.65", feePct: "0.5", feePayer: "beneficiary" }))).toEqual({
      feeSatang: 494,
      netSatang: 98_765,
      feePayer: "beneficiary",
      recipientSatang: 98_271,
      direction: "debit",
      source: "computed",
      pct: "0.5",
    });
    expect(feesOf(request({ kind: "withdrawal", paidAmount: "10.00", feeAmount: "0.05", feePayer: "beneficiary" }))).toMatchObject({
      netSatang: 1_000,
      recipientSatang: 995,
      source: "provider",
    });
    expect(feesOf(request({ kind: "payin", feePct: "1.5", feePayer: "beneficiary" }))).toMatchObject({
      feePayer: "merchant",
      netSatang: 98_500,
    });
  });

  it("takes the fee the provider stated over its own computation", () => {
    expect(feesOf(request({ feePct: "1.5", feeAmount: "16.00" }))).toEqual({
      feeSatang: 1_600,
      netSatang: 98_400,
      feePayer: "merchant",
      recipientSatang: null,
      direction: "credit",
      source: "provider",
      pct: "1.5",
    });
    expect(feesOf(request({ feeAmount: "0.00" }))).toMatchObject({ feeSatang: 0, netSatang: 100_000, source: "provider", pct: null });
  });

  it("shows nothing when nothing was paid or nothing is known", () => {
    expect(feesOf(request({ paidAmount: "0.00", feePct: "1.5", feeAmount: "1.00" }))).toBeNull();
    expect(feesOf(request({}))).toBeNull();
  });

  it("agrees with the sandbox's wallet to the satang on every amount tried", () => {
    const rates = ["0", "0.5", "1.5", "2.25", "3", "10"];
    // A fixed sequence (a linear congruential generator), so a failure names the same amounts again.
    let seed = 35;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let i = 0; i < 2_000; i++) {
      const paid = 1 + (next() % 10_000_000);
      const pct = rates[i % rates.length]!;
      const discard = i % 2 === 0;
      const provider = payInFee(paid, pct, discard);
      const ours = feesOf({ kind: "payin", paidAmount: (paid / 100).toFixed(2), feeAmount: null, feePct: pct, discardCent: discard })!;
      expect([ours.feeSatang, ours.netSatang], `${paid} satang at ${pct} %`).toEqual([provider.fee, provider.credit]);
      const out = feesOf({ kind: "payout", paidAmount: (paid / 100).toFixed(2), feeAmount: null, feePct: pct, discardCent: null })!;
      expect(out.feeSatang).toBe(payOutFee(paid, pct));
    }
  });
});

describe("rates", () => {
  it("reads a rate in percent with up to four decimals, and nothing else", () => {
    expect(plainPercent("1.5000")).toBe("1.5");
    expect(plainPercent("100")).toBe("100");
    expect(plainPercent("0")).toBe("0");
    expect(plainPercent("100.5")).toBeNull();
    expect(plainPercent("-1")).toBeNull();
    expect(plainPercent("1,5")).toBeNull();
    expect(percentOfAmount(1_000_000, "1.2345")).toBe(12_345);
    expect(() => percentOfAmount(100, "abc")).toThrow(/not a percentage/);
  });
});

describe("the fee terms a webhook carries", () => {
  const payIn = { PAYIN_FEE: "15.00", PAYIN_FEE_PCT: "1.5", PAYIN_DISCARD_CENT: "False" };
  it("takes a Pay-In success's fee, rate and DiscardCent", () => {
    expect(feeColumnsFromWebhook("PaymentIn.Success", payIn, { requestedAmount: "1000.00" }, 100_000, false)).toEqual({
      feeAmount: "15.00",
      feePct: "1.5",
      discardCent: false,
    });
    // .NET's double formatting drops zeros ("325"); an unrounded P2P fee is rounded to the satang.
    expect(
      feeColumnsFromWebhook(
        "PaymentIn.Success",
        { PAYIN_FEE: "0.1575", PAYIN_DISCARD_CENT: "True" },
        { requestedAmount: "10.50" },
        1_050,
        false,
      ),
    ).toEqual({ feeAmount: "0.16", discardCent: true });
  });

  it("takes a Pay-Out's fee only when one transfer paid the whole request; its rate always", () => {
    const params = { PAYOUT_FEE: "5.00", PAYOUT_FEE_PCT: "0.5" };
    expect(feeColumnsFromWebhook("PaymentOut.Success", params, { requestedAmount: "1000.00" }, 100_000, false)).toEqual({
      feeAmount: "5.00",
      feePct: "0.5",
    });
    expect(feeColumnsFromWebhook("PaymentOut.Success", params, { requestedAmount: "1000.00" }, 40_000, true)).toEqual({ feePct: "0.5" });
    expect(feeColumnsFromWebhook("PaymentOut.Success", params, { requestedAmount: "1000.00" }, 60_000, false)).toEqual({ feePct: "0.5" });
  });

  it("leaves out what is not a number, and says nothing for a rejection", () => {
    expect(
      feeColumnsFromWebhook("PaymentIn.Success", { PAYIN_FEE: "n/a", PAYIN_FEE_PCT: "lots" }, { requestedAmount: "1.00" }, 100, false),
    ).toEqual({});
    expect(feeColumnsFromWebhook("PaymentIn.Rejected", payIn, { requestedAmount: "1000.00" }, 100_000, false)).toEqual({});
  });
});
