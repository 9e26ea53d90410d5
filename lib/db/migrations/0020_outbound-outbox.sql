-- Outbound webhooks (docs/DESIGN.md §14): the merchant's endpoints, and the outbox — an event row
-- and one delivery row per subscribed endpoint, written in the same statement as the state change
-- that causes them (lib/requests/apply.ts), so a change never commits without its events nor an
-- event without its change.
CREATE TABLE "webhook_endpoints" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "url" text NOT NULL,
  "description" text,
  "event_types" text[] NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "secret_encrypted" text NOT NULL,
  "previous_secret_encrypted" text,
  "previous_secret_until" timestamp with time zone,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_merchant_idx" ON "webhook_endpoints" ("merchant_id") WHERE "enabled";
--> statement-breakpoint
CREATE TABLE "outbound_events" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL,
  "request_id" text,
  "type" text NOT NULL,
  "request_row" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbound_events_request_idx" ON "outbound_events" ("request_id");
--> statement-breakpoint
CREATE TABLE "outbound_deliveries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "event_id" text NOT NULL REFERENCES "outbound_events"("id"),
  "endpoint_id" text NOT NULL REFERENCES "webhook_endpoints"("id"),
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbound_deliveries_due_idx" ON "outbound_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "outbound_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" bigint NOT NULL REFERENCES "outbound_deliveries"("id"),
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "status" integer,
  "latency_ms" integer NOT NULL,
  "answer" text,
  "error" text
);
--> statement-breakpoint
CREATE INDEX "outbound_attempts_delivery_idx" ON "outbound_attempts" ("delivery_id");
