ALTER TABLE "staff_users" ADD COLUMN "sessions_valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "kept_session_id" text;
