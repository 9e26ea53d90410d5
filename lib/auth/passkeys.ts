import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { hitRateLimits } from "../public/rate-limit";
import { ipThrottleKey } from "../http/request-ip";
import { staffPasskeys } from "../db/schema";
import { CHALLENGE_TTL_MS, storeChallenge, takeChallenge, type ChallengePurpose } from "./webauthn-challenges";

/**
 * Passkeys (WebAuthn): a person registers any number, each with a name, and signs in with one
 * alone (a discoverable credential that verifies the person on the device, by fingerprint, face
 * or PIN: two factors in one) or uses one as the second factor after the password, or for a
 * step-up. The server keeps each passkey's public key and signature counter; nothing secret.
 *
 * Every ceremony starts with a challenge from `webauthn_challenges`, bound to its purpose (and to
 * the person, except a sign-in with a passkey alone, where the passkey says who), good for 5
 * minutes and taken (deleted) by the first answer, right or wrong, so an answer is never accepted
 * twice. The counter moves forward atomically: an answer signed with a counter at or below the
 * stored one is refused as a possible clone, unless the authenticator keeps none (always 0, as
 * synced passkeys do).
 *
 * The relying party is the console's host name (CONSOLE_URL or PUBLIC_BASE_URL, lib/env.ts);
 * browsers refuse passkeys for an IP address, so there the feature is off and says so.
 */
export const MAX_PASSKEYS = 20;
const RP_NAME = "PayDesk";

export interface PasskeySite {
  origin: string;
  rpId: string;
}

/** Why a passkey's answer was not accepted; each is worded for people by the caller. */
export type PasskeyFailure =
  /** The challenge ran out (5 minutes) or was used already. */
  | "expired"
  /** No passkey here has this credential id (or it is another person's). */
  | "unknown"
  /** The signature, origin, challenge or user verification did not hold. */
  | "invalid"
  /** Signed with a counter at or below the last one seen: a cloned authenticator or a replay. */
  | "counter"
  /** This authenticator is registered already. */
  | "registered";

export interface PasskeyListing {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
/** The WebAuthn user handle: the person's id as bytes (never their email). */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyListing[]> {
  return db
    .select({
      id: staffPasskeys.id,
      name: staffPasskeys.name,
      createdAt: staffPasskeys.createdAt,
      lastUsedAt: staffPasskeys.lastUsedAt,
      backedUp: staffPasskeys.backedUp,
    })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.userId, userId))
    .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));
}

async function credentialsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.userId, userId));
  return rows.map((r) => ({ id: r.id, transports: r.transports as AuthenticatorTransport[] }));
}

/** Options for the browser to make a new passkey for this person (none of theirs registered twice). */
export async function beginPasskeyRegistration(
  db: Db,
  site: PasskeySite,
  user: { id: string; email: string; name: string },
  now = new Date(),
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: site.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(user.id),
    attestationType: "none",
    excludeCredentials: await credentialsOf(db, user.id),
    // A discoverable credential, so it can sign in alone; verified on the device where it can be.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await storeChallenge(db, "register", user.id, options.challenge, now);
  return { challengeId, options };
}

export async function finishPasskeyRegistration(
  db: Db,
  site: PasskeySite,
  userId: string,
  input: { challengeId: string; name: string; response: RegistrationResponseJSON },
  now = new Date(),
): Promise<{ ok: true; passkey: { id: string; name: string } } | { ok: false; why: PasskeyFailure }> {
  const challenge = await takeChallenge(db, input.challengeId, "register", userId, now);
  if (!challenge) return { ok: false, why: "expired" };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, why: "invalid" };
  }
  if (!verified.verified) return { ok: false, why: "invalid" };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const id = `pk_${randomBytes(8).toString("hex")}`;
  const inserted = await db
    .insert(staffPasskeys)
    .values({
      id,
      userId,
      credentialId: credential.id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: staffPasskeys.id });
  if (inserted.length === 0) return { ok: false, why: "registered" };
  return { ok: true, passkey: { id, name: input.name } };
}

/**
 * Options for the browser to sign with a passkey. For a step-up only the person's own are offered.
 * At sign-in nobody is known yet (a second factor after the password is asked of whoever typed an
 * email, and naming that account's passkeys would tell a stranger it exists), so the browser offers
 * the ones it holds for this site and the answer says whose it is; alone, the passkey must also
 * verify the person on the device, since it is then the only factor.
 */
