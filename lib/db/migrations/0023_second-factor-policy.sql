-- The admin's rule of which roles must sign in with a second factor (lib/auth/second-factor-policy.ts).
CREATE TABLE "security_settings" (
  "id" text PRIMARY KEY NOT NULL,
  "second_factor_roles" text[] DEFAULT '{}' NOT NULL,
  "updated_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
