-- E-mail to staff (lib/notify): one row per person and request they should hear of, written in the
-- transaction of the change itself, and sent by the notify loop (at least once, recorded).
CREATE TABLE "staff_notifications" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "staff_id" text NOT NULL REFERENCES "staff_users"("id"),
  "request_id" text NOT NULL REFERENCES "payment_requests"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "outcome" text,
  "sent_at" timestamp with time zone,
  "email" text,
  "message_id" text,
  "last_error" text,
  CONSTRAINT "staff_notifications_once" UNIQUE ("kind", "staff_id", "request_id"),
  CONSTRAINT "staff_notifications_outcome" CHECK ("outcome" in ('sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "staff_notifications_due_idx" ON "staff_notifications" ("next_attempt_at") WHERE "outcome" is null;
--> statement-breakpoint
CREATE INDEX "staff_notifications_request_idx" ON "staff_notifications" ("request_id");
