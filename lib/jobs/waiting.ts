import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dueDay, RETRY_FAILED_MS } from "../wallet/statement-worker";

/** The queues the background loops (./loop.ts) work through, named as their loops are. */
export const QUEUES = ["reconcile", "outbound", "bulk", "notify", "line", "statement"] as const;
export type QueueName = (typeof QUEUES)[number];

/** What waits in one queue, across every instance (read from the database). */
export interface QueueFigures {
  queue: QueueName;
  /** Due now and held by nobody: the next pass anywhere takes these. */
  due: number;
  /** Held by a pass under a lease now. */
  held: number;
  /** Waiting for a later time: a scheduled check, a retry's back-off, a failed statement's next try. */
  later: number;
  /** Of `due` and `later`, those tried before and not done (a retry, or a repeat after a crash). */
  retrying: number;
  /** How long the longest-due item has been due, in seconds (0 when none is). */
  oldestDueSeconds: number;
}

const free = (alias: string) => sql.raw(`(${alias}.lease_until is null or ${alias}.lease_until < now())`);
const held = (alias: string) => sql.raw(`(${alias}.lease_until >= now())`);

/**
 * One statement, one row per queue, each through the indexes its loop already uses (open requests'
 * next check, pending deliveries, a confirmed file's lines to make, unsettled e-mail, statements
 * of the day the statement loop works on). What "due", "held" and "later" mean is lib/jobs/lease.ts's, for every queue.
 */
export async function whatWaits(db: Db, now = new Date()): Promise<QueueFigures[]> {
  const figures = (queue: QueueName, alias: string, dueAt: string, tried: string) => {
    const due = sql`${sql.raw(dueAt)} <= now() and ${free(alias)}`;
    return sql`select ${sql.raw(`'${queue}'`)} as queue,
      count(*) filter (where ${due})::int as due,
      count(*) filter (where ${held(alias)})::int as held,
      count(*) filter (where ${sql.raw(dueAt)} > now() and ${free(alias)})::int as later,
      count(*) filter (where ${sql.raw(tried)} and ${free(alias)})::int as retrying,
      coalesce(extract(epoch from now() - min(${sql.raw(dueAt)}) filter (where ${due})), 0)::float8 as oldest_due_seconds`;
  };
  const result = await db.execute(sql`
    ${figures("reconcile", "p", "p.next_check_at", "false")} from payment_requests p where p.next_check_at is not null
    union all
    ${figures("outbound", "d", "d.next_attempt_at", "d.attempts > 0")} from outbound_deliveries d where d.status = 'pending'
    union all
    ${figures("bulk", "r", "r.next_attempt_at", "r.attempts > 0")} from payout_batch_rows r join payout_batches b on b.id = r.batch_id
      where b.status = 'confirmed' and r.outcome is null and r.pay_out is not null
    union all
    ${figures("notify", "n", "n.next_attempt_at", "n.attempts > 0")} from staff_notifications n where n.outcome is null
    union all
    ${figures("line", "l", "l.next_attempt_at", "l.attempts > 0")} from line_messages l where l.outcome is null
    union all
    ${figures("statement", "s", `case when s.status = 'failed' then s.computed_at + interval '${RETRY_FAILED_MS} milliseconds' else s.lease_until end`, "s.status = 'failed'")}
      from wallet_statements s where s.status in ('running', 'failed') and s.day = ${dueDay(now)}::date`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return QUEUES.map((queue) => {
    const row = rows.find((r) => r.queue === queue);
    return {
      queue,
      due: Number(row?.due ?? 0),
      held: Number(row?.held ?? 0),
      later: Number(row?.later ?? 0),
      retrying: Number(row?.retrying ?? 0),
      oldestDueSeconds: Math.round(Number(row?.oldest_due_seconds ?? 0)),
    };
  });
}
