import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, signInThrottle, staffPasskeys, staffUsers, webauthnChallenges } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import {
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  beginPasskeySignIn,
  SIGN_IN_CHALLENGE_LIMITS,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  verifyPasskeyAuthentication,
} from "./passkeys";
import { CHALLENGE_TTL_MS } from "./webauthn-challenges";
import { resetSecondFactor } from "./second-factor";
import { SoftAuthenticator } from "./testing/soft-authenticator";
import { insertStaff } from "./testing/staff";
import { THROTTLE } from "./throttle";
import { verifyPasskeySignIn, verifySignIn } from "./verify-sign-in";
import { setUpTestDatabase } from "../testing/database-fixture";

const site = { origin: "https://console.shop.example", rpId: "console.shop.example" };
const vault = createKeyVault([randomBytes(32)]);

describe.each(DATABASE_KINDS)("passkeys on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  /** A person with one passkey on a fresh authenticator. */
  const withPasskey = async (authenticator = new SoftAuthenticator(site.origin), name = "Work laptop") => {
    const user = await insertStaff(setup.db, { role: "finance" });
    const person = { ...user, name: "Test finance" };
    const { challengeId, options } = await beginPasskeyRegistration(setup.db, site, person);
    const added = await finishPasskeyRegistration(setup.db, site, user.id, {
      challengeId,
      name,
      response: authenticator.register(options),
    });
    expect(added).toMatchObject({ ok: true, passkey: { name } });
    return { user, person, authenticator };
  };
  const signInAlone = async (authenticator: SoftAuthenticator, ip = "203.0.113.7", now = new Date()) => {
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null }, now);
    return verifyPasskeySignIn(setup.db, { passkey: { challengeId, response: authenticator.authenticate(options) }, ip, now }, site);
  };

  it.skipIf(skip)("registers several per person, each with its name, never the same authenticator twice", async () => {
    const { user, person, authenticator } = await withPasskey();
    const phone = new SoftAuthenticator(site.origin);
    const second = await beginPasskeyRegistration(setup.db, site, person);
    // The browser is told which it holds already, so it does not make a second for the same person.
    expect(second.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString("base64url")]);
    expect(second.options.authenticatorSelection).toMatchObject({ residentKey: "required" });
    expect(second.options.user.id).not.toContain(user.email);
    expect(
      await finishPasskeyRegistration(setup.db, site, user.id, { ...second, name: "Phone", response: phone.register(second.options) }),
    ).toMatchObject({ ok: true });
    expect((await listPasskeys(setup.db, user.id)).map((p) => p.name)).toEqual(["Work laptop", "Phone"]);

    // The same credential again (a browser that ignored the exclusion) is refused, not stored twice.
    const again = await beginPasskeyRegistration(setup.db, site, person);
    const twice = authenticator.register(again.options, authenticator.credentials[0]);
    expect(await finishPasskeyRegistration(setup.db, site, user.id, { ...again, name: "Twice", response: twice })).toEqual({
      ok: false,
      why: "registered",
    });
    expect(await listPasskeys(setup.db, user.id)).toHaveLength(2);
  });

  it.skipIf(skip)("a registration answered for another site, or after its 5 minutes, or twice, is refused", async () => {
    const user = await insertStaff(setup.db);
    const person = { ...user, name: "Test" };
    const phishing = new SoftAuthenticator("https://console.shop.example.evil.test");
    const a = await beginPasskeyRegistration(setup.db, site, person);
    expect(await finishPasskeyRegistration(setup.db, site, user.id, { ...a, name: "x", response: phishing.register(a.options) })).toEqual({
      ok: false,
      why: "invalid",
    });
    // The challenge was taken by that answer: the right answer to it now is too late.
    const honest = new SoftAuthenticator(site.origin);
    expect(await finishPasskeyRegistration(setup.db, site, user.id, { ...a, name: "x", response: honest.register(a.options) })).toEqual({
      ok: false,
      why: "expired",
    });
    const start = new Date();
    const b = await beginPasskeyRegistration(setup.db, site, person, start);
    const late = new Date(start.getTime() + CHALLENGE_TTL_MS + 1_000);
    expect(
      await finishPasskeyRegistration(setup.db, site, user.id, { ...b, name: "x", response: honest.register(b.options) }, late),
    ).toEqual({
      ok: false,
      why: "expired",
    });
    // Another person's challenge is not this person's.
    const other = await insertStaff(setup.db);
    const c = await beginPasskeyRegistration(setup.db, site, person);
    expect(await finishPasskeyRegistration(setup.db, site, other.id, { ...c, name: "x", response: honest.register(c.options) })).toEqual({
      ok: false,
      why: "expired",
    });
    expect(await listPasskeys(setup.db, user.id)).toEqual([]);
  });

  it.skipIf(skip)("signs in with a passkey alone, once per challenge, and says who it was", async () => {
    const { user, authenticator } = await withPasskey();
    const result = await signInAlone(authenticator);
    expect(result).toMatchObject({ ok: true, user: { id: user.id, email: user.email, role: "finance" } });
    const [row] = await setup.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, user.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.counter).toBe(1);

    // The same answer sent again (a replay) finds its challenge gone.
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null });
    const answer = authenticator.authenticate(options);
    expect(await verifyPasskeySignIn(setup.db, { passkey: { challengeId, response: answer }, ip: null }, site)).toMatchObject({
      ok: true,
    });
    expect(await verifyPasskeySignIn(setup.db, { passkey: { challengeId, response: answer }, ip: null }, site)).toEqual({
      ok: false,
      refusal: { reason: "passkey_invalid" },
    });
    const audits = await setup.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "auth.sign-in")));
    expect(audits.map((a) => a.outcome).sort()).toEqual(["failed", "ok", "ok"]);
    expect(audits.find((a) => a.outcome === "failed")?.data).toMatchObject({ by: "passkey", why: "expired" });
  });

  it.skipIf(skip)("a challenge older than 5 minutes is refused, and taken, so it cannot be tried again in time", async () => {
    const { authenticator } = await withPasskey();
    const start = new Date();
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null }, start);
    const answer = authenticator.authenticate(options);
    const late = new Date(start.getTime() + CHALLENGE_TTL_MS + 1);
    expect(
      await verifyPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null, challengeId, response: answer }, late),
    ).toMatchObject({
      ok: false,
      why: "expired",
    });
    const inTime = new Date(start.getTime() + CHALLENGE_TTL_MS - 1);
    expect(
      await verifyPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null, challengeId, response: answer }, inTime),
    ).toMatchObject({
      ok: false,
      why: "expired",
    });
    // Just inside the 5 minutes is fine.
    const fresh = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null }, start);
    const ok = await verifyPasskeyAuthentication(
      setup.db,
      site,
      { purpose: "sign-in", userId: null, challengeId: fresh.challengeId, response: authenticator.authenticate(fresh.options) },
      inTime,
    );
    expect(ok).toMatchObject({ ok: true });
    // Unanswered challenges are swept as new ones are made.
    await beginPasskeyAuthentication(
      setup.db,
      site,
      { purpose: "sign-in", userId: null },
      new Date(start.getTime() + 2 * CHALLENGE_TTL_MS),
    );
    const left = await setup.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.id, challengeId));
    expect(left).toEqual([]);
  });

  it.skipIf(skip)("a counter at or below the last one seen is refused as a clone; an authenticator that keeps none is fine", async () => {
    const { user, authenticator } = await withPasskey();
    expect(await signInAlone(authenticator)).toMatchObject({ ok: true });
    expect(await signInAlone(authenticator)).toMatchObject({ ok: true });
    const credential = authenticator.credentials[0]!;
    // A copy of the key that signs with the counter it had when copied.
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null });
    const cloned = authenticator.authenticate(options, { credential, counter: 1 });
    expect(
      await verifyPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null, challengeId, response: cloned }),
    ).toMatchObject({
      ok: false,
      why: "counter",
    });
    const [row] = await setup.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, user.id));
    expect(row!.counter).toBe(2);

    const synced = new SoftAuthenticator(site.origin, true, 0);
    const { user: other } = await withPasskey(synced, "iCloud");
    for (let i = 0; i < 3; i++) expect(await signInAlone(synced)).toMatchObject({ ok: true, user: { id: other.id } });
  });

  it.skipIf(skip)("alone, the passkey must have verified the person; as a second factor, presence is enough", async () => {
    const key = new SoftAuthenticator(site.origin, false);
    const { user } = await withPasskey(key, "Security key");
    expect(await signInAlone(key)).toEqual({ ok: false, refusal: { reason: "passkey_invalid" } });
    // After the right password it is the second factor, and a key without a PIN does.
    const attempt = { email: user.email, password: user.password, ip: null };
    expect(await verifySignIn(setup.db, attempt, vault, site)).toEqual({
      ok: false,
      refusal: { reason: "second_factor", methods: "passkey" },
    });
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "second-factor", userId: null });
    expect(options.allowCredentials ?? []).toEqual([]);
    const passkey = { challengeId, response: key.authenticate(options) };
    expect(await verifySignIn(setup.db, { ...attempt, passkey }, vault, site)).toMatchObject({ ok: true, user: { id: user.id } });
  });

  it.skipIf(skip)("as the second factor, another person's passkey does not do, and counts as a failure", async () => {
    const { user } = await withPasskey();
    const { authenticator: stranger } = await withPasskey();
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "second-factor", userId: null });
    const passkey = { challengeId, response: stranger.authenticate(options) };
    const result = await verifySignIn(setup.db, { email: user.email, password: user.password, ip: null, passkey }, vault, site);
    expect(result).toEqual({ ok: false, refusal: { reason: "second_factor_invalid", methods: "passkey" } });
    const [throttle] = await setup.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `email:${user.email.toLowerCase()}`));
    expect(throttle?.failures).toBe(1);
    const [audit] = await setup.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "auth.second-factor")));
    expect(audit?.data).toMatchObject({ why: "passkey-unknown" });
  });

  it.skipIf(skip)("a step-up challenge offers only the person's passkeys and is good only for them", async () => {
    const { user, authenticator } = await withPasskey();
    const { user: other, authenticator: theirs } = await withPasskey();
    const { challengeId, options } = await beginPasskeyAuthentication(setup.db, site, { purpose: "step-up", userId: user.id });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString("base64url")]);
    // Someone else answering it, or for someone else, is refused.
    const wrong = await verifyPasskeyAuthentication(setup.db, site, {
      purpose: "step-up",
      userId: other.id,
      challengeId,
      response: theirs.authenticate({ ...options, allowCredentials: [] }),
    });
    expect(wrong).toMatchObject({ ok: false, why: "expired" });
    const next = await beginPasskeyAuthentication(setup.db, site, { purpose: "step-up", userId: user.id });
    expect(
      await verifyPasskeyAuthentication(setup.db, site, {
        purpose: "step-up",
        userId: user.id,
        ...next,
        response: authenticator.authenticate(next.options),
      }),
    ).toMatchObject({ ok: true, userId: user.id });
    // A sign-in challenge is not a step-up's.
    const signIn = await beginPasskeyAuthentication(setup.db, site, { purpose: "sign-in", userId: null });
    expect(
      await verifyPasskeyAuthentication(setup.db, site, {
        purpose: "step-up",
        userId: user.id,
        challengeId: signIn.challengeId,
        response: authenticator.authenticate(signIn.options),
      }),
    ).toMatchObject({ ok: false, why: "expired" });
  });

  it.skipIf(skip)("failures with unknown passkeys count against the network and lock it like passwords", async () => {
    const nobody = new SoftAuthenticator(site.origin);
    const gone = await insertStaff(setup.db);
    nobody.register((await beginPasskeyRegistration(setup.db, site, { ...gone, name: "n" })).options);
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    let last;
    for (let i = 0; i < THROTTLE.ipMaxFailures; i++) last = await signInAlone(nobody, ip);
    expect(last).toMatchObject({ ok: false, refusal: { reason: "throttled", scope: "ip" } });
    // Locked now: even a good passkey from that network waits.
    const { authenticator } = await withPasskey();
    expect(await signInAlone(authenticator, ip)).toMatchObject({ ok: false, refusal: { reason: "throttled", scope: "ip" } });
  });

  it.skipIf(skip)("challenges for people not signed in are limited per network, so a flood cannot fill the table", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const now = new Date();
    for (let i = 0; i < SIGN_IN_CHALLENGE_LIMITS.perIp.max; i++) {
      expect(await beginPasskeySignIn(setup.db, site, { purpose: "sign-in", ip }, now)).not.toBeNull();
    }
    expect(await beginPasskeySignIn(setup.db, site, { purpose: "sign-in", ip }, now)).toBeNull();
    // Another network is not held back; the first one is again a minute later.
    expect(await beginPasskeySignIn(setup.db, site, { purpose: "second-factor", ip: "198.51.100.250" }, now)).not.toBeNull();
    expect(await beginPasskeySignIn(setup.db, site, { purpose: "sign-in", ip }, new Date(now.getTime() + 61_000))).not.toBeNull();
  });

  it.skipIf(skip)("a disabled person's passkey does not sign in; removal is one's own, and an admin's reset removes them all", async () => {
    const { user, authenticator } = await withPasskey();
    await setup.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, user.id));
    expect(await signInAlone(authenticator)).toEqual({ ok: false, refusal: { reason: "disabled" } });
    await setup.db.update(staffUsers).set({ isDisabled: false }).where(eq(staffUsers.id, user.id));

    const [passkey] = await listPasskeys(setup.db, user.id);
    const other = await insertStaff(setup.db);
    expect(await removePasskey(setup.db, other.id, passkey!.id)).toBe(false);
    expect(await removePasskey(setup.db, user.id, passkey!.id)).toBe(true);
    expect(await signInAlone(authenticator)).toEqual({ ok: false, refusal: { reason: "passkey_invalid" } });

    const { user: second } = await withPasskey();
    expect(await resetSecondFactor(setup.db, second.id)).toBe(true);
    expect(await listPasskeys(setup.db, second.id)).toEqual([]);
    expect(await resetSecondFactor(setup.db, second.id)).toBe(false);
  });
});
