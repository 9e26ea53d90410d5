CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"merchant_id" text,
	"target" text,
	"ip" text,
	"outcome" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"org_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"submit_key_encrypted" text NOT NULL,
	"submit_key_last4" text NOT NULL,
	"read_key_encrypted" text,
	"read_key_last4" text,
	"webhook_secret_hash" text,
	"webhook_secret_previous_hash" text,
	"webhook_secret_previous_until" timestamp with time zone,
	"payin_min" numeric(14, 2),
	"payin_max" numeric(14, 2),
	"payout_approval_threshold" numeric(14, 2),
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"is_withdrawal" boolean DEFAULT false NOT NULL,
	"ref_id1" text NOT NULL,
	"ref_id2" text,
	"ref_id3" text,
	"payer_name" text,
	"requested_amount" numeric(14, 2) NOT NULL,
	"generated_amount" numeric(14, 2),
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"status_code" text,
	"status_reason" text,
	"provider_id" text,
	"provider_response" jsonb,
	"idempotency_key" text NOT NULL,
	"submission" text DEFAULT 'submitting' NOT NULL,
	"checkout_token" text,
	"created_by" text,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"merchant_ids" text[],
	"is_disabled" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_job_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text,
	"merchant_id" text,
	"request_id" text,
	"verdict" text NOT NULL,
	"reason" text,
	"raw_body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_provider_key" ON "merchants" USING btree ("org_id","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_ref_key" ON "payment_requests" USING btree ("merchant_id","ref_id1");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_idempotency_key" ON "payment_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_requests_merchant_created_idx" ON "payment_requests" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_requests_provider_id_idx" ON "payment_requests" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "payment_requests_open_idx" ON "payment_requests" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "provider_calls_window_idx" ON "provider_calls" USING btree ("provider","at");--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_job_key" ON "webhook_deliveries" USING btree ("provider_job_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_idx" ON "webhook_deliveries" USING btree ("received_at" DESC NULLS LAST);