export async function beginPasskeyAuthentication(
  db: Db,
  site: PasskeySite,
  input: { purpose: Exclude<ChallengePurpose, "register">; userId: string | null },
  now = new Date(),
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({
    rpID: site.rpId,
    allowCredentials: input.purpose === "step-up" && input.userId ? await credentialsOf(db, input.userId) : [],
    userVerification: input.purpose === "sign-in" ? "required" : "preferred",
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await storeChallenge(db, input.purpose, input.purpose === "step-up" ? input.userId : null, options.challenge, now);
  return { challengeId, options };
}

/** Challenges handed out to people not yet signed in: per network, and all together. */
export const SIGN_IN_CHALLENGE_LIMITS = {
  perIp: { max: 30, windowMs: 60_000 },
  all: { max: 1_200, windowMs: 60_000 },
} as const;

/**
 * A challenge for someone not signed in yet (a passkey alone, or as the second factor): anyone can
 * ask, so each network may ask 30 a minute and everyone together 1,200, and a flood cannot fill
 * the table. Null when over the limit.
 */
export async function beginPasskeySignIn(
  db: Db,
  site: PasskeySite,
  input: { purpose: "sign-in" | "second-factor"; ip: string | null },
  now = new Date(),
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON } | null> {
  const verdict = await hitRateLimits(
    db,
    [
      ...(input.ip ? [{ key: `passkey:${ipThrottleKey(input.ip)}`, limit: SIGN_IN_CHALLENGE_LIMITS.perIp }] : []),
      { key: "passkey:all", limit: SIGN_IN_CHALLENGE_LIMITS.all },
    ],
    now,
  );
  if (!verdict.ok) return null;
  return beginPasskeyAuthentication(db, site, { purpose: input.purpose, userId: null }, now);
}

/**
 * Checks a passkey's answer to a challenge: the answer's challenge, origin and site, the signature
 * by the stored public key, user verification when the passkey is the only factor, and the
 * counter; then moves the counter forward, only if nobody else moved it meanwhile.
 */
export async function verifyPasskeyAuthentication(
  db: Db,
  site: PasskeySite,
  input: {
    purpose: Exclude<ChallengePurpose, "register">;
    /** Whose passkey it must be (second factor, step-up); null when it says who (sign-in alone). */
    userId: string | null;
    challengeId: string;
    response: AuthenticationResponseJSON;
  },
  now = new Date(),
): Promise<{ ok: true; userId: string; passkeyId: string } | { ok: false; why: PasskeyFailure; userId: string | null }> {
  const challenge = await takeChallenge(db, input.challengeId, input.purpose, input.purpose === "step-up" ? input.userId : null, now);
  const [passkey] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, input.response.id)).limit(1);
  const owner = passkey?.userId ?? null;
  if (!challenge) return { ok: false, why: "expired", userId: owner };
  if (!passkey || (input.userId !== null && passkey.userId !== input.userId)) return { ok: false, why: "unknown", userId: input.userId };
  // A passkey alone names its person in the user handle; it must be the one it was registered for.
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== toBase64Url(userHandleOf(passkey.userId))) return { ok: false, why: "invalid", userId: owner };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: fromBase64Url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: input.purpose === "sign-in",
    });
  } catch (error) {
    return { ok: false, why: /counter/i.test(String((error as Error)?.message)) ? "counter" : "invalid", userId: owner };
  }
  if (!verified.verified) return { ok: false, why: "invalid", userId: owner };
  const moved = await db
    .update(staffPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now, backedUp: verified.authenticationInfo.credentialBackedUp })
    .where(and(eq(staffPasskeys.id, passkey.id), eq(staffPasskeys.counter, passkey.counter)))
    .returning({ id: staffPasskeys.id });
  if (moved.length === 0) return { ok: false, why: "counter", userId: owner };
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id };
}

export async function renamePasskey(db: Db, userId: string, passkeyId: string, name: string): Promise<boolean> {
  const renamed = await db
    .update(staffPasskeys)
    .set({ name })
    .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.userId, userId)))
    .returning({ id: staffPasskeys.id });
  return renamed.length > 0;
}

export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const removed = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.userId, userId)))
    .returning({ id: staffPasskeys.id });
  return removed.length > 0;
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.userId, userId));
  return Number(row?.n ?? 0);
}
