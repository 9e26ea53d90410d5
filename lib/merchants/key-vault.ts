import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * API keys at rest: AES-256-GCM with a key from the environment (ENCRYPTION_KEY). The stored text
 * names its format and the key it was sealed with (`v2.<keyId>.<iv>.<tag>.<ciphertext>`), so the
 * environment key can be rotated: keep the old one in ENCRYPTION_KEYS_PREVIOUS until `reencryptAll`
 * has run.
 *
 * - The tag is always the full 16 bytes: GCM verifies whatever tag length it is handed, so a
 *   stored value cut to a 4-byte tag would leave 2^32 guesses between an attacker and a forgery.
 * - v2's additional data binds the merchant row and the column, so a sealed key copied to another
 *   merchant's row, or from the read column to the submit column, fails its check instead of
 *   sending one merchant's key on another's calls.
 * - v1 (no binding) is opened only by `reseal`, which `reencryptAll` calls at every start to seal
 *   it again as v2 bound to the row it is in; `open` refuses it, so a v1 value copied into another
 *   row after start (or written by hand) is never used on that row's calls.
 */
export class KeyVaultError extends Error {}

/** Which stored key a sealed value belongs to: the id of the row that owns it (a merchant, an endpoint, a staff member) and the column. */
export interface KeySlot {
  merchantId: string;
  field: "submitKey" | "readKey" | "endpointSecret" | "totpSecret" | "lineAccessToken" | "lineSecret";
}

const TAG_BYTES = 16;
const IV_BYTES = 12;
const CURRENT = "v2";

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);
/** JSON, not a joined string: no merchant id can be spelled so that it shifts into the field name. */
const additionalData = (version: string, id: string, slot: KeySlot | null) =>
  Buffer.from(slot === null ? `${version}.${id}` : JSON.stringify([version, id, slot.merchantId, slot.field]));

export interface KeyVault {
  seal(plain: string, slot: KeySlot): string;
  open(sealed: string, slot: KeySlot): string;
  /** Opens a value sealed with any listed key, in either format (v1 included), and seals it as v2 for its slot with the current key: for start-up's `reencryptAll` only. */
  reseal(sealed: string, slot: KeySlot): string;
  /** True when the text was sealed with an older key or in the older format, and should be sealed again. */
  isStale(sealed: string): boolean;
}

export function createKeyVault(keys: Buffer[]): KeyVault {
  const [current] = keys;
  if (!current || keys.some((k) => k.length !== 32)) throw new KeyVaultError("Encryption keys must be 32 bytes.");
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const currentId = keyId(current);
  function openAny(sealed: string, slot: KeySlot, acceptV1: boolean): string {
    const [version, id, iv, tag, ciphertext] = sealed.split(".");
    if (version === "v1" && !acceptV1)
      throw new KeyVaultError(
        "A stored API key is in the older unbound format (v1), which PayDesk seals again only at start. Restart PayDesk, or enter the merchant's API key again.",
      );
    if ((version !== "v1" && version !== CURRENT) || !id || !iv || !tag || ciphertext === undefined)
      throw new KeyVaultError("A stored API key is not in a format PayDesk knows.");
    const key = byId.get(id);
    if (!key) {
      throw new KeyVaultError(
        `A stored API key was encrypted with a key PayDesk no longer has (key id ${id}). Put the old key in ENCRYPTION_KEYS_PREVIOUS, or enter the merchant's API key again.`,
      );
    }
    const ivBytes = Buffer.from(iv, "base64url");
    const tagBytes = Buffer.from(tag, "base64url");
    try {
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new KeyVaultError("short tag or IV");
      const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(version, id, version === "v1" ? null : slot));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      throw new KeyVaultError(
        "A stored API key failed its integrity check; it was altered, belongs to another merchant or key, or the encryption key is wrong. Enter the merchant's API key again.",
      );
    }
  }
  const vault: KeyVault = {
    seal(plain, slot) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(CURRENT, currentId, slot));
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        CURRENT,
        currentId,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        ciphertext.toString("base64url"),
      ].join(".");
    },
    open(sealed, slot) {
      return openAny(sealed, slot, false);
    },
    reseal(sealed, slot) {
      return vault.seal(openAny(sealed, slot, true), slot);
    },
    isStale(sealed) {
      const [version, id] = sealed.split(".");
      return version !== CURRENT || id !== currentId;
    },
  };
  return vault;
}

/** "…1a2b": all people ever see of a key after it is entered. */
export function lastFour(key: string): string {
  return key.trim().slice(-4);
}
