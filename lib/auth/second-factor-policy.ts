import "server-only";
import type { Db } from "../db/client";
import { ROLES, securitySettings, type Role } from "../db/schema";

/**
 * Which roles must sign in with a second factor (an admin's choice, Settings → Staff). A person in
 * such a role without one is sent to enrol right after the password and can do nothing else until
 * done: lib/auth/current-session.ts reads the rule with the person on every request, so a change applies
 * at each person's next click, on every instance.
 */
const GLOBAL = "global";

export async function secondFactorRoles(db: Db): Promise<Role[]> {
  const [row] = await db.select({ roles: securitySettings.secondFactorRoles }).from(securitySettings).limit(1);
  return row?.roles ?? [];
}

export async function setSecondFactorRoles(db: Db, roles: readonly Role[], by: string): Promise<Role[]> {
  // Only roles that exist, in their own order.
  const chosen = ROLES.filter((role) => roles.includes(role));
  await db
    .insert(securitySettings)
    .values({ id: GLOBAL, secondFactorRoles: chosen, updatedBy: by })
    .onConflictDoUpdate({ target: securitySettings.id, set: { secondFactorRoles: chosen, updatedBy: by, updatedAt: new Date() } });
  return chosen;
}
