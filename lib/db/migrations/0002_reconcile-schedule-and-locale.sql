ALTER TABLE "payment_requests" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "check_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE INDEX "payment_requests_next_check_idx" ON "payment_requests" USING btree ("next_check_at");