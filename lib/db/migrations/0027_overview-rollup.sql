-- The overview's figures (lib/overview/figures.ts) read hourly totals, not the requests: a 30-day
-- range over a million requests must answer in milliseconds. `request_rollup` counts requests and
-- sums their amounts per merchant, created hour, lane (payin, payin_p2p, payout, withdrawal) and
-- state as staff see it (a rejection for expiry is "expired"); `request_pay_times` counts paid
-- Pay-Ins per created hour and time-to-pay bucket (5 % wide, from 1 s), for median and p90. A
-- trigger keeps both in step with payment_requests in the same statement that changes a request,
-- so they can never drift from the rows (and equal what the CSV export adds up to). Hours are
-- whole UTC hours (date_bin, not the session's time zone); Bangkok is UTC+7, so its days are whole
-- hours too.
CREATE TABLE "request_rollup" (
  "merchant_id" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "lane" text NOT NULL,
  "state" text NOT NULL,
  "n" bigint DEFAULT 0 NOT NULL,
  "requested" numeric(18, 2) DEFAULT 0 NOT NULL,
  "paid" numeric(18, 2) DEFAULT 0 NOT NULL,
  PRIMARY KEY ("merchant_id", "hour", "lane", "state")
);
--> statement-breakpoint
CREATE INDEX "request_rollup_hour_idx" ON "request_rollup" ("hour");
--> statement-breakpoint
CREATE TABLE "request_pay_times" (
  "merchant_id" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "lane" text NOT NULL,
  "bucket" smallint NOT NULL,
  "n" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("merchant_id", "hour", "lane", "bucket")
);
--> statement-breakpoint
CREATE INDEX "request_pay_times_hour_idx" ON "request_pay_times" ("hour");
--> statement-breakpoint
CREATE FUNCTION "request_rollup_add"("r" "payment_requests", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_lane text := CASE WHEN r.is_withdrawal THEN 'withdrawal' ELSE r.kind END;
  v_state text := CASE WHEN r.status = 'rejected' AND r.status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE r.status END;
  v_hour timestamptz := date_bin('1 hour', r.created_at, timestamptz '2000-01-01 00:00:00+00');
BEGIN
  INSERT INTO request_rollup AS t (merchant_id, hour, lane, state, n, requested, paid)
  VALUES (r.merchant_id, v_hour, v_lane, v_state, sign, sign * r.requested_amount, sign * r.paid_amount)
  ON CONFLICT (merchant_id, hour, lane, state)
  DO UPDATE SET n = t.n + excluded.n, requested = t.requested + excluded.requested, paid = t.paid + excluded.paid;
  IF v_state = 'paid' AND r.paid_at IS NOT NULL AND v_lane IN ('payin', 'payin_p2p') THEN
    INSERT INTO request_pay_times AS t (merchant_id, hour, lane, bucket, n)
    VALUES (r.merchant_id, v_hour, v_lane, request_pay_time_bucket(r.paid_at - r.created_at), sign)
    ON CONFLICT (merchant_id, hour, lane, bucket) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "request_rollup_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.status_code IS NOT DISTINCT FROM NEW.status_code
       AND OLD.paid_amount = NEW.paid_amount AND OLD.requested_amount = NEW.requested_amount
       AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at AND OLD.created_at = NEW.created_at
       AND OLD.merchant_id = NEW.merchant_id AND OLD.kind = NEW.kind AND OLD.is_withdrawal = NEW.is_withdrawal THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM request_rollup_add(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM request_rollup_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "request_pay_time_bucket"("took" interval) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT least(32000, greatest(0, floor(ln(greatest(extract(epoch FROM took), 1)) / ln(1.05))))::smallint
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_requests_rollup"
AFTER INSERT OR DELETE OR UPDATE OF status, status_code, paid_amount, requested_amount, paid_at, created_at, merchant_id, kind, is_withdrawal
ON "payment_requests" FOR EACH ROW EXECUTE FUNCTION request_rollup_trigger();
--> statement-breakpoint
INSERT INTO request_rollup (merchant_id, hour, lane, state, n, requested, paid)
SELECT merchant_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'),
       CASE WHEN is_withdrawal THEN 'withdrawal' ELSE kind END,
       CASE WHEN status = 'rejected' AND status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE status END,
       count(*), sum(requested_amount), sum(paid_amount)
FROM payment_requests GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO request_pay_times (merchant_id, hour, lane, bucket, n)
SELECT merchant_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'), kind, request_pay_time_bucket(paid_at - created_at), count(*)
FROM payment_requests
WHERE status = 'paid' AND paid_at IS NOT NULL AND kind IN ('payin', 'payin_p2p') AND NOT is_withdrawal
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- What is waiting now (the overview's approvals and reconciliation figures), without reading the settled rows.
CREATE INDEX "payment_requests_waiting_idx" ON "payment_requests" ("status", "created_at")
WHERE status IN ('awaiting_approval', 'submitting', 'unknown', 'needs_review');
