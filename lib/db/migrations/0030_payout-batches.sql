-- Bulk Pay-Outs (lib/bulk): an uploaded file, checked row by row, then made into requests by the
-- bulk loop once a person confirms it.
CREATE TABLE "payout_batches" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "file_name" text NOT NULL,
  "file_sha256" text NOT NULL,
  "encoding" text NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "row_count" integer NOT NULL,
  "valid_count" integer NOT NULL,
  "total_satang" bigint NOT NULL,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "confirmed_by" text,
  "confirmed_at" timestamp with time zone,
  "done_at" timestamp with time zone,
  CONSTRAINT "payout_batches_status" CHECK ("status" in ('draft', 'confirmed', 'done', 'canceled'))
);
--> statement-breakpoint
CREATE INDEX "payout_batches_merchant_idx" ON "payout_batches" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX "payout_batches_file_idx" ON "payout_batches" ("merchant_id", "file_sha256");
--> statement-breakpoint
CREATE TABLE "payout_batch_rows" (
  "batch_id" text NOT NULL REFERENCES "payout_batches"("id"),
  "line" integer NOT NULL,
  "cells" jsonb NOT NULL,
  "pay_out" jsonb,
  "problems" jsonb,
  "request_id" text,
  "outcome" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "lease_until" timestamp with time zone,
  "last_error" text,
  CONSTRAINT "payout_batch_rows_batch_id_line_pk" PRIMARY KEY ("batch_id", "line")
);
--> statement-breakpoint
CREATE INDEX "payout_batch_rows_todo_idx" ON "payout_batch_rows" ("batch_id") WHERE "outcome" is null and "pay_out" is not null;
