import "server-only";
import { and, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";
import { ipThrottleKey } from "../http/request-ip";

/**
 * Sign-in throttling, per account and per IP, kept in `sign_in_throttle` so every app instance on
 * one database sees the same counts (docs/DESIGN.md §6).
 *
 * - Account: 5 failures within 15 minutes lock the email for 15 minutes. Unknown emails are
 *   counted exactly like real ones, so the lock says nothing about which accounts exist. A success
 *   clears the account's count.
 * - IP: 20 failures within 15 minutes lock the address for 15 minutes, whichever emails were tried
 *   (password spraying). A success does not clear it: one valid account must not reset an
 *   attacker's budget against the others.
 *
 * Anyone can lock a known email for 15 minutes by failing five times; that is the usual price of
 * an account lock, and short enough to wait out. Two instances checking at the same instant can
 * each let one more attempt through before the lock lands: bounded by concurrency, not unlimited.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  accountMaxFailures: 5,
  ipMaxFailures: 20,
} as const;

export interface ThrottleBlock {
  scope: "account" | "ip";
  retryAfterMs: number;
}

interface Attempt {
  /** Null for a passkey nobody here knows: only the IP counts. */
  email: string | null;
  ip: string | null;
  now?: Date;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `email:${normalizeEmail(email)}`;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function keysOf({ email, ip }: Attempt) {
  return { account: email === null ? null : accountKey(email), ip: ip ? ipThrottleKey(ip) : null };
}

/** The locks in force now on any of these keys, by key. */
export async function locksOn(db: Db, keys: string[], now: Date): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: signInThrottle.key, lockedUntil: signInThrottle.lockedUntil })
    .from(signInThrottle)
    .where(and(inArray(signInThrottle.key, keys), gt(signInThrottle.lockedUntil, now)));
  return new Map(rows.flatMap((r) => (r.lockedUntil ? [[r.key, r.lockedUntil] as const] : [])));
}

/** The lock in force for this attempt, account first; null when it may go ahead. */
export async function checkSignInThrottle(db: Db, attempt: Attempt): Promise<ThrottleBlock | null> {
  const now = attempt.now ?? new Date();
  const keys = keysOf(attempt);
  const rows = await db
    .select({ key: signInThrottle.key, lockedUntil: signInThrottle.lockedUntil })
    .from(signInThrottle)
    .where(
      and(
        inArray(signInThrottle.key, [...(keys.account ? [keys.account] : []), ...(keys.ip ? [keys.ip] : [])]),
        gt(signInThrottle.lockedUntil, now),
      ),
    );
  const account = keys.account ? rows.find((r) => r.key === keys.account) : undefined;
  const ip = rows.find((r) => r.key === keys.ip);
  const lock = account ?? ip;
  if (!lock?.lockedUntil) return null;
  return { scope: account ? "account" : "ip", retryAfterMs: lock.lockedUntil.getTime() - now.getTime() };
}

/** Counts a failed attempt against the account and the IP; returns the lock it caused, if any. */
export async function recordSignInFailure(db: Db, attempt: Attempt): Promise<ThrottleBlock | null> {
  const now = attempt.now ?? new Date();
  const keys = keysOf(attempt);
  const account = keys.account
    ? await countFailure(db, keys.account, { ...THROTTLE, maxFailures: THROTTLE.accountMaxFailures }, now)
    : null;
  const ip = keys.ip ? await countFailure(db, keys.ip, { ...THROTTLE, maxFailures: THROTTLE.ipMaxFailures }, now) : null;
  const lock = account ?? ip;
  if (!lock) return null;
  return { scope: account ? "account" : "ip", retryAfterMs: lock.getTime() - now.getTime() };
}

/** How many failures within a window lock a key, and for how long. */
export interface FailureLimit {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Counts one failure against a key of `sign_in_throttle` (sign-in here; step-up in lib/auth/step-up-throttle.ts)
 * in one atomic upsert: a new window when the old one ran out or its lock expired, else one more
 * failure. Answers the lock in force after it, if any.
 */
export async function countFailure(db: Db, key: string, limit: FailureLimit, now: Date): Promise<Date | null> {
  const { maxFailures } = limit;
  const { failures, windowStart, lockedUntil } = signInThrottle;
  const isStale = sql`(${windowStart} <= ${ts(new Date(now.getTime() - limit.windowMs))} or (${lockedUntil} is not null and ${lockedUntil} <= ${ts(now)}))`;
  const nextFailures = sql`case when ${isStale} then 1 else ${failures} + 1 end`;
  const lockUntil = new Date(now.getTime() + limit.lockMs);
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: nextFailures,
        windowStart: sql`case when ${isStale} then ${ts(now)} else ${windowStart} end`,
        lockedUntil: sql`case when ${nextFailures} >= ${maxFailures} then ${ts(lockUntil)} when ${isStale} then null else ${lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: signInThrottle.lockedUntil });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/** A successful sign-in forgets the account's failures (never the IP's). */
export async function clearAccountThrottle(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottle).where(sql`${signInThrottle.key} = ${accountKey(email)}`);
}

/** Drops rows whose window and lock have both run out; called at start so the table stays small. */
export async function pruneSignInThrottle(db: Db, now = new Date()): Promise<void> {
  const windowFloor = new Date(now.getTime() - THROTTLE.windowMs);
  await db
    .delete(signInThrottle)
    .where(and(lte(signInThrottle.windowStart, windowFloor), or(isNull(signInThrottle.lockedUntil), lte(signInThrottle.lockedUntil, now))));
}

export function minutesUntil(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
