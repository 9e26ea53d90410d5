import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffSessions } from "../db/schema";
import type { StaffSession } from "./current-session";

/**
 * Step-up: the actions that move money out or hand out secrets (approving or declining a pay-out,
 * creating one above the approval threshold, creating API keys, revealing or rotating a webhook
 * secret, changing a person's role or merchants) ask a person who signs in with a second factor for
 * a fresh code, unless this session passed one in the last 5 minutes. Enforced by the action door
 * (lib/auth/action.ts `stepUp`), so calling the action directly without it is refused; the console
 * asks for the code and sends the action again (components/ui/step-up.tsx). Whether everyone who
 * approves has a second factor is the two-factor rule's to say (Settings → Staff). The code or
 * passkey checks themselves are limited per session and per person, the lock looked at first
 * (lib/auth/step-up-throttle.ts).
 */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

export function needsStepUp(session: Pick<StaffSession, "hasSecondFactor" | "steppedUpAt">, now = new Date()): boolean {
  if (!session.hasSecondFactor) return false;
  return !session.steppedUpAt || now.getTime() - session.steppedUpAt.getTime() > STEP_UP_MAX_AGE_MS;
}

/** This session passed a fresh second-factor check now. */
export async function recordStepUp(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(staffSessions)
    .set({ stepUpAt: now })
    .where(eq(staffSessions.id, sessionId))
    .returning({ id: staffSessions.id });
  return updated.length > 0;
}
