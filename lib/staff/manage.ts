import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { resetSecondFactor } from "../auth/second-factor";
import { endSessions } from "../auth/open-sessions";
import { announceStaffChange } from "../live/staff-changes";
import { setSecondFactorRoles } from "../auth/second-factor-policy";
import type { Db } from "../db/client";
import { merchants, staffUsers, type Role } from "../db/schema";
import { isUniqueViolation, SettingsRuleError, STAFF_REFUSALS } from "./errors";
import { oneTimePassword } from "./one-time-password";
import { merchantIdsFor, type InviteStaffInput, type StaffAccessInput } from "./schemas";

/**
 * Staff accounts, as admins manage them. The rules live here, where the tests reach them:
 *
 * - An invited (or reset) person gets a one-time password, shown to the admin once, and must
 *   choose their own at first sign-in (lib/auth/current-session.ts sends them to /account/password).
 * - Nobody changes their own role or merchants, or disables themselves: an admin cannot lock
 *   themselves out by mistake, and every change of access is one person acting on another.
 * - There is always at least one active admin. The check runs in the same transaction as the
 *   change, with every active admin's row locked, so two admins demoting each other at the same
 *   moment cannot both succeed.
 */

/** Who is acting: only a person with every merchant may manage staff (else a limited admin could invite an unlimited one). */
export interface Actor {
  userId: string;
  merchantIds: string[] | null;
}

function assertCanManage(actor: Actor) {
  if (actor.merchantIds !== null) throw new SettingsRuleError(STAFF_REFUSALS.needsAllMerchants);
}

export const newStaffId = () => `usr_${randomBytes(8).toString("hex")}`;

export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: InviteStaffInput,
): Promise<{ id: string; email: string; oneTimePassword: string }> {
  assertCanManage(actor);
  const merchantIds = merchantIdsFor(input);
  await assertMerchantsExist(db, merchantIds);
  const [taken] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  if (taken) throw new SettingsRuleError(STAFF_REFUSALS.emailTaken, "email");
  const password = oneTimePassword();
  const id = newStaffId();
  try {
    await db.insert(staffUsers).values({
      id,
      email: input.email,
      name: input.name,
      role: input.role,
      merchantIds,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
    });
  } catch (error) {
    // Two admins inviting the same address at once: the unique index on lower(email) decides.
    if (isUniqueViolation(error)) throw new SettingsRuleError(STAFF_REFUSALS.emailTaken, "email");
    throw error;
  }
  return { id, email: input.email, oneTimePassword: password };
}

export async function changeStaffAccess(db: Db, actor: Actor, input: StaffAccessInput): Promise<void> {
  assertCanManage(actor);
  if (input.userId === actor.userId) throw new SettingsRuleError(STAFF_REFUSALS.notYourself);
  const merchantIds = merchantIdsFor(input);
  await assertMerchantsExist(db, merchantIds);
  await db.transaction(async (tx) => {
    const target = await lockForChange(tx as unknown as Db, input.userId);
    if (target.role === "admin" && !target.isDisabled && input.role !== "admin")
      await assertAnotherActiveAdmin(tx as unknown as Db, target.id);
    await tx
      .update(staffUsers)
      .set({ name: input.name, role: input.role, merchantIds, updatedAt: new Date() })
      .where(eq(staffUsers.id, target.id));
  });
  // Their open streams check again at once: a narrower role or scope ends them.
  await announceStaffChange(db, input.userId);
}

export async function setStaffDisabled(db: Db, actor: Actor, userId: string, isDisabled: boolean): Promise<void> {
  assertCanManage(actor);
  if (userId === actor.userId) throw new SettingsRuleError(STAFF_REFUSALS.notYourself);
  await db.transaction(async (tx) => {
    const target = await lockForChange(tx as unknown as Db, userId);
    if (isDisabled && target.role === "admin" && !target.isDisabled) await assertAnotherActiveAdmin(tx as unknown as Db, target.id);
    // Takes effect at the person's next click: every request re-reads their row (lib/auth/current-session.ts).
    await tx.update(staffUsers).set({ isDisabled, updatedAt: new Date() }).where(eq(staffUsers.id, target.id));
  });
  // Their open event streams, on every instance, end now rather than at their next re-check.
  await announceStaffChange(db, userId);
}

