ALTER TABLE "provider_calls" ADD COLUMN "lane" text;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "waited_ms" integer;
