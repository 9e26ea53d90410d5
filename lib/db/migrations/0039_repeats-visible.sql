-- Sends whose outcome may be unknown (issue 32): each outbound attempt is recorded before its POST
-- leaves and completed after (completed_at), so a crash in between leaves an attempt without an
-- outcome and the next attempt shows as a repeat; attempts recorded before this were complete.
ALTER TABLE "outbound_attempts" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "outbound_attempts" SET "completed_at" = "at";--> statement-breakpoint
-- A staff e-mail's send is marked as started before the SMTP server is given it; a started send
-- found by the next lease (the sender stopped before recording the outcome) is counted, so a
-- repeat shows in the staff e-mail log.
ALTER TABLE "staff_notifications" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD COLUMN "unconfirmed_sends" integer DEFAULT 0 NOT NULL;
