-- A bulk file's line may refund a paid Pay-In (its `refund_of` column): the Pay-In it names,
-- resolved when the file is checked; the refund is checked again, locked, when the line is made.
ALTER TABLE "payout_batch_rows" ADD COLUMN "refund_of" text REFERENCES "payment_requests"("id");