/**
 * A new one-time password for someone who forgot theirs (or whose account someone else may hold);
 * they must replace it at sign-in. Every session of theirs ends with it (lib/auth/open-sessions.ts): a
 * session that outlived the reset could be a thief's, still signed in.
 */
export async function resetStaffPassword(db: Db, actor: Actor, userId: string): Promise<{ email: string; oneTimePassword: string }> {
  assertCanManage(actor);
  if (userId === actor.userId) throw new SettingsRuleError(STAFF_REFUSALS.notYourself);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(staffUsers)
    .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
    .where(eq(staffUsers.id, userId))
    .returning({ email: staffUsers.email });
  if (!row) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  await endSessions(db, userId, null);
  return { email: row.email, oneTimePassword: password };
}

/**
 * Locks every active admin's row and the target's, in id order (one order for everybody, so two
 * such transactions wait for each other instead of deadlocking), and returns the target.
 */
async function lockForChange(tx: Db, userId: string) {
  const rows = await tx
    .select({ id: staffUsers.id, role: staffUsers.role, isDisabled: staffUsers.isDisabled })
    .from(staffUsers)
    .where(sql`${staffUsers.id} = ${userId} or (${staffUsers.role} = 'admin' and not ${staffUsers.isDisabled})`)
    .orderBy(staffUsers.id)
    .for("update");
  const target = rows.find((r) => r.id === userId);
  if (!target) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  return target;
}

async function assertAnotherActiveAdmin(tx: Db, exceptId: string) {
  const [other] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "admin"), eq(staffUsers.isDisabled, false), ne(staffUsers.id, exceptId)))
    .limit(1);
  if (!other) throw new SettingsRuleError(STAFF_REFUSALS.lastAdmin, "role");
}

async function assertMerchantsExist(db: Db, merchantIds: string[] | null) {
  if (!merchantIds || merchantIds.length === 0) return;
  const found = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.id, merchantIds));
  if (found.length !== merchantIds.length) throw new SettingsRuleError(STAFF_REFUSALS.unknownMerchant, "merchantIds");
}

/**
 * Turns off another person's second factor (they lost their phone and their recovery codes): they
 * sign in with the password alone until they enrol again, which a policy may require at once.
 * Never one's own, and only while another active admin exists besides the one doing it.
 */
export async function resetStaffSecondFactor(db: Db, actor: Actor, userId: string): Promise<void> {
  assertCanManage(actor);
  if (userId === actor.userId) throw new SettingsRuleError(STAFF_REFUSALS.notYourself);
  const [other] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "admin"), eq(staffUsers.isDisabled, false), ne(staffUsers.id, actor.userId)))
    .limit(1);
  if (!other) throw new SettingsRuleError(STAFF_REFUSALS.resetNeedsAnotherAdmin);
  const [person] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!person) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  if (!(await resetSecondFactor(db, userId))) throw new SettingsRuleError(STAFF_REFUSALS.noSecondFactor);
}

/** The roles that must sign in with a second factor; only an admin with every merchant sets them (they apply to everyone). */
export async function setSecondFactorPolicy(db: Db, actor: Actor, roles: readonly Role[]): Promise<Role[]> {
  assertCanManage(actor);
  return setSecondFactorRoles(db, roles, actor.userId);
}

/** Ends every session of another person (never one's own: that is the account page's "end all others"). */
export async function endAllSessionsOf(db: Db, actor: Actor, userId: string): Promise<number> {
  assertCanManage(actor);
  if (userId === actor.userId) throw new SettingsRuleError(STAFF_REFUSALS.notYourself);
  const [person] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!person) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  return endSessions(db, userId, null);
}
