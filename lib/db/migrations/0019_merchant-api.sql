-- The merchant API (docs/DESIGN.md §13): API keys per merchant, the Idempotency-Key store shared
-- by every instance, and what a request made through the API keeps beside it.
CREATE TABLE "api_keys" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "name" text NOT NULL,
  "mode" text NOT NULL,
  "secret_hash" text NOT NULL,
  "scopes" text[] NOT NULL,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "revoked_by" text,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text
);
--> statement-breakpoint
CREATE INDEX "api_keys_merchant_idx" ON "api_keys" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE TABLE "api_idempotency" (
  "key_id" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "fingerprint" text NOT NULL,
  "locked_until" timestamp with time zone,
  "status" integer,
  "body" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("key_id", "idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" ("created_at");
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "return_url" text;
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "cancel_url" text;
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "metadata" jsonb;
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "api_key_id" text;
--> statement-breakpoint
CREATE INDEX "payment_requests_reference_idx" ON "payment_requests" ("merchant_id", "reference");
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "allowed_return_origins" text[] DEFAULT '{}' NOT NULL;
