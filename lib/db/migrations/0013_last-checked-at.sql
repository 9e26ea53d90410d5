ALTER TABLE "payment_requests" ADD COLUMN "last_checked_at" timestamp with time zone;
