/**
 * The outgoing rate limit: callers queue instead of failing, up to a bounded wait, in lanes.
 *
 * The live provider allows 20 requests per 10 s per client IP in a fixed window whose phase we
 * cannot see (docs/provider-facts.md §8.1). A token bucket would allow a burst plus refill — up to twice the
 * limit inside one of its windows — so this is a sliding log: at most `count` calls in any interval
 * of `windowMs + marginMs`, which keeps every fixed window of the provider's under the limit too.
 * The margin covers the jitter between our clock at sending and the provider's at arrival.
 *
 * The Postgres limiter keeps the log in the database, serialised by an advisory lock, so every
 * app instance sharing the database shares one budget (docs/DESIGN.md §6.2).
 *
 * One budget, shared by priority. Every call names its lane, and a lane may take a slot only while
 * the calls in the window are fewer than its ceiling: staff may fill the whole budget, the
 * merchant's API 85 % of it, webhook confirmations 70 %, reconciliation 45 %, anonymous public
 * pages 40 % (a customer's slip upload must not wait for an idle provider; their own volume is
 * capped at a quarter by lib/public/anonymous-calls.ts). So however busy the lower lanes are, the
 * slots above their ceilings stay free for the lanes above them — on every instance, since the
 * ceilings are read from the same log — and no lane waits for a lower one. Each lane's wait is bounded: staff are told
 * in words when the provider's capacity cannot be had in time, background work tries again later.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export interface LimitConfig {
  count: number;
  windowMs: number;
  /** Added to the window for safety; default 250 ms. */
  marginMs?: number;
  /** How long a staff call may queue before giving up with "busy"; the other lanes' waits are in LANE_WAIT_MS. */
  maxWaitMs: number;
  /** Each lane's share of `count`; default LANE_SHARE. A flat budget is every share 1. */
  shares?: Record<Lane, number>;
}

/** Who is calling, highest priority first. */
export const LANES = ["staff", "merchant_api", "webhook", "reconcile", "bulk", "anonymous"] as const;
export type Lane = (typeof LANES)[number];

/** The part of the budget each lane may fill on its own (the rest is kept for the lanes above it). */
export const LANE_SHARE: Record<Lane, number> = { staff: 1, merchant_api: 0.85, webhook: 0.7, reconcile: 0.45, bulk: 0.4, anonymous: 0.4 };

/**
 * How long a call of each lane may wait for a slot (staff: the configured `maxWaitMs`). A shop's
 * server calling the merchant API waits longer than a person at a form: long enough for a full
 * window of the provider's to pass after a burst (a batch of checkouts is taken at the lane's pace
 * instead of refused), within the 30 s an HTTP client commonly waits. Webhook confirmations and
 * reconciliation answer nobody waiting, so they may wait for a full window too (a confirmation
 * batch gathers more claims meanwhile, lib/provider-webhooks/confirm-batch.ts); one that still gets no slot
 * is left to reconciliation, which reads in bulk. A bulk Pay-Out file's lines (lib/bulk/worker.ts,
 * one at a time) wait as long as the shop's calls, below everything that keeps money state right.
 * Anonymous pages never queue.
 */
export const LANE_WAIT_MS: Record<Exclude<Lane, "staff">, number> = {
  merchant_api: 25_000,
  webhook: 15_000,
  reconcile: 15_000,
  bulk: 25_000,
  anonymous: 0,
};

/** How many calls in the window a lane may see and still take a slot: never below one. */
export function laneCeiling(count: number, lane: Lane, shares: Record<Lane, number> = LANE_SHARE): number {
  return Math.max(1, Math.floor(count * shares[lane]));
}

export type Acquired = { ok: true; waitedMs: number } | { ok: false; waitedMs: number; wouldWaitMs: number };

export interface AcquireOptions {
  /** Default "staff". */
  lane?: Lane;
  /** Overrides the lane's wait for this call: 0 takes a slot only if one is free now. */
  maxWaitMs?: number;
}

export interface RateLimiter {
  acquire(options?: AcquireOptions): Promise<Acquired>;
}

