import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyVault, KeyVaultError, lastFour } from "./key-vault";

describe("key vault", () => {
  const key = randomBytes(32);
  const vault = createKeyVault([key]);
  const apiKey = "5190d738-b61e-4cdc-9c5c-d86ee788f8e7";

  it("seals and opens an API key, never storing it in the clear", () => {
    const sealed = vault.seal(apiKey);
    expect(sealed).not.toContain(apiKey);
    expect(sealed).not.toContain(Buffer.from(apiKey).toString("base64"));
    expect(vault.open(sealed)).toBe(apiKey);
  });

  it("uses a fresh IV each time", () => {
    expect(vault.seal(apiKey)).not.toBe(vault.seal(apiKey));
  });

  it("refuses tampered text with a sentence, not a wrong key", () => {
    const parts = vault.seal(apiKey).split(".");
    const flipped = Buffer.from(parts[4]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString("base64url");
    expect(() => vault.open(parts.join("."))).toThrow(/failed its integrity check/);
    expect(() => vault.open("garbage")).toThrow(KeyVaultError);
  });

  it("opens what an older key sealed while it is listed as previous, and flags it for re-sealing", () => {
    const old = createKeyVault([randomBytes(32)]);
    const oldKey = randomBytes(32);
    const sealedOld = createKeyVault([oldKey]).seal(apiKey);
    const rotated = createKeyVault([randomBytes(32), oldKey]);
    expect(rotated.open(sealedOld)).toBe(apiKey);
    expect(rotated.isStale(sealedOld)).toBe(true);
    expect(rotated.isStale(rotated.seal(apiKey))).toBe(false);
    expect(() => old.open(sealedOld)).toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
  });

  it("shows people only the last four characters", () => {
    expect(lastFour(` ${apiKey} `)).toBe("f8e7");
  });
});
