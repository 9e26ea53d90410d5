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
import { beginPasskeyRegistrationSchema, beginTotpSchema, secondFactorCodeSchema, secondFactorRules } from "@/lib/auth/second-factor-rules";
import { verifyPassword } from "@/lib/auth/password";
import type { StaffSession } from "@/lib/auth/current-session";
import { limitedStepUpCheck, type StepUpLock } from "@/lib/auth/step-up-throttle";
import type { Db } from "@/lib/db/client";
import { staffUsers } from "@/lib/db/schema";
import { endSession, endSessions } from "@/lib/auth/open-sessions";
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
 * recovery codes need a current code, so a session left open cannot do either. Adding a second
 * factor needs a fresh check with one the person has (step-up), or, for their first, the password
 * again. Every one of these checks is limited per session and per person, the lock looked at before
 * the answer (lib/auth/step-up-throttle.ts); a wrong answer locks confirming, never signing in.
 * Recovery codes leave the server only in these answers, shown once.
 */
const R = secondFactorRules.keys;

function whoOf(session: StaffSession) {
  return { userId: session.userId, sessionId: session.signIn?.id ?? null };
}

/** The refusal for a locked (or now locked) check, with when the lock ends; else `wrong`. */
function refusal(lock: StepUpLock | null, wrong: string, field: string | null): ActionError {
  const message = lock ? `${R.locked}:${lock.until.toISOString()}` : wrong;
  return new ActionError(message, field ? { [field]: [message] } : {}, "denied");
}

async function requireCurrentCode(db: Db, session: StaffSession, code: string): Promise<void> {
  const [user] = await db
    .select({ id: staffUsers.id, totpSecretEncrypted: staffUsers.totpSecretEncrypted })
    .from(staffUsers)
    .where(eq(staffUsers.id, session.userId));
  if (!user?.totpSecretEncrypted) throw new ActionError(R.notOn);
  const check = await limitedStepUpCheck(db, whoOf(session), async () => {
    const answer = await checkSecondFactor(db, keyVault(), user, code);
    return answer.ok ? answer : null;
  });
  if (!check.ok) throw refusal(check.lock, R.codeWrong, "code");
}

/**
 * Before a person's FIRST second factor: their password again (limited like a code). A person who
 * has one already passes step-up with it instead (the action's `stepUp`), so neither way lets a
 * session left open add a way in.
 */
async function requirePasswordForFirstFactor(db: Db, session: StaffSession, password: string | undefined): Promise<void> {
  if (session.hasSecondFactor) return;
  if (!password) throw new ActionError(R.passwordRequired, { password: [R.passwordRequired] });
  const check = await limitedStepUpCheck(db, whoOf(session), async () => {
    const [user] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, session.userId));
    return user && (await verifyPassword(user.passwordHash, password)) ? true : null;
  });
  if (!check.ok) throw refusal(check.lock, R.passwordWrong, "password");
}

/** A new app's secret: after a fresh check with a passkey the person has (step-up), or the password for a first factor. */
export const beginTotpAction = defineAction({
  permission: "signed-in",
  schema: beginTotpSchema,
  audit: "account.totp-begin",
  stepUp: true,
  run: async ({ input, session, db }) => {
    if ((await secondFactorStatus(db, session.userId)).totpEnabled) throw new ActionError(R.alreadyOn);
    await requirePasswordForFirstFactor(db, session, input.password);
    return beginTotpEnrolment(db, keyVault(), { id: session.userId, email: session.email });
  },
  target: () => null,
});

export const confirmTotpAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "account.totp-enrol",
  run: async ({ input, session, db }) => {
    if ((await secondFactorStatus(db, session.userId)).totpEnabled) throw new ActionError(R.alreadyOn);
    const check = await limitedStepUpCheck(db, whoOf(session), () => confirmTotpEnrolment(db, keyVault(), session.userId, input.code));
    if (!check.ok) throw refusal(check.lock, R.codeWrong, "code");
    return { recoveryCodes: check.value };
  },
  target: () => null,
});

export const regenerateRecoveryCodesAction = defineAction({
  permission: "signed-in",
  schema: secondFactorCodeSchema,
  audit: "account.recovery-codes",
  run: async ({ input, session, db }) => {
    await requireCurrentCode(db, session, input.code);
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
  run: async ({ input, session, db }) => {
    await requireCurrentCode(db, session, input.code);
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
  run: async ({ input, session, db }) => {
    await requireCurrentCode(db, session, input.code);
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
 * has a second factor confirms with it first (step-up); one with none gives the password again:
 * either way a session left open cannot add a way in.
 */
export const beginPasskeyRegistrationAction = defineAction({
  permission: "signed-in",
  schema: beginPasskeyRegistrationSchema,
  audit: false,
  stepUp: true,
  run: async ({ input, session, db }) => {
    const site = passkeySite();
    if ((await countPasskeys(db, session.userId)) >= MAX_PASSKEYS) throw new ActionError(P.tooMany);
    await requirePasswordForFirstFactor(db, session, input.password);
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
  run: async ({ input, session, db }) => {
    const site = passkeySite();
    let why: PasskeyFailure = "invalid";
    const check = await limitedStepUpCheck(db, whoOf(session), async () => {
      const answer = await verifyPasskeyAuthentication(db, site, { purpose: "step-up", userId: session.userId, ...input });
      if (answer.ok) return true;
      why = answer.why;
      return null;
    });
    if (!check.ok) throw refusal(check.lock, passkeyFailure[why], null);
    if (!session.signIn || !(await recordStepUp(db, session.signIn.id))) throw new ActionError(R.sessionUnknown);
    return null;
  },
  target: () => null,
});
