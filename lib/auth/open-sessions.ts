import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffSessions, staffUsers } from "../db/schema";
import { SESSION_ABSOLUTE_MAX_SECONDS } from "./base-config";
import { announceStaffChange } from "../live/staff-changes";
import { revokeSession } from "./current-session";

/**
 * A person's sign-ins, each a row from the moment the password (and code) was right: listed on the
 * account page with the device, the IP, when it began and was last seen, and ended from there — one,
 * or all but this one — or by an admin, all of them. Ending adds the session to revoked_sessions,
 * which every request checks (lib/auth/current-session.ts), so it is over at its next request on any instance.
 */
export async function recordSignIn(db: Db, input: { userId: string; ip: string | null; userAgent: string | null }): Promise<string> {
  const id = randomUUID();
  await db.insert(staffSessions).values({ id, userId: input.userId, ip: input.ip, userAgent: input.userAgent?.slice(0, 400) ?? null });
  return id;
}

export interface SessionListing {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  device: string;
  isCurrent: boolean;
}

/** "Chrome on Android", from a User-Agent, for people to recognise their devices (not for any decision). */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The person's sessions still open, newest first: not ended, not older than the absolute limit, not from before a password change (but the kept one). */
export async function listOpenSessions(db: Db, userId: string, currentId: string | null, now = new Date()): Promise<SessionListing[]> {
  const oldest = new Date(now.getTime() - SESSION_ABSOLUTE_MAX_SECONDS * 1000);
  const rows = await db
    .select({ session: staffSessions, validFrom: staffUsers.sessionsValidFrom, kept: staffUsers.keptSessionId })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.endedAt),
        gt(staffSessions.createdAt, oldest),
        sql`not exists (select 1 from revoked_sessions r where r.session_id = ${staffSessions.id})`,
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt));
  return rows
    .filter(({ session, validFrom, kept }) => !validFrom || session.createdAt >= validFrom || session.id === kept)
    .map(({ session }) => ({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      ip: session.ip,
      device: deviceOf(session.userAgent),
      isCurrent: session.id === currentId,
    }));
}

/** Ends one of the person's sessions (not found: false). */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  if (ended.length === 0) return false;
  await revokeSession(db, sessionId);
  await announceStaffChange(db, userId);
  return true;
}

/** Ends every session of the person but `keep` (null: all of them); answers how many. */
export async function endSessions(db: Db, userId: string, keep: string | null): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.endedAt), keep ? ne(staffSessions.id, keep) : undefined))
    .returning({ id: staffSessions.id });
  for (const { id } of ended) await revokeSession(db, id);
  // Sessions signed in before their row existed are ended too: nothing from before now but `keep` stays valid.
  // Whole seconds, as sign-in times are (the cookie's `sat`): a sign-in in the same second, after an
  // admin's reset, is a new one and must stay in; every session with a row was revoked just above.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  await db.update(staffUsers).set({ sessionsValidFrom: now, keptSessionId: keep }).where(eq(staffUsers.id, userId));
  await announceStaffChange(db, userId);
  return ended.length;
}
