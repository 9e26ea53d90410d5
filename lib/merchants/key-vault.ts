import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * API keys at rest: AES-256-GCM with a key from the environment (ENCRYPTION_KEY). The stored text
 * names the key it was sealed with (`v1.<keyId>.<iv>.<tag>.<ciphertext>`), so the environment key
 * can be rotated: keep the old one in ENCRYPTION_KEYS_PREVIOUS until `reencryptAll` has run.
 * GCM's tag makes any tampering fail loudly instead of yielding a wrong key.
 */
export class KeyVaultError extends Error {}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

export interface KeyVault {
  seal(plain: string): string;
  open(sealed: string): string;
  /** True when the text was sealed with an older key and should be sealed again. */
  isStale(sealed: string): boolean;
}

export function createKeyVault(keys: Buffer[]): KeyVault {
  const [current] = keys;
  if (!current || keys.some((k) => k.length !== 32)) throw new KeyVaultError("Encryption keys must be 32 bytes.");
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const currentId = keyId(current);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(Buffer.from(`v1.${currentId}`));
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", currentId, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, id, iv, tag, ciphertext] = sealed.split(".");
      if (version !== "v1" || !id || !iv || !tag || ciphertext === undefined) throw new KeyVaultError("A stored API key is not in a format PayDesk knows.");
      const key = byId.get(id);
      if (!key) {
        throw new KeyVaultError(
          `A stored API key was encrypted with a key PayDesk no longer has (key id ${id}). Put the old key in ENCRYPTION_KEYS_PREVIOUS, or enter the merchant's API key again.`,
        );
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(`v1.${id}`));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new KeyVaultError("A stored API key failed its integrity check; it was altered or the encryption key is wrong. Enter the merchant's API key again.");
      }
    },
    isStale: (sealed) => sealed.split(".")[1] !== currentId,
  };
}

/** "…1a2b": all people ever see of a key after it is entered. */
export function lastFour(key: string): string {
  return key.trim().slice(-4);
}
