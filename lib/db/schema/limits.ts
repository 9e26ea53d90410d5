/** Counters behind the public pages' limits (lib/public/rate-limit.ts, lib/slips/link.ts). */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters for the public pages (lib/public/rate-limit.ts): "slip-ip:<address>",
 * "slip-token:<token>". In the database so every app instance counts the same hits (docs/DESIGN.md §6.3).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
});

/**
 * Slip-link tokens the provider said are no good (lib/slips/rejected-tokens.ts), remembered until
 * `until` so the same bad link, opened again on any instance, never reaches the provider twice.
 */
export const rejectedSlipTokens = pgTable("rejected_slip_tokens", {
  key: text("key").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});
