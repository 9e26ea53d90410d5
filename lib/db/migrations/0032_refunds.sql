-- Refunds (lib/refunds): a refund is a Pay-Out that names the paid Pay-In it gives money back for.
-- What is left to refund is the Pay-In's paid amount less its refunds that may still move money,
-- checked under a lock on the Pay-In in the refund's own insert transaction.
ALTER TABLE "payment_requests" ADD COLUMN "refund_of" text REFERENCES "payment_requests"("id");
--> statement-breakpoint
CREATE INDEX "payment_requests_refund_of_idx" ON "payment_requests" ("refund_of") WHERE "refund_of" is not null;
