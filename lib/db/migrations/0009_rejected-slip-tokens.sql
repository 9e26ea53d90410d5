CREATE TABLE "rejected_slip_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
