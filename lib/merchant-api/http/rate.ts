import "server-only";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { hitRateLimits, type Limit } from "../../public/rate-limit";
import { ApiError } from "./errors";

/**
 * The merchant API's rate limit per API key: `API_RATE_LIMIT` calls per window ("100/10s" by
 * default), counted in `rate_limits` like the public pages' (lib/public/rate-limit.ts: a fixed
 * window, one atomic upsert per call), so every instance counts against the same budget. Over it:
 * 429 `rate_limit_error` with Retry-After, the whole seconds until the key's window ends.
 */
export const DEFAULT_API_RATE_LIMIT: Limit = { max: 100, windowMs: 10_000 };

/** "100/10s" → 100 calls per 10 000 ms (lib/env.ts checks the form; anything else is the default). */
export function parseApiRateLimit(text: string): Limit {
  const match = /^(\d+)\/(\d+)s$/.exec(text);
  return match ? { max: Number(match[1]), windowMs: Number(match[2]) * 1000 } : DEFAULT_API_RATE_LIMIT;
}

/** Counts one call of the key; throws the 429 when the key is over its limit. */
export async function checkApiRateLimit(
  db: Db,
  keyId: string,
  limit: Limit = parseApiRateLimit(env().API_RATE_LIMIT),
  now = new Date(),
): Promise<void> {
  const verdict = await hitRateLimits(db, [{ key: `api:${keyId}`, limit }], now);
  if (verdict.ok) return;
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  throw new ApiError(429, {
    type: "rate_limit_error",
    code: "rate_limited",
    message: `Too many requests for this API key; retry in ${seconds} s.`,
    retryAfterSeconds: seconds,
  });
}
