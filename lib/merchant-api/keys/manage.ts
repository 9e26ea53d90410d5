import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, type ApiScope } from "../../db/schema";
import { newKey, type KeyMode } from "./format";

/** Creating, listing and revoking a merchant's API keys (Settings → Developers). */
export type ApiKeyRow = typeof apiKeys.$inferSelect;
/** What the console lists: everything but the secret's hash, and whether the key works now. */
export type ApiKeySummary = Omit<ApiKeyRow, "secretHash"> & { status: "active" | "revoked" | "expired" };

function summaryOf({ secretHash: _hash, ...row }: ApiKeyRow, now: Date): ApiKeySummary {
  const status = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
  return { ...row, status };
}

export async function createApiKey(
  db: Db,
  input: {
    merchantRowId: string;
    name: string;
    mode: KeyMode;
    scopes: readonly ApiScope[];
    expiresAt: Date | null;
    createdBy: string | null;
  },
): Promise<{ key: string; row: ApiKeySummary }> {
  const fresh = newKey(input.mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: fresh.id,
      merchantId: input.merchantRowId,
      name: input.name,
      mode: input.mode,
      secretHash: fresh.secretHash,
      scopes: [...input.scopes],
      expiresAt: input.expiresAt,
      createdBy: input.createdBy,
    })
    .returning();
  return { key: fresh.key, row: summaryOf(row!, new Date()) };
}

export async function listApiKeys(db: Db, merchantRowId: string, now = new Date()): Promise<ApiKeySummary[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchantRowId)).orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => summaryOf(row, now));
}

/** Revokes a key of this merchant; false when there is none (or it was revoked already). */
export async function revokeApiKey(db: Db, input: { keyId: string; merchantRowId: string; revokedBy: string | null }): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: input.revokedBy })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.merchantId, input.merchantRowId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
