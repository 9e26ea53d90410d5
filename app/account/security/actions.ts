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
import { env } from "@/lib/env";
import {
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  countPasskeys,
  finishPasskeyRegistration,
  MAX_PASSKEYS,
  removePasskey,
  verifyPasskeyAuthentication,
  type PasskeyFailure,
} from "@/lib/auth/passkeys";
import { finishPasskeyRegistrationSchema, passkeyAnswerSchema, passkeyRules, removePasskeySchema } from "@/lib/auth/passkey-rules";

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

const P = passkeyRules.keys;
const passkeyFailure: Record<PasskeyFailure, string> = {
  expired: P.expired,
  unknown: P.invalid,
  invalid: P.invalid,
  counter: P.counter,
  registered: P.registered,
};

function passkeySite() {
  const site = env().passkeySite;
  if (!site) throw new ActionError(P.unavailable);
  return site;
}

/**
 * Options for the browser to make a passkey (the account's security page). A person who already
 * has a second factor confirms with it first (step-up): a session left open cannot add a way in.
 */
export const beginPasskeyRegistrationAction = defineAction({
  permission: "signed-in",
  schema: z.object({}),
  audit: false,
  stepUp: true,
  run: async ({ session, db }) => {
    const site = passkeySite();
    if ((await countPasskeys(db, session.userId)) >= MAX_PASSKEYS) throw new ActionError(P.tooMany);
    return beginPasskeyRegistration(db, site, { id: session.userId, email: session.email, name: session.name });
  },
});

/** The browser's new passkey, checked and kept under the name the person gave it. */
export const finishPasskeyRegistrationAction = defineAction({
  permission: "signed-in",
  schema: finishPasskeyRegistrationSchema,
  audit: "account.passkey-add",
  run: async ({ input, session, db }) => {
    const added = await finishPasskeyRegistration(db, passkeySite(), session.userId, input);
    if (!added.ok) throw new ActionError(passkeyFailure[added.why]);
    return added.passkey;
  },
  target: () => null,
});

/** Removes one of the person's passkeys (after a fresh second-factor check). */
export const removePasskeyAction = defineAction({
  permission: "signed-in",
  schema: removePasskeySchema,
  audit: "account.passkey-remove",
  stepUp: true,
  run: async ({ input, session, db }) => {
    if (!(await removePasskey(db, session.userId, input.passkeyId))) throw new ActionError(P.notFound, {}, "not_found");
    return null;
  },
  target: (input) => input.passkeyId,
});

/** Options for a step-up with a passkey: only this person's are offered. */
export const passkeyStepUpOptionsAction = defineAction({
  permission: "signed-in",
  schema: z.object({}),
  audit: false,
  run: async ({ session, db }) => beginPasskeyAuthentication(db, passkeySite(), { purpose: "step-up", userId: session.userId }),
});

/** A fresh second-factor check with a passkey (step-up): the actions that ask for one go ahead for 5 minutes. */
export const passkeyStepUpAction = defineAction({
  permission: "signed-in",
  schema: passkeyAnswerSchema,
  audit: "auth.step-up",
  run: async ({ input, session, db, ip }) => {
    const answer = await verifyPasskeyAuthentication(db, passkeySite(), { purpose: "step-up", userId: session.userId, ...input });
    if (!answer.ok) {
      await recordSignInFailure(db, { email: normalizeEmail(session.email), ip, now: new Date() });
      throw new ActionError(passkeyFailure[answer.why], {}, "denied");
    }
    if (!session.signIn || !(await recordStepUp(db, session.signIn.id))) throw new ActionError(R.sessionUnknown);
    return null;
  },
  target: () => null,
});
