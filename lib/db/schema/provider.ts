/** What passed between PayDesk and the provider: its webhooks, refused ones, and calls made (lib/provider, lib/provider-webhooks). */
import { sql } from "drizzle-orm";
import type { Fact } from "../../requests/notes";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { paymentRequests } from "./requests";

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    providerJobId: text("provider_job_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    event: text("event"),
    merchantId: text("merchant_id").references(() => merchants.id),
    requestId: text("request_id").references(() => paymentRequests.id),
    verdict: text("verdict").notNull(),
    /** Someone else's words (an exception's message); PayDesk's own reasons are `reasonFacts`. */
    reason: text("reason"),
    reasonFacts: jsonb("reason_facts").$type<Fact>(),
    rawBody: text("raw_body").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_job_key").on(t.providerJobId),
    index("webhook_deliveries_received_idx").on(t.receivedAt.desc()),
    // The overview's count of webhooks that matched nothing (migration 0028).
    index("webhook_deliveries_unmatched_idx")
      .on(t.receivedAt)
      .where(sql`verdict IN ('unmatched_money', 'unknown_request', 'mismatch', 'malformed', 'contradicted', 'unconfirmed')`),
  ],
);

/**
 * Webhooks refused for their secret (none, unknown, another merchant's), for staff to see a burst:
 * the last few in detail (never the secret itself), and a count per minute for the last day. Both
 * are pruned as they are written (lib/provider-webhooks/refusals.ts), so a flood cannot grow them.
 */
export const webhookRefusals = pgTable("webhook_refusals", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  /** The header that carried (or should have carried) the secret. */
  header: text("header").notNull(),
  problem: text("problem").notNull(),
});

export const webhookRefusalMinutes = pgTable("webhook_refusal_minutes", {
  minute: timestamp("minute", { withTimezone: true }).primaryKey(),
  refusals: integer("refusals").notNull().default(0),
});

/**
 * Calls made to a provider, for the shared outgoing rate limit (docs/DESIGN.md §6.2): every app instance
 * that shares this database sees the same sliding window.
 */
export const providerCalls = pgTable(
  "provider_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 6 }).notNull(),
    /** Who called (lib/provider/limiter.ts LANES) and how long the call waited for its slot. */
    lane: text("lane"),
    waitedMs: integer("waited_ms"),
  },
  (t) => [index("provider_calls_window_idx").on(t.provider, t.at)],
);
