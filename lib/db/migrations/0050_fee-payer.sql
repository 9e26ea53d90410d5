-- Who bears a Pay-Out's or Withdrawal's transfer fee (lib/requests/contract.ts FEE_PAYERS, the
-- provider's PayoutFeePayer, docs/provider-facts.md §9.3): the merchant (the default, and every
-- request before this column) or the recipient. The overview's totals count the fee the merchant's
-- wallet bore, so their net is what the wallet moved, as each request's `net` is (lib/requests/fees.ts).
ALTER TABLE "payment_requests" ADD COLUMN "fee_payer" text DEFAULT 'merchant' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_fee_payer" CHECK ("fee_payer" = 'merchant' or ("fee_payer" = 'beneficiary' and "kind" in ('payout', 'withdrawal')));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "request_rollup_add"("r" "payment_requests", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_lane text := CASE WHEN r.is_withdrawal THEN 'withdrawal' ELSE r.kind END;
  v_state text := CASE WHEN r.status = 'rejected' AND r.status_code = 'ERR_EXPIRED_REQUEST' THEN 'expired' ELSE r.status END;
  v_hour timestamptz := date_bin('1 hour', r.created_at, timestamptz '2000-01-01 00:00:00+00');
  v_day date := ((r.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date;
  -- The recipient's fee is not the wallet's: none of it counts, and the net is known without it.
  v_fee numeric := CASE WHEN r.fee_payer = 'beneficiary' AND r.paid_amount > 0 THEN 0 ELSE request_fee(r) END;
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
