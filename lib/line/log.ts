import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { LineMessageKind } from "../db/schema";

/** What became of a LINE message: as the e-mail log says it (lib/notify/log.ts). */
export type LineOutcome = "waiting" | "sent" | "skipped" | "failed";

export interface LineLogRow {
  id: number;
  recordedAt: Date;
  kind: LineMessageKind;
  /** To whom: a person (their name) or a group (its name). */
  toPerson: string | null;
  toGroup: string | null;
  requestId: string | null;
  refId1: string | null;
  outcome: LineOutcome;
  skipReason: string | null;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  unconfirmedSends: number;
  repeats: number;
  lastStatus: number | null;
  lastError: string | null;
}

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The latest LINE messages (Settings → LINE → Messages sent), newest first: for an admin who sees
 * every merchant, all of them; for one limited to some merchants, only those about their merchants'
 * requests (a link message names no merchant and is left out).
 */
export async function listLineMessages(db: Db, scope: { merchantIds: string[] | null }, limit = 100): Promise<LineLogRow[]> {
  const inScope =
    scope.merchantIds === null
      ? sql`true`
      : scope.merchantIds.length === 0
        ? sql`false`
        : sql`m.merchant_id in (${sql.join(
            scope.merchantIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const result = await db.execute(sql`
    select m.id, m.created_at, m.kind, s.name as person, g.name as group_name, m.request_id, r.ref_id1, m.outcome, m.skip_reason,
      m.attempts, m.next_attempt_at, m.sent_at, m.unconfirmed_sends, m.repeats, m.last_status, m.last_error
    from line_messages m
    left join staff_users s on s.id = m.staff_id
    left join line_groups g on g.group_id = m.group_id
    left join payment_requests r on r.id = m.request_id
    where ${inScope}
    order by m.id desc limit ${limit}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    recordedAt: date(r.created_at),
    kind: String(r.kind) as LineMessageKind,
    toPerson: r.person === null ? null : String(r.person),
    toGroup: r.group_name === null ? null : String(r.group_name),
    requestId: r.request_id === null ? null : String(r.request_id),
    refId1: r.ref_id1 === null ? null : String(r.ref_id1),
    outcome: r.outcome === null ? "waiting" : (String(r.outcome) as LineOutcome),
    skipReason: r.skip_reason === null ? null : String(r.skip_reason),
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at),
    sentAt: r.sent_at === null ? null : date(r.sent_at),
    unconfirmedSends: Number(r.unconfirmed_sends),
    repeats: Number(r.repeats),
    lastStatus: r.last_status === null ? null : Number(r.last_status),
    lastError: r.last_error === null ? null : String(r.last_error),
  }));
}
