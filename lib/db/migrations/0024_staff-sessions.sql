-- Each sign-in as a row (lib/auth/sessions.ts): the account page lists a person's sessions (device,
-- IP, first and last seen) and ends any of them; `step_up_at` is when this session last passed a
-- fresh second-factor check (lib/auth/step-up.ts).
CREATE TABLE "staff_sessions" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "staff_users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ip" text,
  "user_agent" text,
  "step_up_at" timestamp with time zone,
  "ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" ("user_id", "created_at");
