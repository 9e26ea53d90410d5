-- The overview at scale (bench/overview-scale): a 30-day range read ~40k hourly rows per query, so
-- periods and daily charts now read totals per Bangkok day (`request_rollup_day`, 24× fewer rows),
-- and the time-to-pay histogram is kept per Bangkok day only (`request_pay_times_day`: periods are
-- whole days); the hourly totals stay for one day's hourly chart. A Bangkok day is the UTC instant
-- plus 7 hours, as a date (no time-zone database needed; Thailand keeps no summer time).
CREATE TABLE "request_rollup_day" (
  "merchant_id" text NOT NULL,
  "day" date NOT NULL,
  "lane" text NOT NULL,
  "state" text NOT NULL,
  "n" bigint DEFAULT 0 NOT NULL,
  "requested" numeric(18, 2) DEFAULT 0 NOT NULL,
  "paid" numeric(18, 2) DEFAULT 0 NOT NULL,
  PRIMARY KEY ("merchant_id", "day", "lane", "state")
);
--> statement-breakpoint
CREATE INDEX "request_rollup_day_day_idx" ON "request_rollup_day" ("day");
--> statement-breakpoint
CREATE TABLE "request_pay_times_day" (
  "merchant_id" text NOT NULL,
  "day" date NOT NULL,
  "lane" text NOT NULL,
  "bucket" smallint NOT NULL,
  "n" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("merchant_id", "day", "lane", "bucket")
);
--> statement-breakpoint
CREATE INDEX "request_pay_times_day_day_idx" ON "request_pay_times_day" ("day");
--> statement-breakpoint
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
  IF v_state = 'paid' AND r.paid_at IS NOT NULL AND v_lane IN ('payin', 'payin_p2p') THEN
    INSERT INTO request_pay_times_day AS t (merchant_id, day, lane, bucket, n)
    VALUES (r.merchant_id, v_day, v_lane, request_pay_time_bucket(r.paid_at - r.created_at), sign)
    ON CONFLICT (merchant_id, day, lane, bucket) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO request_rollup_day (merchant_id, day, lane, state, n, requested, paid)
SELECT merchant_id, ((hour AT TIME ZONE 'UTC') + interval '7 hours')::date, lane, state, sum(n), sum(requested), sum(paid)
FROM request_rollup GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO request_pay_times_day (merchant_id, day, lane, bucket, n)
SELECT merchant_id, ((hour AT TIME ZONE 'UTC') + interval '7 hours')::date, lane, bucket, sum(n)
FROM request_pay_times GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE "request_pay_times";
--> statement-breakpoint
-- Webhooks that matched nothing, by when they came (the overview counts them per period).
CREATE INDEX "webhook_deliveries_unmatched_idx" ON "webhook_deliveries" ("received_at")
WHERE verdict IN ('unmatched_money', 'unknown_request', 'mismatch', 'malformed', 'contradicted', 'unconfirmed');
--> statement-breakpoint
-- What waits now, per merchant, read from the index alone.
DROP INDEX "payment_requests_waiting_idx";
--> statement-breakpoint
CREATE INDEX "payment_requests_waiting_idx" ON "payment_requests" ("status", "merchant_id", "created_at") INCLUDE ("requested_amount")
WHERE status IN ('awaiting_approval', 'submitting', 'unknown', 'needs_review');
