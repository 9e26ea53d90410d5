import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { hasPasskeySql, hasSecondFactorSql } from "./second-factor-sql";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { REQUEST_PATH_HEADER, signInPath } from "../http/public-paths";
import { cache } from "react";
import { getDb, type Db } from "../db";
import { executePrepared } from "../db/prepared";
import { revokedSessions, staffSessions, staffUsers, type Role } from "../db/schema";
import { SESSION_ABSOLUTE_MAX_SECONDS } from "./base-config";
import { can, canAny, type Permission } from "./permissions";
import { sessionClaims } from "./session-cookie";

/** One sign-in: its id (revocation) and when it happened (the absolute limit). */
export interface SignIn {
  id: string;
  at: Date;
}

export interface StaffSession {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** Merchants this person may see; null = all. */
  merchantIds: string[] | null;
  /** "th" or "en" as chosen in the console; null = follow the browser. */
  locale: string | null;
  /** Signed in with a one-time password (an invite or reset): must choose their own before anything else. */
  mustChangePassword?: boolean;
  /** In a role that must use a second factor, without one: must enrol before anything else. */
  mustEnrolSecondFactor?: boolean;
  /** Signs in with a second factor (an authenticator app or a passkey): step-up asks them for a fresh one. */
  hasSecondFactor?: boolean;
  hasTotp?: boolean;
  hasPasskey?: boolean;
  /** When this session last passed a fresh second-factor check (lib/auth/step-up.ts). */
  steppedUpAt?: Date;
  /** The sign-in this session is, so a response that stays open can check it again (recheckSession). */
  signIn?: SignIn;
}

/** Where a person with a one-time password is sent until they choose their own (app/account/password). */
export const CHOOSE_PASSWORD_PATH = "/account/password";
/** Where a person who must use a second factor and has none is sent until they enrol (app/account/security). */
export const ENROL_SECOND_FACTOR_PATH = "/account/security";

/**
 * The signed-in person, or null. The session cookie's JWT (lib/auth/session-cookie.ts) proves who
 * signed in; the person's row decides what they may do now: one primary-key read per request
 * (memoised per request by React's cache), so a disabled person is out on their next click and a
 * role or scope change applies at once. A short-lived JWT would leave that window open for its
 * whole lifetime; this read costs well under a millisecond on either database.
 */
export const currentSession = cache(async (): Promise<StaffSession | null> => {
  const claims = await sessionClaims(await headers());
  // A cookie that does not say which sign-in it is, or when, cannot be revoked or aged: void.
  if (!claims?.sessionId || !claims.signedInAt) return null;
  const db = await getDb();
  const session = await loadStaffSession(db, claims.userId, { id: claims.sessionId, at: claims.signedInAt });
  if (session) touchSession(db, claims.sessionId);
  return session;
});

const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * "Last seen" for the account's session list: written at most once a minute per session and
 * process, after the answer's data is read and without holding it up (a failure only costs
 * freshness of that column).
 */
function touchSession(db: Db, sessionId: string): void {
  const now = Date.now();
  if (now - (touched.get(sessionId) ?? 0) < TOUCH_EVERY_MS) return;
  touched.set(sessionId, now);
  if (touched.size > 10_000) touched.clear();
  db.update(staffSessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(staffSessions.id, sessionId))
    .then(
      () => undefined,
      () => undefined,
    );
}

/** The same person and sign-in, read again now (a live stream asks every so often). */
export async function recheckSession(session: StaffSession): Promise<StaffSession | null> {
  return session.signIn ? loadStaffSession(await getDb(), session.userId, session.signIn) : null;
}

/**
 * The person behind a session, or null when they are gone or disabled, or the sign-in is over:
 * signed out, older than the absolute limit however active, or from before their password
 * changed (all but the session that changed it). Without `signIn` only the person is checked.
 */
