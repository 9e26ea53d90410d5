-- Outbound webhooks in the console (docs/DESIGN.md §14): endpoints can be deleted (kept for the
-- delivery log, hidden), and remember since when they fail and why they were disabled; the
-- delivery log is listed per endpoint and per merchant by time; `sweeps` leases the retention
-- sweep to one instance at a time.
ALTER TABLE "webhook_endpoints" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "outbound_events_merchant_idx" ON "outbound_events" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "outbound_events_created_idx" ON "outbound_events" ("created_at");
--> statement-breakpoint
CREATE INDEX "outbound_deliveries_endpoint_idx" ON "outbound_deliveries" ("endpoint_id", "created_at");
--> statement-breakpoint
CREATE INDEX "outbound_deliveries_event_idx" ON "outbound_deliveries" ("event_id");
--> statement-breakpoint
CREATE INDEX "outbound_deliveries_leased_idx" ON "outbound_deliveries" ("endpoint_id") WHERE "status" = 'pending' AND "lease_until" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "sweeps" (
  "name" text PRIMARY KEY NOT NULL,
  "lease_until" timestamp with time zone,
  "last_run_at" timestamp with time zone
);
