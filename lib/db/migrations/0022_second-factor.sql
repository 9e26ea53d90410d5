-- Two-factor sign-in with an authenticator app (docs/DESIGN.md §9): the TOTP secret sealed by the
-- key vault (a pending one while the person confirms it with a first code), the last time step a
-- code was accepted for (a code is never accepted twice), and single-use recovery codes, hashed.
ALTER TABLE "staff_users" ADD COLUMN "totp_secret_encrypted" text;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_secret_encrypted" text;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "staff_users"("id"),
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_idx" ON "staff_recovery_codes" ("user_id");
