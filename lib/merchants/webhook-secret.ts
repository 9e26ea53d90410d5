import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants } from "../db/schema";

/**
 * The shared secret the provider's admin puts in the webhook's custom header (the provider signs
 * nothing, docs/provider-facts.md §6.4). PayDesk makes it (32 random bytes), shows it once, and keeps only
 * its SHA-256: a random secret needs no slow hash. Rotation keeps the previous secret valid for an
 * overlap period, so the provider's admin can switch the header without lost webhooks.
 */
export const webhookSecretDigest = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Sets a new secret; the old one keeps working until `overlapMs` from now. Returns the new secret, to show once. */
export async function rotateWebhookSecret(
  db: Db,
  merchantRowId: string,
  overlapMs = 24 * 60 * 60 * 1000,
  secret = newWebhookSecret(),
): Promise<string> {
  const [current] = await db.select({ hash: merchants.webhookSecretHash }).from(merchants).where(eq(merchants.id, merchantRowId));
  if (!current) throw new Error(`merchant ${merchantRowId} does not exist`);
  await db
    .update(merchants)
    .set({
      webhookSecretHash: webhookSecretDigest(secret),
      webhookSecretPreviousHash: current.hash,
      webhookSecretPreviousUntil: current.hash ? new Date(Date.now() + overlapMs) : null,
      updatedAt: new Date(),
    })
    .where(eq(merchants.id, merchantRowId));
  return secret;
}

/** Sets a known secret (demo mode: the sandbox's), keeping no previous one. */
export async function setWebhookSecret(db: Db, merchantRowId: string, secret: string): Promise<void> {
  await db
    .update(merchants)
    .set({
      webhookSecretHash: webhookSecretDigest(secret),
      webhookSecretPreviousHash: null,
      webhookSecretPreviousUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(merchants.id, merchantRowId));
}

export interface StoredSecret {
  webhookSecretHash: string | null;
  webhookSecretPreviousHash: string | null;
  webhookSecretPreviousUntil: Date | null;
}

/** Constant-time check of a presented secret against the current one and, during the overlap, the previous one. */
export function webhookSecretMatches(stored: StoredSecret, presented: string | null | undefined, now = new Date()): boolean {
  if (!presented || !stored.webhookSecretHash) return false;
  const given = Buffer.from(webhookSecretDigest(presented), "hex");
  const same = (hash: string) => timingSafeEqual(Buffer.from(hash, "hex"), given);
  if (same(stored.webhookSecretHash)) return true;
  return Boolean(
    stored.webhookSecretPreviousHash &&
    stored.webhookSecretPreviousUntil &&
    now < stored.webhookSecretPreviousUntil &&
    same(stored.webhookSecretPreviousHash),
  );
}
