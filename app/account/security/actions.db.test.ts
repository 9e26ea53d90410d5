import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { finishPasskeyRegistration, beginPasskeyRegistration } from "@/lib/auth/passkeys";
import { beginTotpEnrolment, confirmTotpEnrolment, secondFactorStatus } from "@/lib/auth/second-factor";
import { secondFactorRules } from "@/lib/auth/second-factor-rules";
import { loadStaffSession, type StaffSession } from "@/lib/auth/current-session";
import { recordSignIn } from "@/lib/auth/open-sessions";
import { STEP_UP_THROTTLE } from "@/lib/auth/step-up-throttle";
import { SoftAuthenticator } from "@/lib/auth/testing/soft-authenticator";
import { insertStaff } from "@/lib/auth/testing/staff";
import { checkSignInThrottle } from "@/lib/auth/throttle";
import { codeAt } from "@/lib/auth/totp";
import type { Db } from "@/lib/db/client";
import { staffSessions, staffUsers } from "@/lib/db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "@/lib/db/testing/databases";
import { keyVault } from "@/lib/merchants/vault";

// The actions' surroundings outside a Next request: who is signed in, the database, the headers.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null }));
vi.mock("@/lib/auth/current-session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/current-session")>()),
  currentSession: async () => surroundings.session,
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.61", "accept-language": "en" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.stubEnv("ENCRYPTION_KEY", randomBytes(32).toString("hex"));
vi.stubEnv("CONSOLE_URL", "https://console.shop.example");

const {
  beginPasskeyRegistrationAction,
  beginTotpAction,
  confirmTotpAction,
  passkeyStepUpAction,
  passkeyStepUpOptionsAction,
  regenerateRecoveryCodesAction,
  removeTotpAction,
  stepUpAction,
} = await import("./actions");

const site = { origin: "https://console.shop.example", rpId: "console.shop.example" };
const R = secondFactorRules.keys;
const IP = "203.0.113.61";

