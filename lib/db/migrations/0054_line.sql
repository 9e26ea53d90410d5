-- LINE (lib/line): the merchant's Official Account channel, its webhook events (stored first, once per
-- webhookEventId), staff members' linked LINE accounts and the link offers and nonces that make them,
-- the groups the bot is in, and each person's LINE choices.
CREATE TABLE "line_channel" (
  "id" text PRIMARY KEY DEFAULT 'line' NOT NULL,
  "access_token_sealed" text NOT NULL,
  "secret_sealed" text NOT NULL,
  "bot_user_id" text NOT NULL,
  "basic_id" text NOT NULL,
  "display_name" text NOT NULL,
  "connected_by" text REFERENCES "staff_users"("id"),
  "connected_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "line_channel_one" CHECK ("id" = 'line')
);--> statement-breakpoint
CREATE TABLE "line_events" (
  "webhook_event_id" text PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "event" jsonb NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  "repeats" integer DEFAULT 0 NOT NULL,
  "handled_at" timestamp with time zone,
  "outcome" text
);--> statement-breakpoint
CREATE INDEX "line_events_unhandled_idx" ON "line_events" ("received_at") WHERE "handled_at" is null;--> statement-breakpoint
CREATE TABLE "line_accounts" (
  "staff_id" text PRIMARY KEY NOT NULL REFERENCES "staff_users"("id"),
  "line_user_id" text NOT NULL UNIQUE,
  "linked_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "line_link_offers" (
  "link_token" text PRIMARY KEY NOT NULL,
  "line_user_id" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "line_link_nonces" (
  "nonce_hash" text PRIMARY KEY NOT NULL,
  "staff_id" text NOT NULL REFERENCES "staff_users"("id"),
  "line_user_id" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "line_groups" (
  "group_id" text PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL,
  "left_at" timestamp with time zone,
  "merchant_id" text REFERENCES "merchants"("id"),
  "kinds" text[] DEFAULT '{}' NOT NULL
);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "line_off" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "line_paid_threshold" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "line_summary_time" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "line_summary_since" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "line_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "dedupe_key" text NOT NULL UNIQUE,
  "to_line_id" text NOT NULL,
  "staff_id" text REFERENCES "staff_users"("id"),
  "group_id" text,
  "request_id" text,
  "merchant_id" text,
  "messages" jsonb,
  "retry_key" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "send_started_at" timestamp with time zone,
  "unconfirmed_sends" integer DEFAULT 0 NOT NULL,
  "repeats" integer DEFAULT 0 NOT NULL,
  "outcome" text,
  "skip_reason" text,
  "sent_at" timestamp with time zone,
  "line_request_id" text,
  "last_status" integer,
  "last_error" text,
  CONSTRAINT "line_messages_outcome" CHECK ("outcome" in ('sent', 'skipped', 'failed'))
);--> statement-breakpoint
CREATE INDEX "line_messages_due_idx" ON "line_messages" ("next_attempt_at") WHERE "outcome" is null;--> statement-breakpoint
CREATE INDEX "line_messages_staff_idx" ON "line_messages" ("staff_id", "created_at");