function laneWait(config: LimitConfig, lane: Lane): number {
  return lane === "staff" ? config.maxWaitMs : LANE_WAIT_MS[lane];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Loops on a "try to take a slot, else how long to wait" step until it succeeds or the wait is too long. */
async function acquireWith(maxWaitMs: number, tryTake: (waitedMs: number) => Promise<number>): Promise<Acquired> {
  const started = Date.now();
  const deadline = started + maxWaitMs;
  for (;;) {
    const waitMs = await tryTake(Date.now() - started);
    if (waitMs <= 0) return { ok: true, waitedMs: Date.now() - started };
    if (Date.now() + waitMs > deadline) return { ok: false, waitedMs: Date.now() - started, wouldWaitMs: waitMs };
    await sleep(waitMs);
  }
}

/**
 * Waiters of one lane in one process take their turns first come, first served: only the one at
 * the head asks for a slot (and waits for it); the next asks when it has one. Without the queue,
 * every waiter wakes when a slot frees, one wins it, and the others wait a whole window again — a
 * call could lose round after round and run out of time while later ones went through. A call
 * that may not wait (maxWaitMs 0) asks at once, outside the queue; time spent in the queue counts
 * against a call's wait.
 */
function laneTurns() {
  const tails = new Map<Lane, Promise<void>>();
  return async (lane: Lane, maxWaitMs: number, acquire: (maxWaitMs: number, queuedMs: number) => Promise<Acquired>): Promise<Acquired> => {
    if (maxWaitMs <= 0) return acquire(0, 0);
    const started = Date.now();
    const before = tails.get(lane) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    tails.set(lane, tail);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      before.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), maxWaitMs))),
    ]);
    clearTimeout(timer);
    try {
      const waitedMs = Date.now() - started;
      if (timedOut) return { ok: false, waitedMs, wouldWaitMs: maxWaitMs };
      const acquired = await acquire(maxWaitMs - waitedMs, waitedMs);
      return { ...acquired, waitedMs: acquired.waitedMs + waitedMs };
    } finally {
      // Gone from the queue: the next in line goes once the one before this call is done too.
      if (timedOut) void before.then(release);
      else release();
      if (tails.get(lane) === tail) tails.delete(lane);
    }
  };
}

/** One process's limiter (tests, benchmarks, tools). */
export function createMemoryLimiter(config: LimitConfig): RateLimiter {
  const window = config.windowMs + (config.marginMs ?? 250);
  const log: number[] = [];
  const inTurn = laneTurns();
  return {
    acquire: ({ lane = "staff", maxWaitMs = laneWait(config, lane) } = {}) => {
      const ceiling = laneCeiling(config.count, lane, config.shares);
      return inTurn(lane, maxWaitMs, (remainingMs) =>
        acquireWith(remainingMs, async () => {
          const now = Date.now();
          while (log.length > 0 && log[0]! <= now - window) log.shift();
          if (log.length < ceiling) {
            log.push(now);
            return 0;
          }
          return log[log.length - ceiling]! + window - now + 1;
        }),
      );
    },
  };
}

/** The limiter shared by every instance on one database. */
export function createPostgresLimiter(db: Db, provider: string, config: LimitConfig): RateLimiter {
  const window = config.windowMs + (config.marginMs ?? 250);
  let calls = 0;
  const inTurn = laneTurns();
  return {
    acquire: ({ lane = "staff", maxWaitMs = laneWait(config, lane) } = {}) => {
      const ceiling = laneCeiling(config.count, lane, config.shares);
      return inTurn(lane, maxWaitMs, (remainingMs, queuedMs) =>
        acquireWith(remainingMs, async (waitedMs) => {
          calls += 1;
          // One round trip (migration 0029): the provider's lock, the ceiling-th most recent call in
          // the window (which decides when a slot frees for this lane) and, without one, this call
          // logged with its lane and how long it waited (what bench/provider-budget reads); every
          // 100th call also drops the log's rows older than an hour.
          const result = await db.execute(
            sql`select paydesk_take_provider_slot(${provider}, ${window}::float8, ${ceiling}::integer, ${lane}, ${Math.round(queuedMs + waitedMs)}::integer, ${calls % 100 === 0}) as wait_ms`,
          );
          const waitMs = (result as unknown as { rows: { wait_ms: number | string | null }[] }).rows[0]?.wait_ms;
          return waitMs === null || waitMs === undefined ? 0 : Math.max(1, Math.ceil(Number(waitMs)));
        }),
      );
    },
  };
}

/** "20/10s" → { count: 20, windowMs: 10000 }; null for "off". */
export function parseLimit(text: string): { count: number; windowMs: number } | null {
  if (text.trim() === "off") return null;
  const match = /^(\d+)\/(\d+)s$/.exec(text.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new RangeError(`"${text}" is not a rate limit such as 20/10s or off.`);
  return { count: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}
