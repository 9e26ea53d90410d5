import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * A PayDesk API key, as the merchant's shop holds it:
 *
 *   pdk_test_<id: 12><secret: 32><checksum: 6>      (pdk_live_… for the live provider)
 *
 * all base62. `pdk_<mode>_<id>` is the key's public part: shown in the console, used to look the
 * key up. The secret is 32 base62 characters (≈ 190 bits), stored only as its SHA-256: a fast hash
 * is enough for a secret this random, where a password needs a slow one. The checksum is CRC32 of
 * everything before it, so a secret scanner can tell a real key from lookalike text, and a mistyped
 * key is refused without a database read.
 */
export type KeyMode = "test" | "live";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 12;
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const KEY_PATTERN = /^(pdk_(test|live)_[0-9A-Za-z]{12})([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let text = "";
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it are skipped so every character is equally likely.
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

function checksumOf(body: string): string {
  let value = crc32(body);
  let text = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  }
  return text;
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The key a shop holds, from its public part and its secret. */
export const assembleKey = (id: string, secret: string) => `${id}${secret}${checksumOf(`${id}${secret}`)}`;

export function newKey(mode: KeyMode): { id: string; key: string; secretHash: string } {
  const id = `pdk_${mode}_${randomBase62(ID_LENGTH)}`;
  const secret = randomBase62(SECRET_LENGTH);
  return { id, key: assembleKey(id, secret), secretHash: hashSecret(secret) };
}

/** The key's parts when it is well-formed and its checksum holds; null otherwise (no database read needed). */
export function parseKey(key: string): { id: string; mode: KeyMode; secret: string } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, id, mode, secret, checksum] = match;
  if (checksumOf(`${id}${secret}`) !== checksum) return null;
  return { id: id!, mode: mode as KeyMode, secret: secret! };
}

/** Compares the secret's hash with the stored one in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
