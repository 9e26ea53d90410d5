-- Ordered outbound events (docs/DESIGN.md §14): each event about a request carries the request's
-- next sequence number, taken in the statement that writes the event, so a receiver that gets a
-- late retry after a newer event can tell and ignore it. The outbox's copy of the row carries it.
ALTER TABLE "payment_requests" ADD COLUMN "event_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Events already in the outbox are numbered in the order they were written, and each request goes on from its last.
WITH "numbered" AS (
  SELECT "id", row_number() OVER (PARTITION BY "request_id" ORDER BY "created_at", "id") AS "seq"
  FROM "outbound_events" WHERE "request_id" IS NOT NULL
)
UPDATE "outbound_events" e SET "request_row" = e."request_row" || jsonb_build_object('event_seq', n."seq")
FROM "numbered" n WHERE n."id" = e."id";--> statement-breakpoint
UPDATE "payment_requests" r SET "event_seq" = c."n"
FROM (SELECT "request_id", count(*)::integer AS "n" FROM "outbound_events" WHERE "request_id" IS NOT NULL GROUP BY "request_id") c
WHERE c."request_id" = r."id";
