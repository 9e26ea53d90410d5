import "server-only";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../auth/password";
import type { Db } from "../db/client";
import { announceStaffChange } from "../live/staff-changes";
import { staffUsers } from "../db/schema";
import { SettingsRuleError, STAFF_REFUSALS } from "./errors";
import type { ChangePasswordInput } from "./schemas";

/**
 * A person choosing their own password: at first sign-in after an invite or reset (the one-time
 * password is the "current" one), or whenever they like. The current password is asked again so
 * a session left open on a shared computer cannot be turned into a stolen account.
 *
 * Every other session of the person ends (lib/auth/session.ts): whoever knew the old password may
 * be signed in somewhere. `keptSessionId`, the session making the change, stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  input: Pick<ChangePasswordInput, "currentPassword" | "newPassword">,
  keptSessionId: string | null,
): Promise<void> {
  const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, userId)).limit(1);
  if (!row) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw new SettingsRuleError(STAFF_REFUSALS.wrongCurrentPassword, "currentPassword");
  await db
    .update(staffUsers)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      mustChangePassword: false,
      // Whole seconds, as sign-in times are: a sign-in in the same second as the change is after it.
      sessionsValidFrom: new Date(Math.floor(Date.now() / 1000) * 1000),
      keptSessionId,
      updatedAt: new Date(),
    })
    .where(eq(staffUsers.id, userId));
  await announceStaffChange(db, userId);
}
