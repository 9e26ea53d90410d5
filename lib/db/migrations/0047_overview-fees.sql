-- The overview's money in and out, gross and net (docs/DESIGN.md §15): the hourly and daily totals
-- also sum each request's provider fee, by the one fee rule (lib/requests/fees.ts `feesOf`; its SQL
-- twin `request_fee` here and lib/wallet/statement.ts FEE_SQL, both held against it by tests): the
-- fee a webhook stated, else the recorded rate applied to what was paid, rounded to the satang half
-- away from zero, a discarding merchant's Pay-In credit's satang added to it; null when nothing is
-- paid or nothing is known. `fee_paid` is what was paid of the requests whose fee is known, so net
-- (fee_paid ∓ fee) is the sum of the requests' own net figures, as the CSV's `net` column adds up.
-- A fee learnt later (a rate, a stated fee) moves the totals like any change.
ALTER TABLE "request_rollup" ADD COLUMN "fee" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_rollup" ADD COLUMN "fee_paid" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_rollup_day" ADD COLUMN "fee" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_rollup_day" ADD COLUMN "fee_paid" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "request_fee"("r" "payment_requests") RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN r.paid_amount <= 0 THEN NULL
    WHEN r.fee_amount IS NOT NULL THEN r.fee_amount
    WHEN r.fee_pct IS NULL THEN NULL
    WHEN r.kind = 'payin' AND r.discard_cent THEN round(r.paid_amount * r.fee_pct / 100, 2)
      + mod(r.paid_amount - round(r.paid_amount * r.fee_pct / 100, 2), 1)
    ELSE round(r.paid_amount * r.fee_pct / 100, 2) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "request_rollup_add"("r" "payment_requests", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_lane text := CASE WHEN r.is_withdrawal THEN 'withdrawal' ELSE r.kind END;
  v_state text := CASE WHEN r.status = 'rejected' AND r.status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE r.status END;
  v_hour timestamptz := date_bin('1 hour', r.created_at, timestamptz '2000-01-01 00:00:00+00');
  v_day date := ((r.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date;
  v_fee numeric := request_fee(r);
  v_fee_paid numeric := CASE WHEN v_fee IS NULL THEN 0 ELSE r.paid_amount END;
BEGIN
  INSERT INTO request_rollup AS t (merchant_id, hour, lane, state, n, requested, paid, fee, fee_paid)
  VALUES (r.merchant_id, v_hour, v_lane, v_state, sign, sign * r.requested_amount, sign * r.paid_amount, sign * coalesce(v_fee, 0), sign * v_fee_paid)
  ON CONFLICT (merchant_id, hour, lane, state)
  DO UPDATE SET n = t.n + excluded.n, requested = t.requested + excluded.requested, paid = t.paid + excluded.paid,
    fee = t.fee + excluded.fee, fee_paid = t.fee_paid + excluded.fee_paid;
  INSERT INTO request_rollup_day AS t (merchant_id, day, lane, state, n, requested, paid, fee, fee_paid)
  VALUES (r.merchant_id, v_day, v_lane, v_state, sign, sign * r.requested_amount, sign * r.paid_amount, sign * coalesce(v_fee, 0), sign * v_fee_paid)
  ON CONFLICT (merchant_id, day, lane, state)
  DO UPDATE SET n = t.n + excluded.n, requested = t.requested + excluded.requested, paid = t.paid + excluded.paid,
    fee = t.fee + excluded.fee, fee_paid = t.fee_paid + excluded.fee_paid;
  IF v_state IN ('paid', 'approved') AND r.paid_at IS NOT NULL AND v_lane IN ('payin', 'payin_p2p') THEN
    INSERT INTO request_pay_times_day AS t (merchant_id, day, lane, bucket, n)
    VALUES (r.merchant_id, v_day, v_lane, request_pay_time_bucket(r.paid_at - r.created_at), sign)
    ON CONFLICT (merchant_id, day, lane, bucket) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "request_rollup_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.status_code IS NOT DISTINCT FROM NEW.status_code
       AND OLD.paid_amount = NEW.paid_amount AND OLD.requested_amount = NEW.requested_amount
       AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at AND OLD.created_at = NEW.created_at
       AND OLD.merchant_id = NEW.merchant_id AND OLD.kind = NEW.kind AND OLD.is_withdrawal = NEW.is_withdrawal
       AND OLD.fee_amount IS NOT DISTINCT FROM NEW.fee_amount AND OLD.fee_pct IS NOT DISTINCT FROM NEW.fee_pct
       AND OLD.discard_cent IS NOT DISTINCT FROM NEW.discard_cent THEN
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
DROP TRIGGER "payment_requests_rollup" ON "payment_requests";--> statement-breakpoint
CREATE TRIGGER "payment_requests_rollup"
AFTER INSERT OR DELETE OR UPDATE OF status, status_code, paid_amount, requested_amount, paid_at, created_at, merchant_id, kind, is_withdrawal, fee_amount, fee_pct, discard_cent
ON "payment_requests" FOR EACH ROW EXECUTE FUNCTION request_rollup_trigger();
--> statement-breakpoint
-- The fees of the requests already counted.
UPDATE "request_rollup" t SET "fee" = s."fee", "fee_paid" = s."fee_paid"
FROM (
  SELECT merchant_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') AS hour,
         CASE WHEN is_withdrawal THEN 'withdrawal' ELSE kind END AS lane,
         CASE WHEN status = 'rejected' AND status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE status END AS state,
         coalesce(sum(request_fee(p)), 0) AS fee,
         coalesce(sum(p.paid_amount) FILTER (WHERE request_fee(p) IS NOT NULL), 0) AS fee_paid
  FROM payment_requests p WHERE paid_amount > 0 GROUP BY 1, 2, 3, 4
) s
WHERE t.merchant_id = s.merchant_id AND t.hour = s.hour AND t.lane = s.lane AND t.state = s.state;
--> statement-breakpoint
UPDATE "request_rollup_day" t SET "fee" = s."fee", "fee_paid" = s."fee_paid"
FROM (
  SELECT merchant_id, ((created_at AT TIME ZONE 'UTC') + interval '7 hours')::date AS day,
         CASE WHEN is_withdrawal THEN 'withdrawal' ELSE kind END AS lane,
         CASE WHEN status = 'rejected' AND status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE status END AS state,
         coalesce(sum(request_fee(p)), 0) AS fee,
         coalesce(sum(p.paid_amount) FILTER (WHERE request_fee(p) IS NOT NULL), 0) AS fee_paid
  FROM payment_requests p WHERE paid_amount > 0 GROUP BY 1, 2, 3, 4
) s
WHERE t.merchant_id = s.merchant_id AND t.day = s.day AND t.lane = s.lane AND t.state = s.state;
