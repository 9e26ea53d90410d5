import "server-only";
import type { Db } from "../db/client";
import { env } from "../env";
import { createPostgresLimiter, parseLimit, type RateLimiter } from "../payment-api/limiter";
import type { RateVerdict } from "./rate-limit";

/**
 * The public pages' share of the provider's budget. Anyone can open a slip link, and every
 * anonymous call (VerifyPayInToken, CheckPayInSlipDup, UploadPayInSlipById) spends the same
 * budget (PAYMENT_API_RATE_LIMIT, 20 per 10 s at the live provider: provider-facts §8.1) that staff
 * need to create and re-check requests. So all anonymous calls together, from every instance, get
 * at most a quarter of it — 5 per 10 s — and past that the page says "busy, try again shortly" at
 * once instead of queueing in front of staff. With the limit off there is no budget to guard.
 *
 * The count is a sliding log in `provider_calls` under its own name, serialised by an advisory
 * lock (lib/payment-api/limiter.ts): exact, unlike the fixed windows of ./rate-limit.ts, which
 * could let twice the share through around a window's edge.
 */
export const ANONYMOUS_SHARE_OF_LIMIT = 1 / 4;

/** The share for a PAYMENT_API_RATE_LIMIT setting ("20/10s" → 5 per 10 s); null for "off". */
export function anonymousShareOf(limitText: string): { count: number; windowMs: number } | null {
  const limit = parseLimit(limitText);
  return limit && { count: Math.max(1, Math.floor(limit.count * ANONYMOUS_SHARE_OF_LIMIT)), windowMs: limit.windowMs };
}

const LOG_NAME = "anonymous-public-pages";

/**
 * Per database: the shared log, and until when this process already knows the share is spent. In a
 * flood, that answer is given from memory, so the hits past the share do not queue for the log's
 * lock and take the database connections staff work needs. It can only refuse, never allow more.
 */
const shares = new WeakMap<Db, { limiter: RateLimiter | null; spentUntil: number }>();

function shareOf(db: Db) {
  let share = shares.get(db);
  if (!share) {
    const config = anonymousShareOf(env().PAYMENT_API_RATE_LIMIT);
    share = { limiter: config && createPostgresLimiter(db, LOG_NAME, { ...config, maxWaitMs: 0 }), spentUntil: 0 };
    shares.set(db, share);
  }
  return share;
}

/** Refused when this process already knows the share is spent: no database work at all. */
export function anonymousShareKnownSpent(db: Db, now = Date.now()): RateVerdict {
  const { spentUntil } = shareOf(db);
  return spentUntil > now ? { ok: false, retryAfterMs: spentUntil - now } : { ok: true };
}

/** Takes one anonymous call from the share, never waiting: refused with when to try again. */
export async function takeAnonymousCall(db: Db, now = Date.now()): Promise<RateVerdict> {
  const share = shareOf(db);
  if (!share.limiter) return { ok: true };
  if (share.spentUntil > now) return { ok: false, retryAfterMs: share.spentUntil - now };
  const slot = await share.limiter.acquire();
  if (slot.ok) return { ok: true };
  share.spentUntil = Math.max(share.spentUntil, Date.now() + slot.wouldWaitMs);
  return { ok: false, retryAfterMs: slot.wouldWaitMs };
}
