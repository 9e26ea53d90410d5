import { billPayment } from "promptparse/generate";
import { describe, expect, it } from "vitest";
import { billPaymentPayload, promptPayPayload } from "../../sandbox/promptpay";
import { scannableQrPayload } from "./scannable-qr";

describe("a scannable QR payload", () => {
  it("is an SCB bill-payment payload (tag 30) with a valid CRC", () => {
    const scb = billPaymentPayload({ billerId: "010753600031508", amountSatang: 45_037, refId1: "ORDER-1", refId2: null });
    expect(scb).toContain("30");
    expect(scannableQrPayload(scb)).toBe(scb);
  });

  it("is a PromptPay payload with a valid CRC", () => {
    const pp = promptPayPayload({
      promptPayId: "0812345678",
      amountSatang: 45_037,
      bankCode: "KBANK",
      accountNo: "1234567890",
      refId1: "ORDER-1",
    });
    expect(scannableQrPayload(pp)).toBe(pp);
  });

  it("is never a blank, corrupt or foreign string", () => {
    const good = billPayment({ billerId: "010753600031508", amount: 450.37, ref1: "R1" });
    const badCrc = `${good.slice(0, -4)}${good.slice(-4) === "0000" ? "0001" : "0000"}`;
    expect(scannableQrPayload(badCrc)).toBeNull();
    expect(scannableQrPayload(good.replace("450.37", "950.37"))).toBeNull(); // amount changed, CRC not
    for (const nothing of [null, undefined, "", "   ", "not a qr", "0000000000000"]) expect(scannableQrPayload(nothing)).toBeNull();
  });
});
