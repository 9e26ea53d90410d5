import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Rate limits for the public pages, so a page anyone can open cannot be used to flood the provider
 * (docs/DESIGN.md §6.3): fixed windows counted in `rate_limits`, one atomic upsert per hit, shared by every
 * app instance. A fixed window can let up to twice `max` through around a window's edge; that is
 * fine for abuse control (the provider's own limit is guarded exactly by lib/provider/limiter.ts).
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/** Counts one hit on every key; refused when any key is over its limit (all keys are counted anyway). */
export async function hitRateLimits(db: Db, hits: Array<{ key: string; limit: Limit }>, now = new Date()): Promise<RateVerdict> {
  let retryAfterMs = 0;
  for (const { key, limit } of hits) {
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const windowStartsBefore = sql`${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
    const result = await db.execute<{ hits: number; window_start: string | Date }>(sql`
      insert into rate_limits (key, window_start, hits) values (${key}, ${nowSql}, 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= ${windowStartsBefore} then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= ${windowStartsBefore} then ${nowSql} else rate_limits.window_start end
      returning hits, window_start`);
    const row = (result as unknown as { rows: Array<{ hits: number; window_start: string | Date }> }).rows[0]!;
    if (Number(row.hits) > limit.max) {
      retryAfterMs = Math.max(retryAfterMs, new Date(row.window_start).getTime() + limit.windowMs - now.getTime());
    }
  }
  // Now and then, forget windows long over.
  if (Math.random() < 0.01) await db.execute(sql`delete from rate_limits where window_start < ${new Date(now.getTime() - 24 * 60 * 60_000).toISOString()}::timestamptz`);
  return retryAfterMs > 0 ? { ok: false, retryAfterMs } : { ok: true };
}
