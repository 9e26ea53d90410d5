-- A bulk line that failed in a way that made nothing waits for its retry in `next_attempt_at`, as
-- every other queue's item does (lib/jobs/lease.ts), instead of in its lease: a line waiting to be
-- tried again is then seen as waiting, not as held by a pass. Lines already waiting so move over.
ALTER TABLE "payout_batch_rows" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payout_batch_rows" SET "next_attempt_at" = "lease_until", "lease_until" = NULL
  WHERE "outcome" IS NULL AND "last_error" IS NOT NULL AND "lease_until" > now();
