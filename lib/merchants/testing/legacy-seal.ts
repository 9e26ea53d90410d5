import { createCipheriv, createHash, randomBytes } from "node:crypto";

/**
 * A key sealed as PayDesk sealed them before v2 (`v1.<keyId>.<iv>.<tag>.<ciphertext>`, additional
 * data `v1.<keyId>` only): what databases written by earlier versions still hold.
 */
export function sealLegacyV1(key: Buffer, plain: string): string {
  const id = createHash("sha256").update(key).digest("hex").slice(0, 8);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`v1.${id}`));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}
