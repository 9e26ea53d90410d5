import { describe, expect, it } from "vitest";
import { factWords, isFact } from "./notes";

describe("PayDesk's notes, worded when shown", () => {
  it("word a state or status with the badge's words in Thai, and as stored in English", () => {
    expect(factWords({ note: "provider_says", status: "Paid" }, "th")).toBe("ผู้ให้บริการแจ้งสถานะ “ชำระแล้ว”");
    expect(factWords({ note: "nothing_to_check", state: "awaiting_approval" }, "th")).toBe("ไม่มีอะไรต้องตรวจสอบขณะสถานะเป็น “รออนุมัติ”");
    expect(factWords({ note: "provider_says", status: "Paid" }, "en")).toBe("the provider says Paid");
    // A provider status PayDesk has no badge for stays as the provider said it.
    expect(factWords({ note: "found_as", status: "Frozen" }, "th")).toBe("พบคำขอที่ผู้ให้บริการแล้ว สถานะ “Frozen”");
  });

  it("word a failure inside a note in the same language", () => {
    const note = { note: "webhook_not_confirmed", failure: { kind: "timeout", timeoutMs: 8_000, mayExist: false } } as const;
    expect(factWords(note, "en")).toBe("not confirmed with the provider (The provider did not answer within 8 s. Try again in a moment.)");
    expect(factWords(note, "th")).toBe("ยืนยันกับผู้ให้บริการไม่ได้ (ผู้ให้บริการไม่ตอบกลับภายใน 8 วินาที โปรดลองอีกครั้งในอีกสักครู่)");
  });

  it("word amounts as money", () => {
    expect(factWords({ note: "webhook_amount_mismatch", receivedSatang: 45_050, askedSatang: 45_037 }, "en")).toBe(
      "received 450.50 THB, the request asked for 450.37",
    );
    expect(factWords({ note: "webhook_overpaid", paidSatang: 120_000, requestedSatang: 100_000 }, "th")).toBe(
      "โอนจ่าย 1,200.00 บาท เกินยอดของคำขอ 1,000.00 บาท",
    );
  });

  it("tell PayDesk's facts from anyone else's text", () => {
    expect(isFact({ note: "gave_up" })).toBe(true);
    expect(isFact({ kind: "rate_limited" })).toBe(true);
    expect(isFact("Slip amount does not match")).toBe(false);
    expect(isFact({ note: "no such note" })).toBe(false);
    expect(isFact({ kind: "not a failure" })).toBe(false);
    expect(isFact(null)).toBe(false);
  });
});
