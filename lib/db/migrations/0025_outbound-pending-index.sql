-- The delivery lease looks, per endpoint, for pending deliveries oldest first (lib/outbound/deliver.ts):
-- without this index it read every pending row of an endpoint on each lease after a burst, or
-- walked its whole delivered history once analyzed (bench/outbound-webhooks found 12-14 ms a lease).
CREATE INDEX "outbound_deliveries_pending_idx" ON "outbound_deliveries" ("endpoint_id", "next_attempt_at") WHERE "status" = 'pending';
