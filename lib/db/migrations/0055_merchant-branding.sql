-- The merchant's look on the customer's pages and receipts (lib/merchants/branding.ts): a colour
-- dark enough for white text and for text on white, and a logo PayDesk re-encoded itself (PNG, at
-- most 480 × 160 px and 64 KB), with its size for the page's layout and a version for caches. The
-- logo has a table of its own, so reading a merchant never carries its bytes.
ALTER TABLE "merchants" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_brand_color_hex" CHECK ("brand_color" IS NULL OR "brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
CREATE TABLE "merchant_logos" (
  "merchant_id" text PRIMARY KEY NOT NULL REFERENCES "merchants"("id") ON DELETE CASCADE,
  "png" bytea NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "version" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "merchant_logos_small" CHECK (octet_length("png") <= 65536 AND "width" BETWEEN 1 AND 480 AND "height" BETWEEN 1 AND 160)
);
