import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyVault, KeyVaultError, lastFour, type KeySlot } from "./key-vault";
import { sealLegacyV1 } from "./testing/legacy-seal";

describe("key vault", () => {
  const key = randomBytes(32);
  const vault = createKeyVault([key]);
  const apiKey = "5190d738-b61e-4cdc-9c5c-d86ee788f8e7";
  const submitA: KeySlot = { merchantId: "mer_aaaaaaaaaaaaaaaa", field: "submitKey" };

  it("seals and opens an API key, never storing it in the clear", () => {
    const sealed = vault.seal(apiKey, submitA);
    expect(sealed).not.toContain(apiKey);
    expect(sealed).not.toContain(Buffer.from(apiKey).toString("base64"));
    expect(vault.open(sealed, submitA)).toBe(apiKey);
  });

  it("uses a fresh IV each time", () => {
    expect(vault.seal(apiKey, submitA)).not.toBe(vault.seal(apiKey, submitA));
  });

  it("refuses tampered text with a sentence, not a wrong key", () => {
    const parts = vault.seal(apiKey, submitA).split(".");
    const flipped = Buffer.from(parts[4]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString("base64url");
    expect(() => vault.open(parts.join("."), submitA)).toThrow(/failed its integrity check/);
    expect(() => vault.open("garbage", submitA)).toThrow(KeyVaultError);
  });

  it("refuses a tag cut short: GCM would otherwise check only the bytes it is given", () => {
    for (const sealed of [vault.seal(apiKey, submitA), sealLegacyV1(key, apiKey)]) {
      const parts = sealed.split(".");
      parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 4).toString("base64url");
      expect(() => vault.reseal(parts.join("."), submitA)).toThrow(/failed its integrity check/);
    }
    const parts = vault.seal(apiKey, submitA).split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 4).toString("base64url");
    expect(() => vault.open(parts.join("."), submitA)).toThrow(/failed its integrity check/);
  });

  it("opens a sealed key only in the merchant row and column it was sealed for", () => {
    const sealed = vault.seal(apiKey, submitA);
    expect(() => vault.open(sealed, { merchantId: "mer_bbbbbbbbbbbbbbbb", field: "submitKey" })).toThrow(/failed its integrity check/);
    expect(() => vault.open(sealed, { merchantId: submitA.merchantId, field: "readKey" })).toThrow(/failed its integrity check/);
    // A merchant id cannot be chosen so that its text runs on into the field name.
    const tricky = vault.seal(apiKey, { merchantId: 'x","submitKey', field: "readKey" });
    expect(() => vault.open(tricky, { merchantId: "x", field: "submitKey" })).toThrow(KeyVaultError);
  });

  it("refuses to open the older unbound format, flags it, and only re-sealing (at start) turns it into a value bound to its slot", () => {
    const legacy = sealLegacyV1(key, apiKey);
    expect(legacy.startsWith("v1.")).toBe(true);
    expect(() => vault.open(legacy, submitA)).toThrow(/older unbound format/);
    expect(vault.isStale(legacy)).toBe(true);
    const resealed = vault.reseal(legacy, submitA);
    expect(resealed.startsWith("v2.")).toBe(true);
    expect(vault.isStale(resealed)).toBe(false);
    expect(vault.open(resealed, submitA)).toBe(apiKey);
    expect(() => vault.open(resealed, { merchantId: "mer_bbbbbbbbbbbbbbbb", field: "submitKey" })).toThrow(/failed its integrity check/);
    // Re-sealing a current value changes its slot never: it must open for the slot it is in.
    expect(() => vault.reseal(resealed, { merchantId: "mer_bbbbbbbbbbbbbbbb", field: "submitKey" })).toThrow(/failed its integrity check/);
    expect(vault.isStale(vault.seal(apiKey, submitA))).toBe(false);
  });

  it("opens what an older key sealed while it is listed as previous, and flags it for re-sealing", () => {
    const old = createKeyVault([randomBytes(32)]);
    const oldKey = randomBytes(32);
    const sealedOld = createKeyVault([oldKey]).seal(apiKey, submitA);
    const rotated = createKeyVault([randomBytes(32), oldKey]);
    expect(rotated.open(sealedOld, submitA)).toBe(apiKey);
    expect(rotated.isStale(sealedOld)).toBe(true);
    expect(rotated.isStale(rotated.seal(apiKey, submitA))).toBe(false);
    expect(() => old.open(sealedOld, submitA)).toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
  });

  it("shows people only the last four characters", () => {
    expect(lastFour(` ${apiKey} `)).toBe("f8e7");
  });
});
