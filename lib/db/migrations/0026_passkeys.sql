-- Passkeys (WebAuthn, lib/auth/passkeys.ts): a person's registered authenticators, each with the
-- public key it signs with and its signature counter; and the challenges handed out for a
-- registration, a sign-in or a step-up, each good once and for 5 minutes.
CREATE TABLE "staff_passkeys" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "staff_users"("id"),
  "credential_id" text NOT NULL,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" text[] DEFAULT '{}' NOT NULL,
  "name" text NOT NULL,
  "backed_up" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_passkeys_credential_key" ON "staff_passkeys" ("credential_id");
--> statement-breakpoint
CREATE INDEX "staff_passkeys_user_idx" ON "staff_passkeys" ("user_id");
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
  "id" text PRIMARY KEY NOT NULL,
  "challenge" text NOT NULL,
  "purpose" text NOT NULL,
  "user_id" text REFERENCES "staff_users"("id"),
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" ("expires_at");
