import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * The delivery log is kept for `OUTBOUND_LOG_RETENTION_DAYS` (30 by default): older events, their
 * deliveries and attempts are removed by a sweep that runs at most once an hour across all
 * instances (a lease in `sweeps`), in batches, so the tables stay the size of the window instead
 * of growing for ever and no one statement holds locks for long. (One statement removes an
 * event with its deliveries and attempts: the foreign keys are checked at its end.)
 */
export const SWEEP_NAME = "outbound_log";
export const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_LEASE_MS = 10 * 60_000;
const BATCH = 1_000;

/** Takes the sweep's lease when it is due and free; false when another instance has it or it ran lately. */
async function takeLease(db: Db, everyMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into sweeps (name, lease_until, last_run_at) values (${SWEEP_NAME}, now() + ${`${SWEEP_LEASE_MS} milliseconds`}::interval, now())
    on conflict (name) do update set lease_until = excluded.lease_until, last_run_at = excluded.last_run_at
      where (sweeps.lease_until is null or sweeps.lease_until < now())
        and (sweeps.last_run_at is null or sweeps.last_run_at <= now() - ${`${everyMs} milliseconds`}::interval)
    returning name`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Removes log rows older than `retentionDays`; answers how many events went (null: not this instance's turn). */
export async function sweepOutboundLog(db: Db, options: { retentionDays: number; everyMs?: number }): Promise<number | null> {
  if (!(await takeLease(db, options.everyMs ?? SWEEP_EVERY_MS))) return null;
  const cutoff = sql`now() - ${`${options.retentionDays} days`}::interval`;
  let removed = 0;
  try {
    for (;;) {
      const result = await db.execute(sql`
        with old as (select id from outbound_events where created_at < ${cutoff} order by created_at limit ${BATCH}),
        deliveries as (select d.id from outbound_deliveries d where d.event_id in (select id from old)),
        attempts as (delete from outbound_attempts where delivery_id in (select id from deliveries)),
        gone as (delete from outbound_deliveries where id in (select id from deliveries))
        delete from outbound_events where id in (select id from old) returning id`);
      const count = (result as unknown as { rows: unknown[] }).rows.length;
      removed += count;
      if (count < BATCH) break;
    }
  } finally {
    await db.execute(sql`update sweeps set lease_until = null where name = ${SWEEP_NAME}`);
  }
  return removed;
}
