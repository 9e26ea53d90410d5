/** The merchant API's keys and idempotency records (lib/merchant-api). */
import type { ApiScope } from "../../merchant-api/keys/scopes";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { merchants } from "./merchants";

export { API_SCOPES, type ApiScope } from "../../merchant-api/keys/scopes";

/**
 * The merchant API's keys (lib/merchant-api/keys/): the id is the key's public part (the lookup), the secret
 * only as its SHA-256. Revoked or expired keys stay for the audit trail.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    name: text("name").notNull(),
    mode: text("mode").$type<"test" | "live">().notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [index("api_keys_merchant_idx").on(t.merchantId, t.createdAt)],
);

/**
 * The merchant API's Idempotency-Key store (lib/merchant-api/http/idempotency.ts), shared by every instance: a
 * claim while the first call runs (`locked_until`), then its answer (`status`, `body`) for 24 hours.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    keyId: text("key_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The method, path and SHA-256 of the body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index("api_idempotency_created_idx").on(t.createdAt)],
);
