import "server-only";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers, type Role } from "../db/schema";
import { recordAudit } from "./audit";
import type { KeyVault } from "../merchants/key-vault";
import { verifyAgainstNothing, verifyPassword } from "./password";
import { countPasskeys, verifyPasskeyAuthentication, type PasskeySite } from "./passkeys";
import { checkSecondFactor } from "./second-factor";
import type { SecondFactorMethods, SignInRefusal } from "./sign-in-messages";
import { checkSignInThrottle, clearAccountThrottle, minutesUntil, normalizeEmail, recordSignInFailure } from "./throttle";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  merchantIds: string[] | null;
}

/** A passkey's answer to a challenge from lib/auth/passkeys.ts (the browser's JSON, parsed). */
export interface PasskeyAnswer {
  challengeId: string;
  response: AuthenticationResponseJSON;
}

export type SignInResult = { ok: true; user: SignedInUser } | { ok: false; refusal: SignInRefusal };

interface Attempt {
  email: string;
  password: string;
  /** The authenticator app's code or a recovery code, for a person who has two-factor sign-in. */
  code?: string;
  /** Or a passkey's answer as the second factor. */
  passkey?: PasskeyAnswer;
  ip: string | null;
  now?: Date;
}

/**
 * Every sign-in, whichever way it arrives (the login form's action or a form posted straight to
 * /api/auth/callback/credentials), passes here: throttle → account → password → disabled.
 *
 * - An unknown email costs the same argon2 time and gets the same answer as a wrong password.
 * - "Disabled" is told only after the right password, so it reveals nothing to a guesser; it is
 *   not counted as a failure (the person knows the password).
 * - Attempts refused by a lock are not audited one by one (a flood must not write a row each);
 *   the failure that set the lock is, with outcome "locked".
 * - With two-factor sign-in, the right password alone is answered "second_factor" (the form then
 *   asks for the code, keeping what was typed); a wrong or replayed code counts as a failure, like a
 *   wrong password, towards the same locks. A passkey answers the same question; the refusal says
 *   which of the two the person has, so the form offers those.
 */
export async function verifySignIn(db: Db, attempt: Attempt, vault?: KeyVault, site?: PasskeySite | null): Promise<SignInResult> {
  const now = attempt.now ?? new Date();
  const email = normalizeEmail(attempt.email);
  const { ip } = attempt;

  const block = await checkSignInThrottle(db, { email, ip, now });
  if (block) return { ok: false, refusal: { reason: "throttled", scope: block.scope, minutes: minutesUntil(block.retryAfterMs) } };

  const [user] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email}`)
    .limit(1);
  const isRightPassword = user ? await verifyPassword(user.passwordHash, attempt.password) : await verifyAgainstNothing(attempt.password);
  const audit = { action: "auth.sign-in" as const, actorId: user?.id ?? null, target: email, ip };

  if (!user || !isRightPassword) {
    const lock = await recordSignInFailure(db, { email, ip, now });
    await recordAudit(db, { ...audit, outcome: lock ? "locked" : "failed", data: lock ? { lockedScope: lock.scope } : undefined });
    if (lock) return { ok: false, refusal: { reason: "throttled", scope: lock.scope, minutes: minutesUntil(lock.retryAfterMs) } };
    return { ok: false, refusal: { reason: "invalid" } };
  }
  if (user.isDisabled) {
    await recordAudit(db, { ...audit, outcome: "disabled" });
    return { ok: false, refusal: { reason: "disabled" } };
  }

  let secondFactor: "totp" | "recovery_code" | "passkey" | null = null;
  const passkeys = await countPasskeys(db, user.id);
  const hasApp = user.totpSecretEncrypted !== null;
  if (hasApp || passkeys > 0) {
    const methods: SecondFactorMethods = hasApp && passkeys > 0 ? "both" : hasApp ? "totp" : "passkey";
    const code = hasApp ? (attempt.code?.trim() ?? "") : "";
    if (code === "" && !attempt.passkey) return { ok: false, refusal: { reason: "second_factor", methods } };
    let check: { ok: true; by: "totp" | "recovery_code" | "passkey" } | { ok: false; why: string };
    if (attempt.passkey && passkeys > 0 && site) {
      const answer = await verifyPasskeyAuthentication(db, site, { purpose: "second-factor", userId: user.id, ...attempt.passkey }, now);
      check = answer.ok ? { ok: true, by: "passkey" } : { ok: false, why: `passkey-${answer.why}` };
    } else if (code !== "" && vault) {
      check = await checkSecondFactor(db, vault, user, code, now);
    } else {
      check = { ok: false, why: "wrong" };
    }
    if (!check.ok) {
      const lock = await recordSignInFailure(db, { email, ip, now });
      await recordAudit(db, {
        ...audit,
        action: "auth.second-factor",
        outcome: lock ? "locked" : "failed",
        data: { why: check.why, ...(lock ? { lockedScope: lock.scope } : {}) },
      });
      if (lock) return { ok: false, refusal: { reason: "throttled", scope: lock.scope, minutes: minutesUntil(lock.retryAfterMs) } };
      return { ok: false, refusal: { reason: "second_factor_invalid", methods } };
    }
    secondFactor = check.by;
  }

  await clearAccountThrottle(db, email);
  await db.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, user.id));
  await recordAudit(db, { ...audit, outcome: "ok", data: secondFactor ? { secondFactor } : undefined });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, merchantIds: user.merchantIds } };
}

/**
 * A sign-in with a passkey alone (a discoverable credential that verified the person on the
 * device): throttle by IP → the passkey's answer (lib/auth/passkeys.ts) → disabled. A failure
 * counts against the IP, and against the account when the passkey is one of PayDesk's.
 */
export async function verifyPasskeySignIn(
  db: Db,
  attempt: { passkey: PasskeyAnswer; ip: string | null; now?: Date },
  site: PasskeySite | null,
): Promise<SignInResult> {
  const now = attempt.now ?? new Date();
  const { ip } = attempt;
  const block = await checkSignInThrottle(db, { email: null, ip, now });
  if (block) return { ok: false, refusal: { reason: "throttled", scope: block.scope, minutes: minutesUntil(block.retryAfterMs) } };
  const answer = site
    ? await verifyPasskeyAuthentication(db, site, { purpose: "sign-in", userId: null, ...attempt.passkey }, now)
    : ({ ok: false, why: "invalid", userId: null } as const);
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.id, answer.userId ?? ""))
    .limit(1);
  const audit = { action: "auth.sign-in" as const, actorId: user?.id ?? null, target: user?.email ?? "passkey", ip };
  if (!answer.ok || !user) {
    const lock = await recordSignInFailure(db, { email: user ? normalizeEmail(user.email) : null, ip, now });
    await recordAudit(db, {
      ...audit,
      outcome: lock ? "locked" : "failed",
      data: { by: "passkey", why: answer.ok ? "unknown" : answer.why, ...(lock ? { lockedScope: lock.scope } : {}) },
    });
    if (lock) return { ok: false, refusal: { reason: "throttled", scope: lock.scope, minutes: minutesUntil(lock.retryAfterMs) } };
    return { ok: false, refusal: { reason: "passkey_invalid" } };
  }
  if (user.isDisabled) {
    await recordAudit(db, { ...audit, outcome: "disabled", data: { by: "passkey" } });
    return { ok: false, refusal: { reason: "disabled" } };
  }
  await clearAccountThrottle(db, user.email);
  await db.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, user.id));
  await recordAudit(db, { ...audit, outcome: "ok", data: { by: "passkey" } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, merchantIds: user.merchantIds } };
}
