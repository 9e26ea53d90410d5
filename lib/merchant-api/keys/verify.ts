import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, merchants, type ApiScope } from "../../db/schema";
import { parseKey, secretMatches, type KeyMode } from "./format";
import { log } from "../../ops/log";

/**
 * Who calls the merchant API: the key in `Authorization: Bearer <key>`, checked against the
 * database on every call — no cache — so a revoked key stops at once on every instance.
 */
export type ApiKeyScope = ApiScope;

export interface ApiKeyPrincipal {
  keyId: string;
  merchantRowId: string;
  name: string;
  mode: KeyMode;
  scopes: readonly ApiKeyScope[];
  /** The key's merchant is one of the sandbox's demo merchants (a test key may always act for it). */
  merchantIsDemo: boolean;
}

export type KeyCheck = { ok: true; key: ApiKeyPrincipal } | { ok: false; why: "missing" | "malformed" | "unknown" | "revoked" | "expired" };

/** How stale `last_used_at` may get before a call writes it again: one write a minute per key, not one per call. */
const LAST_USED_EVERY_MS = 60_000;

export async function verifyApiKey(db: Db, authorization: string | null, seen: { ip: string | null; at?: Date }): Promise<KeyCheck> {
  if (!authorization) return { ok: false, why: "missing" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { ok: false, why: "malformed" };
  const parsed = parseKey(match[1]!);
  if (!parsed) return { ok: false, why: "malformed" };
  const [found] = await db
    .select({ key: apiKeys, merchantIsDemo: merchants.isDemo })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(eq(apiKeys.id, parsed.id))
    .limit(1);
  const row = found?.key;
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return { ok: false, why: "unknown" };
  const now = seen.at ?? new Date();
  if (row.revokedAt) return { ok: false, why: "revoked" };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, why: "expired" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS || row.lastUsedIp !== seen.ip) {
    // Only the call that finds it stale writes it (the condition), and the answer does not wait for it.
    const staleBefore = new Date(now.getTime() - LAST_USED_EVERY_MS);
    void db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: seen.ip })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore), sql`${apiKeys.lastUsedIp} is distinct from ${seen.ip}`),
        ),
      )
      .catch((error: unknown) => log("api-keys").error("could not record a key's last use", { keyId: row.id, error }));
  }
  return {
    ok: true,
    key: {
      keyId: row.id,
      merchantRowId: row.merchantId,
      name: row.name,
      mode: row.mode,
      scopes: row.scopes,
      merchantIsDemo: found.merchantIsDemo,
    },
  };
}
