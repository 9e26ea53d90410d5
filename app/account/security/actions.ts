"use server";

import { eq } from "drizzle-orm";
import { z } from "zod";
import { ActionError, defineAction } from "@/lib/auth/action";
import {
  beginTotpEnrolment,
  checkSecondFactor,
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeTotp,
  secondFactorStatus,
} from "@/lib/auth/second-factor";
import { beginTotpSchema, secondFactorCodeSchema, secondFactorRules } from "@/lib/auth/second-factor-rules";
import { normalizeEmail, recordSignInFailure } from "@/lib/auth/throttle";
import type { Db } from "@/lib/db/client";
import { staffUsers } from "@/lib/db/schema";
import { endSession, endSessions } from "@/lib/auth/sessions";
import { recordStepUp } from "@/lib/auth/step-up";
import { keyVault } from "@/lib/merchants/vault";

/**
 * The person's own two-factor sign-in (the account's security page). Turning it off and making new
 * recovery codes need a current code, so a session left open cannot do either; a wrong code counts
 * towards the sign-in locks, like a wrong password. Recovery codes leave the server only in these
 * answers, shown once.
 */
const R = secondFactorRules.keys;

async function requireCurrentCode(db: Db, userId: string, email: string, ip: string | null, code: string): Promise<void> {
  const [user] = await db
    .select({ id: staffUsers.id, totpSecretEncrypted: staffUsers.totpSecretEncrypted })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!user?.totpSecretEncrypted) throw new ActionError(R.notOn);
  const check = await checkSecondFactor(db, keyVault(), user, code);
  if (!check.ok) {
    await recordSignInFailure(db, { email: normalizeEmail(email), ip, now: new Date() });
    throw new ActionError(R.codeWrong, { code: [R.codeWrong] }, "denied");
  }
}

export const beginTotpAction = defineAction({
  permission: "signed-in",
  schema: beginTotpSchema,
  audit: "account.totp-begin",
  run: async ({ session, db }) => {
    if ((await secondFactorStatus(db, session.userId)).totpEnabled) throw new ActionError(R.alreadyOn);
    return beginTotpEnrolment(db, keyVault(), { id: session.userId, email: session.email });
  },
  target: () => null,
});

export const confirmTotpAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "account.totp-enrol",
  run: async ({ input, session, db, ip }) => {
    if ((await secondFactorStatus(db, session.userId)).totpEnabled) throw new ActionError(R.alreadyOn);
    const codes = await confirmTotpEnrolment(db, keyVault(), session.userId, input.code);
    if (!codes) {
      await recordSignInFailure(db, { email: normalizeEmail(session.email), ip, now: new Date() });
      throw new ActionError(R.codeWrong, { code: [R.codeWrong] });
    }
    return { recoveryCodes: codes };
  },
  target: () => null,
});

export const regenerateRecoveryCodesAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "account.recovery-codes",
  run: async ({ input, session, db, ip }) => {
    await requireCurrentCode(db, session.userId, session.email, ip, input.code);
    const codes = await regenerateRecoveryCodes(db, session.userId);
    if (!codes) throw new ActionError(R.notOn);
    return { recoveryCodes: codes };
  },
  target: () => null,
});

export const removeTotpAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "account.totp-remove",
  run: async ({ input, session, db, ip }) => {
    await requireCurrentCode(db, session.userId, session.email, ip, input.code);
    if (!(await removeTotp(db, session.userId))) throw new ActionError(R.notOn);
    return null;
  },
  target: () => null,
});

/** A fresh second-factor check for this session (step-up): the actions that ask for one go ahead for 5 minutes. */
export const stepUpAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "auth.step-up",
  run: async ({ input, session, db, ip }) => {
    await requireCurrentCode(db, session.userId, session.email, ip, input.code);
    if (!session.signIn || !(await recordStepUp(db, session.signIn.id))) throw new ActionError(R.sessionUnknown);
    return null;
  },
  target: () => null,
});

/** Ends one of the person's own sessions (another device): over at its next request. */
export const endSessionAction = defineAction({
  permission: "signed-in",
  schema: z.object({ sessionId: z.string().min(1).max(64) }),
  audit: "account.end-session",
  run: async ({ input, session, db }) => {
    if (!(await endSession(db, session.userId, input.sessionId))) throw new ActionError(R.sessionGone, {}, "not_found");
    return null;
  },
  target: (input) => input.sessionId,
});

/** Ends every session of the person but this one. */
export const endOtherSessionsAction = defineAction({
  permission: "signed-in",
  schema: z.object({}),
  audit: "account.end-other-sessions",
  run: async ({ session, db }) => ({ ended: await endSessions(db, session.userId, session.signIn?.id ?? null) }),
  target: () => null,
});
