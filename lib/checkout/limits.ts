import "server-only";
import type { Db } from "../db/client";
import { ipThrottleKey } from "../http/request-ip";
import { localeOf } from "../i18n";
import { hitRateLimits, type Limit, type RateVerdict } from "../public/rate-limit";
import { checkoutLimitMessages } from "./limit-messages";
import { STATUS_POLL_MS } from "./polling";

/**
 * Bounds on the checkout's public status and events endpoints, per payment (the token's request)
 * and per address, so one link or one client cannot keep the server and the database busy.
 *
 * - Status: the page polls every STATUS_POLL_MS only while it cannot hold the stream, and asks
 *   once more when it comes back online or to the foreground, or when the hub says "completed".
 *   Two tabs of one payment fit in the per-payment budget; many payers behind one carrier address
 *   fit in the per-address one.
 * - Events: a page holds one stream; a few per payment allow a second tab or phone. The open
 *   streams are counted in this process (each holds a connection here and ends with it), the
 *   opening of new ones in the database across instances (fixed windows, lib/public/rate-limit.ts).
 *   A refused stream makes the page fall back to polling (components/checkout/browser/checkout.ts).
 */
const perMinute = (max: number): Limit => ({ max, windowMs: 60_000 });

export const CHECKOUT_LIMITS = {
  statusByToken: perMinute(2 * (60_000 / STATUS_POLL_MS) + 6),
  statusByIp: perMinute(240),
  streamOpensByToken: perMinute(20),
  streamOpensByIp: perMinute(120),
  openStreamsPerToken: 3,
  openStreamsPerIp: 20,
  // A receipt is drawn on each ask (tens of ms of CPU): a customer opens it a few times; a carrier
  // address shared by many payers asks for a few each.
  receiptByToken: perMinute(12),
  receiptByIp: perMinute(120),
  // A merchant's logo (app/brand/[merchantId]/logo/route.ts): once per page a customer opens, then
  // kept by the browser for a year; the bound is for a client that asks for it on purpose.
  logoByIp: perMinute(600),
};

/** When a refused stream may be tried again: the usual life of another tab's stream is unknown. */
const STREAM_RETRY_MS = 30_000;

const addressKey = (ip: string | null) => (ip ? ipThrottleKey(ip) : "ip:unknown");

export function spendStatusBudget(db: Db, requestId: string, ip: string | null): Promise<RateVerdict> {
  return hitRateLimits(db, [
    { key: `checkout-status:req:${requestId}`, limit: CHECKOUT_LIMITS.statusByToken },
    { key: `checkout-status:${addressKey(ip)}`, limit: CHECKOUT_LIMITS.statusByIp },
  ]);
}

/** A receipt's PDF (app/receipts/[token]/route.ts): bounded per payment and per address like the status. */
export function spendReceiptBudget(db: Db, requestId: string, ip: string | null): Promise<RateVerdict> {
  return hitRateLimits(db, [
    { key: `receipt:req:${requestId}`, limit: CHECKOUT_LIMITS.receiptByToken },
    { key: `receipt:${addressKey(ip)}`, limit: CHECKOUT_LIMITS.receiptByIp },
  ]);
}

/** A merchant's logo: bounded per address only (the logo is public; nothing names a payment). */
export function spendLogoBudget(db: Db, ip: string | null): Promise<RateVerdict> {
  return hitRateLimits(db, [{ key: `brand-logo:${addressKey(ip)}`, limit: CHECKOUT_LIMITS.logoByIp }]);
}

const openStreams = new Map<string, number>();
const change = (key: string, by: number) => {
  const next = (openStreams.get(key) ?? 0) + by;
  if (next <= 0) openStreams.delete(key);
  else openStreams.set(key, next);
};

/** A place for one more event stream, with its release (call it once, when the stream ends). */
export async function openStreamSlot(
  db: Db,
  requestId: string,
  ip: string | null,
): Promise<{ ok: true; release: () => void } | { ok: false; retryAfterMs: number }> {
  const byToken = `req:${requestId}`;
  const byIp = addressKey(ip);
  if (
    (openStreams.get(byToken) ?? 0) >= CHECKOUT_LIMITS.openStreamsPerToken ||
    (openStreams.get(byIp) ?? 0) >= CHECKOUT_LIMITS.openStreamsPerIp
  ) {
    return { ok: false, retryAfterMs: STREAM_RETRY_MS };
  }
  // Counted before the database is asked, so concurrent opens cannot all slip past the count.
  change(byToken, 1);
  change(byIp, 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    change(byToken, -1);
    change(byIp, -1);
  };
  const opens = await hitRateLimits(db, [
    { key: `checkout-stream:req:${requestId}`, limit: CHECKOUT_LIMITS.streamOpensByToken },
    { key: `checkout-stream:${byIp}`, limit: CHECKOUT_LIMITS.streamOpensByIp },
  ]).catch((error: unknown) => {
    release();
    throw error;
  });
  if (!opens.ok) {
    release();
    return opens;
  }
  return { ok: true, release };
}

/** 429 with Retry-After and a sentence in the caller's language (the language cookie, else the browser's). */
export function tooManyAnswer(request: Request, what: "status" | "stream", retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const t = checkoutLimitMessages(localeOf(null, request.headers));
  const error = what === "status" ? t.tooManyChecks(seconds) : t.tooManyStreams(seconds);
  return Response.json({ error }, { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } });
}
