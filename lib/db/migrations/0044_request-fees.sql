-- The provider's fee on each request (docs/DESIGN.md §4): the rate its record states
-- (payInFeePct / payoutFeePct, fixed by the provider when the request was made), whether the
-- merchant's pay-ins discard the satang (discardCent), and the fee as the provider stated it in a
-- webhook (PAYIN_FEE / PAYOUT_FEE). lib/requests/fees.ts turns them into fee and net figures.
ALTER TABLE "payment_requests" ADD COLUMN "fee_pct" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "discard_cent" boolean;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "fee_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_fee_pct" CHECK ("payment_requests"."fee_pct" is null or ("payment_requests"."fee_pct" >= 0 and "payment_requests"."fee_pct" <= 100));--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_fee_amount" CHECK ("payment_requests"."fee_amount" is null or "payment_requests"."fee_amount" >= 0);