describe.each(DATABASE_KINDS)("confirming it is you from the account's security page, on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  beforeAll(async () => {
    if (!skip) {
      database = await createTestDatabase(kind);
      surroundings.db = database.db as Db;
    }
  });
  afterAll(async () => database?.dispose());
  const db = () => database.db as Db;

  /** A new sign-in of the person, as the door would load it, and made the current one. */
  const signedIn = async (userId: string): Promise<StaffSession> => {
    const id = await recordSignIn(db(), { userId, ip: IP, userAgent: "test" });
    const session = await loadStaffSession(db(), userId, { id, at: new Date() });
    if (!session) throw new Error("no session");
    surroundings.session = session;
    return session;
  };
  /** The same sign-in read again (after a step-up or a new factor). */
  const reload = async (session: StaffSession) => {
    surroundings.session = await loadStaffSession(db(), session.userId, session.signIn!);
    return surroundings.session!;
  };
  const stepUpAt = async (session: StaffSession) =>
    (await db().select({ at: staffSessions.stepUpAt }).from(staffSessions).where(eq(staffSessions.id, session.signIn!.id)))[0]?.at ?? null;

  /** A person with the authenticator app on; answers their secret. */
  const withApp = async () => {
    const user = await insertStaff(db(), { role: "finance" });
    const { secret } = await beginTotpEnrolment(db(), keyVault(), user);
    const earlier = new Date(Date.now() - 60_000);
    expect(await confirmTotpEnrolment(db(), keyVault(), user.id, codeAt(secret, earlier), earlier)).toHaveLength(10);
    return { ...user, secret };
  };
  /** A person whose only second factor is a passkey. */
  const withPasskeyOnly = async () => {
    const user = await insertStaff(db(), { role: "finance" });
    const authenticator = new SoftAuthenticator(site.origin);
    const { challengeId, options } = await beginPasskeyRegistration(db(), site, { ...user, name: "Test finance" });
    expect(
      await finishPasskeyRegistration(db(), site, user.id, { challengeId, name: "Laptop", response: authenticator.register(options) }),
    ).toMatchObject({ ok: true });
    return { ...user, authenticator };
  };
  const wrongCodeFor = (secret: string) => (codeAt(secret, new Date()) === "000000" ? "111111" : "000000");
  const lockedUntilOf = (message: string) => {
    expect(message.startsWith(`${R.locked}:`)).toBe(true);
    return new Date(message.slice(R.locked.length + 1));
  };

  it.skipIf(skip)(
    "five wrong step-up codes lock step-up for the session: the right code is then refused, in words with when it ends, and signing in stays open",
    async () => {
      const person = await withApp();
      const session = await signedIn(person.id);
      const wrong = wrongCodeFor(person.secret);
      const before = Date.now();
      for (let i = 1; i < STEP_UP_THROTTLE.sessionMaxFailures; i++) {
        expect(await stepUpAction(null, { code: wrong })).toEqual({
          ok: false,
          message: R.codeWrong,
          fieldErrors: { code: [R.codeWrong] },
        });
      }
      const fifth = await stepUpAction(null, { code: wrong });
      expect(fifth.ok).toBe(false);
      const until = lockedUntilOf(fifth.ok ? "" : fifth.message);
      expect(until.getTime()).toBeGreaterThanOrEqual(before + STEP_UP_THROTTLE.lockMs);
      expect(until.getTime()).toBeLessThanOrEqual(Date.now() + STEP_UP_THROTTLE.lockMs);

      // The lock is looked at before the code: the right one is refused too, and nothing is stepped up.
      const right = await stepUpAction(null, { code: codeAt(person.secret, new Date()) });
      expect(right).toMatchObject({ ok: false, message: fifth.ok ? "" : fifth.message });
      expect(await stepUpAt(session)).toBeNull();
      // The same lock holds the other checks of a current code.
      expect(await removeTotpAction(null, { code: codeAt(person.secret, new Date()) })).toMatchObject({ ok: false });
      expect(await regenerateRecoveryCodesAction(null, { code: codeAt(person.secret, new Date()) })).toMatchObject({ ok: false });
      expect((await secondFactorStatus(db(), person.id)).totpEnabled).toBe(true);

      // Said in words, with when it ends, in both languages.
      const time = until.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
      expect(secondFactorRules.words("en", right.ok ? "" : right.message)).toMatch(
        new RegExp(`^Too many wrong tries\\. Confirming it is you is locked until ${time} \\(in 1[45] min\\)`),
      );
      expect(secondFactorRules.words("th", right.ok ? "" : right.message)).toContain("ถูกล็อกไว้จนถึง");

      // Step-up is what is locked, not signing in: neither the person's nor the address's.
      expect(await checkSignInThrottle(db(), { email: person.email, ip: IP })).toBeNull();
      // Another session of the person has its own count (below the person's limit): the right code works there.
      const other = await signedIn(person.id);
      expect(await stepUpAction(null, { code: codeAt(person.secret, new Date()) })).toEqual({ ok: true, data: null });
      expect(await stepUpAt(other)).not.toBeNull();
    },
  );

  it.skipIf(skip)("ten wrong answers across the person's sessions lock step-up in every session, a new one too", async () => {
    const person = await withApp();
    const wrong = wrongCodeFor(person.secret);
    const spread = [4, 4, 2];
    let last: Awaited<ReturnType<typeof stepUpAction>> | null = null;
    for (const count of spread) {
      await signedIn(person.id);
      for (let i = 0; i < count; i++) last = await stepUpAction(null, { code: wrong });
    }
    expect(spread.reduce((a, b) => a + b)).toBe(STEP_UP_THROTTLE.personMaxFailures);
    lockedUntilOf(last && !last.ok ? last.message : "");
    const fresh = await signedIn(person.id);
    expect(await stepUpAction(null, { code: codeAt(person.secret, new Date()) })).toMatchObject({ ok: false });
    expect(await stepUpAt(fresh)).toBeNull();
    expect(await checkSignInThrottle(db(), { email: person.email, ip: IP })).toBeNull();
  });

  it.skipIf(skip)("a step-up with a passkey is limited the same way, the lock looked at before the answer", async () => {
    const person = await withPasskeyOnly();
    const session = await signedIn(person.id);
    for (let i = 0; i < STEP_UP_THROTTLE.sessionMaxFailures; i++) {
      const options = await passkeyStepUpOptionsAction(null, {});
      if (!options.ok) throw new Error(options.message);
      // Their passkey, answering for another site (a phishing page): refused, and counted.
      const answer = await passkeyStepUpAction(null, {
        challengeId: options.data.challengeId,
        response: JSON.stringify(
          person.authenticator.authenticate(options.data.options, { origin: "https://console.shop.example.evil.test" }),
        ),
      });
      expect(answer.ok).toBe(false);
    }
    const options = await passkeyStepUpOptionsAction(null, {});
    if (!options.ok) throw new Error(options.message);
    const right = await passkeyStepUpAction(null, {
      challengeId: options.data.challengeId,
      response: JSON.stringify(person.authenticator.authenticate(options.data.options)),
    });
    expect(right.ok).toBe(false);
    lockedUntilOf(right.ok ? "" : right.message);
    expect(await stepUpAt(session)).toBeNull();
    expect(await checkSignInThrottle(db(), { email: person.email, ip: IP })).toBeNull();
  });

  it.skipIf(skip)("a first authenticator app or passkey needs the password again, and wrong passwords are limited", async () => {
    const person = await insertStaff(db(), { role: "finance" });
    await signedIn(person.id);
    expect(await beginTotpAction(null, {})).toEqual({
      ok: false,
      message: R.passwordRequired,
      fieldErrors: { password: [R.passwordRequired] },
    });
    expect(await beginPasskeyRegistrationAction(null, {})).toMatchObject({ ok: false, message: R.passwordRequired });
    expect(await beginTotpAction(null, { password: "not the password" })).toMatchObject({ ok: false, message: R.passwordWrong });
    const [row] = await db()
      .select({ pending: staffUsers.totpPendingSecretEncrypted })
      .from(staffUsers)
      .where(eq(staffUsers.id, person.id));
    expect(row?.pending).toBeNull();

    const app = await beginTotpAction(null, { password: person.password });
    expect(app).toMatchObject({ ok: true, data: { secret: expect.any(String) } });
    const passkey = await beginPasskeyRegistrationAction(null, { password: person.password });
    expect(passkey).toMatchObject({ ok: true, data: { challengeId: expect.stringMatching(/^wch_/) } });
    // The app's first code is limited too, and a wrong one does not lock signing in.
    const secret = app.ok ? app.data.secret : "";
    expect(await confirmTotpAction(null, { code: wrongCodeFor(secret) })).toMatchObject({ ok: false, message: R.codeWrong });

    // Wrong passwords count like wrong codes (a right answer cleared the earlier ones; the wrong
    // code above is the first since): at the limit even the right password is refused.
    for (let i = 1; i < STEP_UP_THROTTLE.sessionMaxFailures; i++) await beginTotpAction(null, { password: `wrong ${i}` });
    const locked = await beginTotpAction(null, { password: person.password });
    lockedUntilOf(locked.ok ? "" : locked.message);
    expect(await checkSignInThrottle(db(), { email: person.email, ip: IP })).toBeNull();
  });

  it.skipIf(skip)("a passkey-only person adds an authenticator app only after a fresh check with the passkey", async () => {
    const person = await withPasskeyOnly();
    const session = await signedIn(person.id);
    // Neither without a check, nor with the password instead of one.
    expect(await beginTotpAction(null, {})).toMatchObject({ ok: false, stepUp: true });
    expect(await beginTotpAction(null, { password: person.password })).toMatchObject({ ok: false, stepUp: true });
    expect(await beginPasskeyRegistrationAction(null, { password: person.password })).toMatchObject({ ok: false, stepUp: true });

    const options = await passkeyStepUpOptionsAction(null, {});
    if (!options.ok) throw new Error(options.message);
    expect(
      await passkeyStepUpAction(null, {
        challengeId: options.data.challengeId,
        response: JSON.stringify(person.authenticator.authenticate(options.data.options)),
      }),
    ).toEqual({ ok: true, data: null });
    await reload(session);
    expect(await beginTotpAction(null, {})).toMatchObject({ ok: true, data: { secret: expect.any(String) } });
  });
});
