import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { log } from "../ops/log";
import { REQUEST_CHANNEL } from "../requests/apply";

/**
 * A change to a person that may end what they have open (disabled, their role or merchants changed,
 * a session ended, their password reset or changed), announced with their id so their open event
 * streams, on any instance, check again at once (app/api/events/route.ts) instead of at their next
 * periodic re-check. It rides the request channel the live bus already listens on, marked by its
 * prefix, so a process keeps one LISTEN connection (lib/live/bus.ts); the outbound worker, which
 * also listens there, only wakes for a pass.
 */
export const STAFF_CHANGE_PREFIX = "staff:";

/** Announces a change to `userId`, after it is committed. Failing to announce is logged, not thrown: the change stands, and the periodic re-check still ends what must end. */
export async function announceStaffChange(db: Db, userId: string): Promise<void> {
  try {
    await db.execute(sql`select pg_notify(${REQUEST_CHANNEL}, ${STAFF_CHANGE_PREFIX + userId})`);
  } catch (error) {
    log("live").warn("a change to a person could not be announced; their open streams end at their next re-check", { userId, error });
  }
}
