-- The provider's wallet per merchant as PayDesk last read it (lib/wallet/balance.ts, docs/DESIGN.md
-- §4): its id, its balance and when it was read, and the last failure to read it. Shared by every
-- instance, so the balance a page shows says how old it is wherever it was read.
CREATE TABLE "merchant_wallets" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"wallet_id" text,
	"balance" numeric(16, 2),
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure" text
);--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD CONSTRAINT "merchant_wallets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
