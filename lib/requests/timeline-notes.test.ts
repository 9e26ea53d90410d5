import { describe, expect, it } from "vitest";
import { NOTES, noteWords } from "./timeline-notes";

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

describe("PayDesk's timeline notes", () => {
  it("have Thai for every note, in Thai script and not a copy of the English", () => {
    for (const [name, words] of Object.entries(NOTES)) {
      const values = { state: "pending", status: "Paid", refId1: "ORDER-1" };
      const en = words.en.fill(values);
      const th = noteWords(en, "th");
      expect(th, name).toBe(words.th.fill(values));
      expect(th, name).toMatch(THAI_SCRIPT);
      expect(th, name).not.toBe(en);
    }
  });

  it("word a state or status with the caller's words", () => {
    expect(noteWords("the provider says Paid", "th", (s) => (s === "Paid" ? "ชำระแล้ว" : s))).toBe("ผู้ให้บริการแจ้งสถานะ “ชำระแล้ว”");
    expect(noteWords("nothing to check while awaiting_approval", "th", (s) => (s === "awaiting_approval" ? "รออนุมัติ" : s))).toBe("ไม่มีอะไรต้องตรวจสอบขณะสถานะเป็น “รออนุมัติ”");
  });

  it("leave other text alone", () => {
    expect(noteWords("Slip amount does not match", "th")).toBeNull();
  });
});
