import { describe, expect, it } from "vitest";
import { reword, sentence, sentencePair } from "./sentence";

describe("a sentence with placeholders", () => {
  const s = sentence("PayDesk could not reach {host} ({detail}).");

  it("fills its placeholders, and reads the values back out of the filled text", () => {
    const text = s.fill({ host: "api.example:443", detail: "an answer (with brackets)" });
    expect(text).toBe("PayDesk could not reach api.example:443 (an answer (with brackets)).");
    expect(s.read(text)).toEqual({ host: "api.example:443", detail: "an answer (with brackets)" });
  });

  it("treats the pattern's punctuation literally and matches the whole text only", () => {
    expect(s.read("PayDesk could not reach x (y)!")).toBeNull();
    expect(s.read("Note: PayDesk could not reach x (y).")).toBeNull();
    expect(s.read("PayDesk could not reach x (y). And more.")).toBeNull();
    expect(sentence("a.b").read("axb")).toBeNull();
  });

  it("does not read a placeholder as empty", () => {
    expect(s.read("PayDesk could not reach  ().")).toBeNull();
  });

  it("does not fill placeholders found in the values", () => {
    expect(sentence("{a} and {b}").fill({ a: "{b}", b: "x" })).toBe("{b} and x");
  });
});

describe("rewording stored English", () => {
  const pairs = [sentencePair("found at the provider as {status}", "พบที่ผู้ให้บริการ สถานะ {status}"), sentencePair("no provider id to look up", "ไม่มีรหัสให้ค้นหา")];

  it("words the first pair that fits in the other language, passing values through", () => {
    expect(reword(pairs, "found at the provider as Paid", "th")).toBe("พบที่ผู้ให้บริการ สถานะ Paid");
    expect(reword(pairs, "found at the provider as Paid", "th", (name, v) => (name === "status" ? v.toUpperCase() : v))).toBe("พบที่ผู้ให้บริการ สถานะ PAID");
    expect(reword(pairs, "no provider id to look up", "th")).toBe("ไม่มีรหัสให้ค้นหา");
  });

  it("answers null for text no pair fits", () => {
    expect(reword(pairs, "Slip amount does not match", "th")).toBeNull();
  });
});