export async function loadStaffSession(
  db: Db,
  userId: string,
  signIn: SignIn | null = null,
  now: Date = new Date(),
): Promise<StaffSession | null> {
  if (signIn && now.getTime() - signIn.at.getTime() > SESSION_ABSOLUTE_MAX_SECONDS * 1000) return null;
  // One statement: this runs on every page and action, and the revocation check rides along. It is
  // a prepared statement (parsed and planned once per connection, lib/db/prepared.ts): planning its
  // subqueries cost several times what running it does.
  const notRevoked = signIn === null ? sql`` : sql` and not exists (select 1 from ${revokedSessions} r where r.session_id = ${signIn.id})`;
  const stepUpAt = signIn === null ? sql`null::timestamptz` : sql`(select s.step_up_at from ${staffSessions} s where s.id = ${signIn.id})`;
  const [found] = await executePrepared<Record<string, unknown>>(
    db,
    sql`select ${staffUsers.email} as email, ${staffUsers.name} as name, ${staffUsers.role} as role,
      ${staffUsers.merchantIds} as merchant_ids, ${staffUsers.isDisabled} as is_disabled, ${staffUsers.locale} as locale,
      ${staffUsers.mustChangePassword} as must_change_password, ${staffUsers.sessionsValidFrom} as sessions_valid_from,
      ${staffUsers.keptSessionId} as kept_session_id,
      (${staffUsers.totpEnabledAt} is not null) as has_totp,
      ${hasPasskeySql} as has_passkey,
      ${stepUpAt} as step_up_at,
      -- The admin's rule rides along: a role that must use a second factor, and none enrolled.
      (not ${hasSecondFactorSql} and ${staffUsers.role} = any(coalesce((select s.second_factor_roles from security_settings s where s.id = 'global'), '{}'))) as must_enrol
    from ${staffUsers} where ${staffUsers.id} = ${userId}${notRevoked} limit 1`,
  );
  const row = found && {
    email: found.email as string,
    name: found.name as string,
    role: found.role as Role,
    merchantIds: found.merchant_ids as string[] | null,
    isDisabled: found.is_disabled !== false,
    locale: found.locale as string | null,
    mustChangePassword: found.must_change_password !== false,
    sessionsValidFrom: dateOrNull(found.sessions_valid_from),
    keptSessionId: found.kept_session_id as string | null,
    hasTotp: found.has_totp,
    hasPasskey: found.has_passkey,
    stepUpAt: dateOrNull(found.step_up_at),
    mustEnrol: found.must_enrol,
  };
  if (!row || row.isDisabled) return null;
  if (signIn && row.sessionsValidFrom && signIn.at < row.sessionsValidFrom && signIn.id !== row.keptSessionId) return null;
  return {
    userId,
    email: row.email,
    name: row.name,
    role: row.role,
    merchantIds: row.merchantIds,
    locale: row.locale,
    ...(row.mustChangePassword ? { mustChangePassword: true } : {}),
    ...(row.mustEnrol === true ? { mustEnrolSecondFactor: true } : {}),
    ...(row.hasTotp === true || row.hasPasskey === true ? { hasSecondFactor: true } : {}),
    ...(row.hasTotp === true ? { hasTotp: true } : {}),
    ...(row.hasPasskey === true ? { hasPasskey: true } : {}),
    ...(row.stepUpAt ? { steppedUpAt: row.stepUpAt } : {}),
    ...(signIn ? { signIn } : {}),
  };
}

/** A timestamp as a driver gives it (a Date, or text through a transaction's plain execute). */
function dateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** Ends this session for good (sign-out): see revoked_sessions. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  // Kept as long as the session could still live: a forgotten tab can keep renewing a void cookie.
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MAX_SECONDS * 1000);
  await db.insert(revokedSessions).values({ sessionId, expiresAt }).onConflictDoNothing();
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
}

/** The id of the current request's session, if signed in. */
export async function currentSessionId(): Promise<string | null> {
  return (await sessionClaims(await headers()))?.sessionId ?? null;
}

/**
 * For pages and route handlers: the person, or a redirect to sign in that comes back to the page
 * asked for. A person still on a one-time password is sent to choose their own first, whichever
 * page they asked for. The proxy has already sent away anyone without a cookie; this catches a
 * cookie that is valid but void (signed out while another response renewed it, account disabled).
 */
export async function requireSession(): Promise<StaffSession> {
  const session = await currentSession();
  if (!session) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER)));
  if (session.mustChangePassword) redirect(CHOOSE_PASSWORD_PATH);
  if (session.mustEnrolSecondFactor) redirect(ENROL_SECOND_FACTOR_PATH);
  return session;
}

/**
 * For pages and route handlers: the person when their role holds the permission (or one of the
 * list), else the 403 page (app/(console)/forbidden.tsx). Actions use defineAction instead.
 */
export async function requirePermission(permission: Permission | readonly Permission[]): Promise<StaffSession> {
  const session = await requireSession();
  const allowed = typeof permission === "string" ? can(session.role, permission) : canAny(session.role, permission);
  if (!allowed) forbidden();
  return session;
}
