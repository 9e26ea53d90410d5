import { describe, expect, it } from "vitest";
import { refId1Field } from "./contract";
import { generateIdempotencyKey, generateRefId1 } from "./ref-id";

describe("RefId1 suggestions", () => {
  it("are PD, the Bangkok date and 8 random characters: short ASCII the QR and the provider accept", () => {
    const refId1 = generateRefId1(new Date("2026-07-14T03:00:00Z"));
    expect(refId1).toMatch(/^PD260714-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(refId1.length).toBeLessThanOrEqual(25);
    expect(refId1Field.safeParse(refId1).success).toBe(true);
    expect(refId1Field.safeParse(refId1).success).toBe(true);
  });

  it("take the date in Bangkok, not the server's zone (17:30 UTC is already tomorrow there)", () => {
    expect(generateRefId1(new Date("2026-07-14T17:30:00Z"))).toMatch(/^PD260715-/);
    expect(generateRefId1(new Date("2026-07-14T16:59:59Z"))).toMatch(/^PD260714-/);
  });

  it("map every random byte to the 32-character alphabet without I, L, O or U", () => {
    const bytes = Uint8Array.from([0, 31, 32, 255, 8, 18, 21, 27]);
    expect(generateRefId1(new Date("2026-01-02T00:00:00Z"), () => bytes)).toBe("PD260102-0Z0Z8JNV");
  });

  it("do not repeat in practice", () => {
    const seen = new Set(Array.from({ length: 20_000 }, () => generateRefId1()));
    expect(seen.size).toBe(20_000);
  });
});

describe("form idempotency keys", () => {
  it("are 128 random bits, prefixed, and accepted by the forms' hidden field", () => {
    const key = generateIdempotencyKey();
    expect(key).toMatch(/^idk_[0-9a-f]{32}$/);
    expect(generateIdempotencyKey()).not.toBe(key);
  });
});
