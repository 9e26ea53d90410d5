import { createHmac, randomBytes } from "node:crypto";

/**
 * Outbound webhooks are signed as the Standard Webhooks specification says, so a receiver verifies
 * them with the `standardwebhooks` package or any library for that specification:
 *
 *   webhook-id: <event id, the same on every retry>
 *   webhook-timestamp: <unix seconds of this attempt>
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> [v1,<…> with each further secret]
 *
 * A secret is `whsec_` and the base64 of 32 random bytes. While a rotated-out secret still signs
 * (24 hours after a rotation), each attempt carries one signature per secret, so a receiver that
 * knows either accepts it.
 */
export const SECRET_PREFIX = "whsec_";

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a signing secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

export type SignedHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

export function signedHeaders(eventId: string, body: string, secrets: readonly string[], at: Date = new Date()): SignedHeaders {
  if (secrets.length === 0) throw new Error("nothing to sign with");
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map(
    (secret) => `v1,${createHmac("sha256", keyOf(secret)).update(`${eventId}.${timestamp}.${body}`).digest("base64")}`,
  );
  return { "webhook-id": eventId, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
