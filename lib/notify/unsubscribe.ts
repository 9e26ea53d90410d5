import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers } from "../db/schema";
import { recordAudit } from "../auth/audit";
import type { NotificationKind } from "./choice-schema";

export { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-signing";

/** Where a mail client posts "stop these e-mails" (app/api/email/unsubscribe/route.ts). */
export const UNSUBSCRIBE_PATH = "/api/email/unsubscribe";

/**
 * Turns the given kinds off for the person (added to what they already turned off; a second post
 * changes nothing) and audits it as their own choice. False when there is no such person.
 */
export async function turnOffByLink(db: Db, staffId: string, kinds: readonly NotificationKind[], ip: string | null): Promise<boolean> {
  const updated = await db
    .update(staffUsers)
    .set({
      notificationsOff: sql`(select coalesce(array_agg(distinct k order by k), '{}') from unnest(${staffUsers.notificationsOff} || array[${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}]::text[]) k)`,
      updatedAt: new Date(),
    })
    .where(eq(staffUsers.id, staffId))
    .returning({ off: staffUsers.notificationsOff });
  if (updated.length === 0) return false;
  await recordAudit(db, {
    actorId: staffId,
    action: "staff.notification-choices",
    outcome: "ok",
    target: staffId,
    ip,
    data: { via: "e-mail link", turnedOff: [...kinds], off: updated[0]!.off },
  });
  return true;
}
