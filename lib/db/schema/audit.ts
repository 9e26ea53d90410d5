/** Who did what in the console, in words of facts (lib/audit). */
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    merchantId: text("merchant_id"),
    target: text("target"),
    ip: text("ip"),
    outcome: text("outcome").notNull(),
    data: jsonb("data"),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);
