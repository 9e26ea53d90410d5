-- The most a single Pay-Out or Withdrawal of the merchant may be (Settings → Merchants), checked by the
-- console form, bulk files and the merchant API alike. Existing merchants get the default, 2,000,000 THB.
ALTER TABLE "merchants" ADD COLUMN "payout_ceiling" numeric(14, 2) DEFAULT '2000000.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_payout_ceiling_positive" CHECK ("merchants"."payout_ceiling" > 0);
