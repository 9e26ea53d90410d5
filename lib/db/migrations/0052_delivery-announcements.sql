-- A change to an outbound delivery (added, attempted, settled, sent again) is announced with its
-- merchant's id, as `delivery:<merchantId>` on the channel request changes use (one LISTEN connection
-- per process), so the delivery log follows it over the live bus as every other console page follows
-- its requests (lib/live/bus.ts, DELIVERY_CHANGE_PREFIX in lib/requests/apply.ts).
-- A trigger, because deliveries change in six places (the outbox in two statements, the delivery
-- loop, resends, an endpoint's removal, a test event). Postgres folds identical notifications of
-- one transaction into one, so a fan-out to many endpoints is one announcement. The lease's own
-- updates (lease_until alone) are not a change anyone sees and announce nothing.
CREATE OR REPLACE FUNCTION "outbound_delivery_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paydesk_request_changed', 'delivery:' || e.merchant_id) FROM outbound_events e WHERE e.id = NEW.event_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbound_deliveries_announce" AFTER INSERT OR UPDATE OF "status", "attempts" ON "outbound_deliveries"
  FOR EACH ROW EXECUTE FUNCTION "outbound_delivery_announce"();
