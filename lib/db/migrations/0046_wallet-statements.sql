-- The provider's wallet movements as PayDesk read them (lib/wallet/statement.ts, docs/DESIGN.md §4):
-- one row per movement, its Bangkok day, what its tags name (a payment tx with its RefId1, or a
-- pay-out request) and the PayDesk request it was matched to; and per merchant and Bangkok day the
-- statement worked out from them: opening and closing balance, credits, debits, fees, and what did
-- not reconcile.
CREATE TABLE "wallet_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"previous_balance" numeric(16, 2),
	"current_balance" numeric(16, 2),
	"tags" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"ref_kind" text,
	"ref_id" text,
	"ref_id1" text,
	"request_id" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_direction" CHECK ("wallet_transactions"."direction" in ('credit', 'debit')),
	CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" >= 0)
);--> statement-breakpoint
CREATE TABLE "wallet_statements" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"opening" numeric(16, 2),
	"credits" numeric(16, 2) DEFAULT '0' NOT NULL,
	"debits" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"closing" numeric(16, 2),
	"movements" integer DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"read_calls" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "wallet_statements_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_statements" ADD CONSTRAINT "wallet_statements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_transactions_day_idx" ON "wallet_transactions" USING btree ("merchant_id","day","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_request_idx" ON "wallet_transactions" USING btree ("request_id");
