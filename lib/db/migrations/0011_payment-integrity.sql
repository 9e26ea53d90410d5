ALTER TABLE "payment_requests" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- When each request was first sent: at its creation, or at its approval when it was held for one.
UPDATE "payment_requests" AS r SET "submitted_at" = coalesce(
  (SELECT min(e."at") FROM "request_events" e WHERE e."request_id" = r."id" AND e."type" = 'approval_granted' AND e."data" -> 'outcome' ->> 'to' = 'submitting'),
  r."created_at")
WHERE r."status" NOT IN ('awaiting_approval', 'canceled');--> statement-breakpoint
-- No two rows may claim one provider request. Where earlier versions let that happen (an unknown
-- submit settled onto a request that was not its own), the first row keeps it and the others are
-- left to a person, with the provider id they claimed kept on their timeline.
WITH "ranked" AS (
  SELECT "id", "status", "provider_id", row_number() OVER (PARTITION BY "provider_id" ORDER BY "created_at", "id") AS "n"
  FROM "payment_requests" WHERE "provider_id" IS NOT NULL),
"detached" AS (
  UPDATE "payment_requests" AS r SET "provider_id" = NULL, "status" = 'needs_review', "status_code" = 'PROVIDER_ID_SHARED',
    "status_reason" = 'another request already holds the provider request ' || ranked."provider_id", "next_check_at" = NULL, "updated_at" = now()
  FROM "ranked" WHERE ranked."id" = r."id" AND ranked."n" > 1
  RETURNING r."id", ranked."provider_id", ranked."status")
INSERT INTO "request_events" ("request_id", "type", "actor", "data")
SELECT "id", 'submit_unresolved', 'paydesk', jsonb_build_object('code', 'PROVIDER_ID_SHARED', 'providerId', "provider_id", 'outcome', jsonb_build_object('from', "status", 'to', 'needs_review'))
FROM "detached";--> statement-breakpoint
DROP INDEX "payment_requests_provider_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_provider_id_key" ON "payment_requests" USING btree ("provider_id") WHERE "payment_requests"."provider_id" is not null;--> statement-breakpoint
-- A paid Pay-In collected what its customer was asked to pay; earlier versions left 0.
UPDATE "payment_requests" SET "paid_amount" = coalesce("generated_amount", "requested_amount")
WHERE "kind" IN ('payin', 'payin_p2p') AND "status" IN ('paid', 'approved') AND "paid_amount" = 0;--> statement-breakpoint
-- When it was paid, where the timeline knows: the entry that moved it to paid or approved.
UPDATE "payment_requests" AS r SET "paid_at" = (
  SELECT min(e."at") FROM "request_events" e WHERE e."request_id" = r."id" AND e."data" -> 'outcome' ->> 'to' IN ('paid', 'approved'))
WHERE r."status" IN ('paid', 'approved');
