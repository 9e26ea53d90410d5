-- A slip's QR as the server read it (lib/slips/qr.ts) and staff's decision on it (lib/slips/decide.ts):
-- whether it matches its request, with a note, by whom and when. The decision changes no request.
ALTER TABLE "slips" ADD COLUMN "qr_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "qr_kind" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "qr_bank" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "qr_reference" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "qr_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_qr_kind" CHECK ("qr_kind" is null or "qr_kind" in ('slip', 'payment_qr', 'other', 'none'));--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_decision" CHECK ("decision" is null or "decision" in ('matches', 'does_not_match'));--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_decision_whole" CHECK (("decision" is null) = ("decided_at" is null) and ("decision" is distinct from 'does_not_match' or coalesce(length("decision_note"), 0) > 0) and coalesce(length("decision_note"), 0) <= 500);--> statement-breakpoint
CREATE INDEX "slips_qr_reference_idx" ON "slips" ("qr_reference") WHERE "qr_reference" is not null;
