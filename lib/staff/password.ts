import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../auth/password";
import type { Db } from "../db/client";
import { announceStaffChange } from "../live/staff-changes";
import { staffPasskeys, staffUsers } from "../db/schema";
import { SettingsRuleError, STAFF_REFUSALS } from "./errors";
import type { ChangePasswordInput } from "./schemas";

/**
 * A person choosing their own password: at first sign-in after an invite or reset (the one-time
 * password is the "current" one), or whenever they like. The current password is asked again so
 * a session left open on a shared computer cannot be turned into a stolen account.
 *
 * Every other session of the person ends (lib/auth/current-session.ts): whoever knew the old password may
 * be signed in somewhere. `keptSessionId`, the session making the change, stays signed in.
 *
 * Whoever held a session may also have added a passkey, which signs in without the password: the
 * form lists the person's passkeys and they keep the ones they recognise. Those listed and not kept
 * are removed with the password, in one transaction; their ids and names are answered for the audit.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  input: Pick<ChangePasswordInput, "currentPassword" | "newPassword"> &
    Partial<Pick<ChangePasswordInput, "passkeysListed" | "keepPasskeyIds">>,
  keptSessionId: string | null,
): Promise<{ removedPasskeys: { id: string; name: string }[] }> {
  const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, userId)).limit(1);
  if (!row) throw new SettingsRuleError(STAFF_REFUSALS.notFound, undefined, "not_found");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw new SettingsRuleError(STAFF_REFUSALS.wrongCurrentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const kept = new Set(input.keepPasskeyIds ?? []);
  const toRemove = [...new Set(input.passkeysListed ?? [])].filter((id) => !kept.has(id));
  const removedPasskeys = await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        passwordHash,
        mustChangePassword: false,
        // Whole seconds, as sign-in times are: a sign-in in the same second as the change is after it.
        sessionsValidFrom: new Date(Math.floor(Date.now() / 1000) * 1000),
        keptSessionId,
        updatedAt: new Date(),
      })
      .where(eq(staffUsers.id, userId));
    if (toRemove.length === 0) return [];
    return tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.userId, userId), inArray(staffPasskeys.id, toRemove)))
      .returning({ id: staffPasskeys.id, name: staffPasskeys.name });
  });
  await announceStaffChange(db, userId);
  return { removedPasskeys };
}
