import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";
import { countFailure, locksOn } from "./throttle";

/**
 * Limits on confirming it is you while signed in: a step-up code or passkey, the current code that
 * turns the authenticator app off or makes new recovery codes, the first code of a new app, and the
 * password asked for before a first second factor. Each is a check a signed-in session could repeat
 * as fast as it likes, so each counts here, and the lock is looked at BEFORE the answer is: once
 * locked, even the right code or password is refused until the lock ends.
 *
 * - This session: 5 wrong answers within 15 minutes lock confirming for this session for 15 minutes.
 * - The person: 10 wrong answers within 15 minutes, from any of their sessions, lock confirming for
 *   every session of theirs for 15 minutes (a second stolen session gets no fresh budget).
 *
 * What is locked is confirming, not signing in: a step-up failure does not count towards the
 * sign-in locks of the person or of their address (lib/auth/throttle.ts), so a guesser in one
 * session cannot lock the person, or everyone behind the same address, out of signing in. A right
 * answer clears this session's count; the person's runs out with its window. The counts live in
 * `sign_in_throttle` under their own keys, so every instance sees them.
 */
export const STEP_UP_THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  sessionMaxFailures: 5,
  personMaxFailures: 10,
} as const;

export interface StepUpLock {
  scope: "session" | "person";
  until: Date;
}

export interface StepUpWho {
  userId: string;
  /** Null for a session from before PayDesk kept sessions: only the person counts. */
  sessionId: string | null;
  now?: Date;
}

const sessionKey = (sessionId: string) => `step-up-session:${sessionId}`;
const personKey = (userId: string) => `step-up-person:${userId}`;

/** The lock in force on confirming for this session or person (the later one), or null. */
export async function checkStepUpThrottle(db: Db, who: StepUpWho): Promise<StepUpLock | null> {
  const now = who.now ?? new Date();
  const locks = await locksOn(db, [personKey(who.userId), ...(who.sessionId ? [sessionKey(who.sessionId)] : [])], now);
  return laterOf(
    who.sessionId ? lockOf("session", locks.get(sessionKey(who.sessionId)) ?? null) : null,
    lockOf("person", locks.get(personKey(who.userId)) ?? null),
  );
}

/** Counts a wrong answer against the session and the person; answers the lock it left in force, if any. */
export async function recordStepUpFailure(db: Db, who: StepUpWho): Promise<StepUpLock | null> {
  const now = who.now ?? new Date();
  const { windowMs, lockMs } = STEP_UP_THROTTLE;
  const session = who.sessionId
    ? await countFailure(db, sessionKey(who.sessionId), { maxFailures: STEP_UP_THROTTLE.sessionMaxFailures, windowMs, lockMs }, now)
    : null;
  const person = await countFailure(db, personKey(who.userId), { maxFailures: STEP_UP_THROTTLE.personMaxFailures, windowMs, lockMs }, now);
  return laterOf(lockOf("session", session), lockOf("person", person));
}

export type LimitedCheck<T> = { ok: true; value: T } | { ok: false; lock: StepUpLock | null };

/**
 * One limited check: the lock first (a locked session or person is refused without `check` being
 * run), then the answer; a wrong one is counted, a right one clears this session's count. `check`
 * answers null for a wrong answer.
 */
export async function limitedStepUpCheck<T>(db: Db, who: StepUpWho, check: () => Promise<T | null>): Promise<LimitedCheck<T>> {
  const locked = await checkStepUpThrottle(db, who);
  if (locked) return { ok: false, lock: locked };
  const value = await check();
  if (value === null) return { ok: false, lock: await recordStepUpFailure(db, who) };
  if (who.sessionId) await db.delete(signInThrottle).where(eq(signInThrottle.key, sessionKey(who.sessionId)));
  return { ok: true, value };
}

function lockOf(scope: StepUpLock["scope"], until: Date | null): StepUpLock | null {
  return until ? { scope, until } : null;
}

function laterOf(a: StepUpLock | null, b: StepUpLock | null): StepUpLock | null {
  if (!a || !b) return a ?? b;
  return b.until > a.until ? b : a;
}
