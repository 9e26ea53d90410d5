/**
 * The outgoing rate limit: callers queue instead of failing, up to a bounded wait.
 *
 * The live provider allows 20 requests per 10 s per client IP in a fixed window whose phase we
 * cannot see (provider-facts §8.1). A token bucket would allow a burst plus refill — up to twice the
 * limit inside one of its windows — so this is a sliding log: at most `count` calls in any interval
 * of `windowMs + marginMs`, which keeps every fixed window of the provider's under the limit too.
 * The margin covers the jitter between our clock at sending and the provider's at arrival.
 *
 * The Postgres limiter keeps the log in the database, serialised by an advisory lock, so every
 * app instance sharing the database shares one budget (DESIGN.md §6).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export interface LimitConfig {
  count: number;
  windowMs: number;
  /** Added to the window for safety; default 250 ms. */
  marginMs?: number;
  /** How long a caller may queue before giving up with "busy". */
  maxWaitMs: number;
}

export type Acquired = { ok: true; waitedMs: number } | { ok: false; waitedMs: number; wouldWaitMs: number };

export interface RateLimiter {
  /** `maxWaitMs` overrides the configured wait for this call: 0 takes a slot only if one is free now. */
  acquire(maxWaitMs?: number): Promise<Acquired>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Loops on a "try to take a slot, else how long to wait" step until it succeeds or the wait is too long. */
async function acquireWith(maxWaitMs: number, tryTake: () => Promise<number>): Promise<Acquired> {
  const started = Date.now();
  const deadline = started + maxWaitMs;
  for (;;) {
    const waitMs = await tryTake();
    if (waitMs <= 0) return { ok: true, waitedMs: Date.now() - started };
    if (Date.now() + waitMs > deadline) return { ok: false, waitedMs: Date.now() - started, wouldWaitMs: waitMs };
    await sleep(waitMs);
  }
}

/** One process's limiter (tests, benchmarks, tools). */
export function createMemoryLimiter(config: LimitConfig): RateLimiter {
  const window = config.windowMs + (config.marginMs ?? 250);
  const log: number[] = [];
  return {
    acquire: (maxWaitMs = config.maxWaitMs) =>
      acquireWith(maxWaitMs, async () => {
        const now = Date.now();
        while (log.length > 0 && log[0]! <= now - window) log.shift();
        if (log.length < config.count) {
          log.push(now);
          return 0;
        }
        return log[log.length - config.count]! + window - now + 1;
      }),
  };
}

/** The limiter shared by every instance on one database. */
export function createPostgresLimiter(db: Db, provider: string, config: LimitConfig): RateLimiter {
  const window = config.windowMs + (config.marginMs ?? 250);
  const lockKey = `paydesk:provider-calls:${provider}`;
  let calls = 0;
  return {
    acquire: (maxWaitMs = config.maxWaitMs) =>
      acquireWith(maxWaitMs, () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
          // After the lock, in its own statement, so its snapshot sees every call the previous
          // holder committed. The count-th most recent call in the window decides when a slot
          // frees; without one, the call is logged in the same statement (one round trip less).
          const result = await tx.execute(sql`
            with full_window as (
              select (extract(epoch from (at - clock_timestamp())) * 1000 + ${window})::float8 as wait_ms
              from provider_calls
              where provider = ${provider} and at > clock_timestamp() - make_interval(secs => ${window / 1000})
              order by at desc offset ${config.count - 1} limit 1
            ), logged as (
              insert into provider_calls (provider, at) select ${provider}, clock_timestamp() where not exists (select from full_window)
            )
            select wait_ms from full_window`);
          const row = (result as unknown as { rows: { wait_ms: number | string }[] }).rows[0];
          if (row) return Math.max(1, Math.ceil(Number(row.wait_ms)));
          calls += 1;
          if (calls % 100 === 0) {
            await tx.execute(sql`delete from provider_calls where provider = ${provider} and at < clock_timestamp() - interval '1 hour'`);
          }
          return 0;
        }),
      ),
  };
}

/** "20/10s" → { count: 20, windowMs: 10000 }; null for "off". */
export function parseLimit(text: string): { count: number; windowMs: number } | null {
  if (text.trim() === "off") return null;
  const match = /^(\d+)\/(\d+)s$/.exec(text.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new RangeError(`"${text}" is not a rate limit such as 20/10s or off.`);
  return { count: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}
