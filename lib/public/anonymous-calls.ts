import "server-only";
import type { Db } from "../db/client";
import { env } from "../env";
import { createPostgresLimiter, parseLimit, type RateLimiter } from "../provider/limiter";
import type { RateVerdict } from "./rate-limit";

/**
 * The public pages' share of the provider's budget. Anyone can open a slip link, and every
 * anonymous call (VerifyPayInToken, CheckPayInSlipDup, UploadPayInSlipById) spends the same
 * budget (PAYMENT_API_RATE_LIMIT, 20 per 10 s at the live provider: docs/provider-facts.md §8.1) that staff
 * need to create and re-check requests. So all anonymous calls together, from every instance, get
 * at most a quarter of it — 5 per 10 s — and past that the page says "busy, try again shortly" at
 * once instead of queueing in front of staff. With the limit off there is no budget to guard.
 *
 * The count is a sliding log in `provider_calls` under its own name, serialised by an advisory
 * lock (lib/provider/limiter.ts): exact, unlike the fixed windows of ./rate-limit.ts, which
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
 * Per database: the shared log, and what this process itself knows: the calls it was given in the
 * current window, those it is asking for, and until when the log said the share is spent. When
 * those already fill the share, the answer is "busy" from memory, so in a flood only a handful of
 * hits per window reach the database and staff work keeps its connections. Memory can only refuse,
 * never allow more than the log.
 */
interface Share {
  config: { count: number; windowMs: number } | null;
  limiter: RateLimiter | null;
  granted: number[];
  asking: number;
  spentUntil: number;
}

const shares = new WeakMap<Db, Share>();
/** The log's own margin (lib/provider/limiter.ts), so memory forgets a call no sooner than the log. */
const MARGIN_MS = 250;
/** What to tell a caller turned away while others are still asking: about when their answers are in. */
const ASKING_RETRY_MS = 1_000;

function shareOf(db: Db): Share {
  let share = shares.get(db);
  if (!share) {
    const config = anonymousShareOf(env().PAYMENT_API_RATE_LIMIT);
    share = { config, limiter: config && createPostgresLimiter(db, LOG_NAME, { ...config, maxWaitMs: 0 }), granted: [], asking: 0, spentUntil: 0 };
    shares.set(db, share);
  }
  return share;
}

/** Refused when this process already knows the share is spent: no database work at all. */
export function anonymousShareKnownSpent(db: Db, now = Date.now()): RateVerdict {
  const share = shareOf(db);
  if (!share.config) return { ok: true };
  if (share.spentUntil > now) return { ok: false, retryAfterMs: share.spentUntil - now };
  const window = share.config.windowMs + MARGIN_MS;
  while (share.granted.length > 0 && share.granted[0]! <= now - window) share.granted.shift();
  if (share.granted.length + share.asking < share.config.count) return { ok: true };
  const oldest = share.granted[share.granted.length - share.config.count];
  return { ok: false, retryAfterMs: oldest === undefined ? ASKING_RETRY_MS : oldest + window - now };
}

/** Takes one anonymous call from the share, never waiting: refused with when to try again. */
export async function takeAnonymousCall(db: Db, now = Date.now()): Promise<RateVerdict> {
  const share = shareOf(db);
  if (!share.limiter) return { ok: true };
  const known = anonymousShareKnownSpent(db, now);
  if (!known.ok) return known;
  share.asking += 1;
  let slot;
  try {
    slot = await share.limiter.acquire();
  } finally {
    share.asking -= 1;
  }
  if (slot.ok) {
    share.granted.push(Date.now());
    return { ok: true };
  }
  share.spentUntil = Math.max(share.spentUntil, Date.now() + slot.wouldWaitMs);
  return { ok: false, retryAfterMs: slot.wouldWaitMs };
}
