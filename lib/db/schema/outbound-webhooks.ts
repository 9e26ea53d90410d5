/** The merchant's own webhook endpoints, the outbox and its deliveries (lib/outbound-webhooks). */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";

/** The merchant's own webhook endpoints (docs/DESIGN.md §14): signing secrets sealed like provider keys. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    url: text("url").notNull(),
    description: text("description"),
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    secretEncrypted: text("secret_encrypted").notNull(),
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    /** Since when every attempt to it failed (null once one succeeds); 3 days of it disable it. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Why it was disabled: `gone` (it answered 410), `failing` (3 days of failures) or `staff`. */
    disabledReason: text("disabled_reason"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Deleted endpoints stay for the delivery log, hidden from the settings and never sent to. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_merchant_idx")
      .on(t.merchantId)
      .where(sql`${t.enabled}`),
  ],
);

/** The outbox: an event about a request, with the row as it stood when the change committed. */
export const outboundEvents = pgTable(
  "outbound_events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    requestId: text("request_id"),
    type: text("type").notNull(),
    requestRow: jsonb("request_row").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbound_events_request_idx").on(t.requestId),
    index("outbound_events_merchant_idx").on(t.merchantId, t.createdAt),
    index("outbound_events_created_idx").on(t.createdAt),
  ],
);

/** One event to one endpoint: what the delivery worker sends, retries and records. */
export const outboundDeliveries = pgTable(
  "outbound_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => outboundEvents.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("outbound_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbound_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("outbound_deliveries_event_idx").on(t.eventId),
    index("outbound_deliveries_pending_idx")
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbound_deliveries_leased_idx")
      .on(t.endpointId)
      .where(sql`${t.status} = 'pending' and ${t.leaseUntil} is not null`),
  ],
);

/** Periodic sweeps, leased so one instance at a time runs each (lib/outbound-webhooks/retention.ts). */
export const sweeps = pgTable("sweeps", {
  name: text("name").primaryKey(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/** Each attempt of a delivery, as the delivery log shows it. */
export const outboundAttempts = pgTable(
  "outbound_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => outboundDeliveries.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: integer("status"),
    latencyMs: integer("latency_ms").notNull(),
    answer: text("answer"),
    error: text("error"),
    /**
     * When its outcome was recorded; null while it is under way, and for good when the sender
     * stopped between sending and recording (migration 0039): the endpoint may have received it.
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("outbound_attempts_delivery_idx").on(t.deliveryId)],
);
