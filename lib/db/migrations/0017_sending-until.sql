ALTER TABLE "payment_requests" ADD COLUMN "sending_until" timestamp with time zone;
