CREATE TABLE "slips" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first4" text,
	"last4" text,
	"note" text,
	"image" bytea NOT NULL,
	"image_type" text NOT NULL,
	"thumbnail" bytea NOT NULL,
	"thumbnail_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	CONSTRAINT "slips_image_size" CHECK (octet_length("slips"."image") between 1 and 5242880 and "slips"."byte_size" = octet_length("slips"."image")),
	CONSTRAINT "slips_thumbnail_size" CHECK (octet_length("slips"."thumbnail") between 1 and 262144)
);
--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slips_request_idx" ON "slips" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "slips_merchant_created_idx" ON "slips" USING btree ("merchant_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "slips_created_idx" ON "slips" USING btree ("created_at" desc,"id" desc);
