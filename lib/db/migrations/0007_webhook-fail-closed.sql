ALTER TABLE "merchants" ADD COLUMN "apply_unconfirmed_webhooks" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "webhook_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"header" text NOT NULL,
	"problem" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_refusal_minutes" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL
);
