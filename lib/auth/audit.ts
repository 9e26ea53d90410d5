import "server-only";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { auditLog } from "../db/schema";
import type { AuditAction } from "../audit/actions";

/**
 * One row per thing a person did (or tried): who, what, which merchant, on what, from where, and
 * how it ended. Written by the action wrapper for every mutation and by sign-in for every attempt.
 */
export type AuditOutcome = "ok" | "failed" | "denied" | "not_found" | "locked" | "disabled" | "error";

export interface AuditEntry {
  actorId: string | null;
  /** Dotted name of the action: `auth.sign-in`, `payout.create`, … — one of lib/audit/actions.ts (which has its words). */
  action: AuditAction;
  outcome: AuditOutcome;
  merchantId?: string | null;
  target?: string | null;
  ip?: string | null;
  data?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  // A prepared statement (parsed and planned once per connection): every action writes one.
  const insert = db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    outcome: entry.outcome,
    merchantId: entry.merchantId ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    data: entry.data ?? null,
  });
  await executePrepared(db, insert.getSQL());
}
