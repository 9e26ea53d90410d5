-- Ordered outbound events (docs/DESIGN.md §14): each event about a request carries the request's
-- next sequence number, taken in the statement that writes the event, so a receiver that gets a
-- late retry after a newer event can tell and ignore it. The outbox's copy of the row carries it.
ALTER TABLE "payment_requests" ADD COLUMN "event_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Events already in the outbox are numbered in the order they were written, and each request goes on from its last.
WITH "numbered" AS (
  SELECT "id", row_number() OVER (PARTITION BY "request_id" ORDER BY "created_at", "id") AS "seq"
  FROM "outbound_events" WHERE "request_id" IS NOT NULL
)
UPDATE "outbound_events" e SET "request_row" = e."request_row" || jsonb_build_object('event_seq', n."seq")
FROM "numbered" n WHERE n."id" = e."id";--> statement-breakpoint
UPDATE "payment_requests" r SET "event_seq" = c."n"
FROM (SELECT "request_id", count(*)::integer AS "n" FROM "outbound_events" WHERE "request_id" IS NOT NULL GROUP BY "request_id") c
WHERE c."request_id" = r."id";
--> statement-breakpoint
-- The overview's time to pay counts every Pay-In that ended paid — `paid`, or the live provider's
-- `approved` (a Pay-In approved by hand, every P2P Pay-In): lib/requests/lifecycle.ts's one rule
-- (isEndedPaid). Until now only `paid` counted. Otherwise as migration 0028 has it.
CREATE OR REPLACE FUNCTION "request_rollup_add"("r" "payment_requests", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_lane text := CASE WHEN r.is_withdrawal THEN 'withdrawal' ELSE r.kind END;
  v_state text := CASE WHEN r.status = 'rejected' AND r.status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE r.status END;
  v_hour timestamptz := date_bin('1 hour', r.created_at, timestamptz '2000-01-01 00:00:00+00');
  v_day date := ((r.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date;
BEGIN
  INSERT INTO request_rollup AS t (merchant_id, hour, lane, state, n, requested, paid)
  VALUES (r.merchant_id, v_hour, v_lane, v_state, sign, sign * r.requested_amount, sign * r.paid_amount)
  ON CONFLICT (merchant_id, hour, lane, state)
  DO UPDATE SET n = t.n + excluded.n, requested = t.requested + excluded.requested, paid = t.paid + excluded.paid;
  INSERT INTO request_rollup_day AS t (merchant_id, day, lane, state, n, requested, paid)
  VALUES (r.merchant_id, v_day, v_lane, v_state, sign, sign * r.requested_amount, sign * r.paid_amount)
  ON CONFLICT (merchant_id, day, lane, state)
  DO UPDATE SET n = t.n + excluded.n, requested = t.requested + excluded.requested, paid = t.paid + excluded.paid;
  IF v_state IN ('paid', 'approved') AND r.paid_at IS NOT NULL AND v_lane IN ('payin', 'payin_p2p') THEN
    INSERT INTO request_pay_times_day AS t (merchant_id, day, lane, bucket, n)
    VALUES (r.merchant_id, v_day, v_lane, request_pay_time_bucket(r.paid_at - r.created_at), sign)
    ON CONFLICT (merchant_id, day, lane, bucket) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
-- Pay-Ins that ended approved before this migration join the time-to-pay histogram.
INSERT INTO request_pay_times_day AS t (merchant_id, day, lane, bucket, n)
SELECT merchant_id, ((created_at AT TIME ZONE 'UTC') + interval '7 hours')::date, kind, request_pay_time_bucket(paid_at - created_at), count(*)
FROM payment_requests
WHERE status = 'approved' AND paid_at IS NOT NULL AND kind IN ('payin', 'payin_p2p') AND NOT is_withdrawal
GROUP BY 1, 2, 3, 4
ON CONFLICT (merchant_id, day, lane, bucket) DO UPDATE SET n = t.n + excluded.n;
