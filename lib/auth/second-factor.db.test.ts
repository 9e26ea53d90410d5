import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffRecoveryCodes, staffUsers } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import {
  beginTotpEnrolment,
  checkSecondFactor,
  confirmTotpEnrolment,
  RECOVERY_CODE_COUNT,
  regenerateRecoveryCodes,
  removeTotp,
  secondFactorStatus,
} from "./second-factor";
import { insertStaff } from "./testing/staff";
import { codeAt, matchingStep, newTotpSecret, stepAt, TOTP_PERIOD_SECONDS } from "./totp";
import { verifySignIn } from "./verify-sign-in";
import { captureLog } from "../ops/testing/log-capture";
import { setUpTestDatabase } from "../testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);
const step = TOTP_PERIOD_SECONDS * 1000;

describe("authenticator codes", () => {
  it("accept the current step and one either side, nothing further, and say which step matched", () => {
    const secret = newTotpSecret();
    const now = new Date("2026-11-26T04:00:10Z");
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(stepAt(now));
    expect(matchingStep(secret, codeAt(secret, new Date(now.getTime() - step)), now)).toBe(stepAt(now) - 1);
    expect(matchingStep(secret, codeAt(secret, new Date(now.getTime() + step)), now)).toBe(stepAt(now) + 1);
    expect(matchingStep(secret, codeAt(secret, new Date(now.getTime() - 2 * step)), now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, new Date(now.getTime() + 2 * step)), now)).toBeNull();
    // Spaces as apps show them are fine; letters and short codes are not.
    const code = codeAt(secret, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(stepAt(now));
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "abcdef", now)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)("two-factor sign-in on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  /** A person with the app on; answers their secret and recovery codes. */
  const enrolled = async () => {
    const user = await insertStaff(setup.db, { role: "finance" });
    const { secret, uri } = await beginTotpEnrolment(setup.db, vault, user);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("issuer=PayDesk");
    // Not on until a code confirms it.
    expect((await secondFactorStatus(setup.db, user.id)).totpEnabled).toBe(false);
    const past = new Date(Date.now() - 3 * step);
    const codes = await confirmTotpEnrolment(setup.db, vault, user.id, codeAt(secret, past), past);
    return { user, secret, codes: codes! };
  };
  const row = async (id: string) => (await setup.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

  it.skipIf(skip)(
    "an app secret sealed with a key PayDesk no longer has refuses app codes, logs why, and a recovery code still signs in",
    async () => {
      const { user, secret, codes } = await enrolled();
      const otherVault = createKeyVault([randomBytes(32)]);
      const attempt = { email: user.email, password: user.password, ip: null };
      const logged = captureLog();
      try {
        expect(await verifySignIn(setup.db, { ...attempt, code: codeAt(secret, new Date()) }, otherVault)).toEqual({
          ok: false,
          refusal: { reason: "second_factor_invalid", methods: "totp" },
        });
      } finally {
        logged.restore();
      }
      expect(logged.text()).toMatch(/cannot be opened with this ENCRYPTION_KEY/);
      expect(logged.text()).toContain(user.id);
      expect(await verifySignIn(setup.db, { ...attempt, code: codes[0]! }, otherVault)).toMatchObject({ ok: true });
    },
  );

  it.skipIf(skip)("enrolment counts only after a right code, and answers 10 recovery codes kept only as hashes", async () => {
    const user = await insertStaff(setup.db);
    const { secret } = await beginTotpEnrolment(setup.db, vault, user);
    expect(await confirmTotpEnrolment(setup.db, vault, user.id, "000000")).toBeNull();
    const codes = await confirmTotpEnrolment(setup.db, vault, user.id, codeAt(secret, new Date()));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await setup.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes!) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    const saved = await row(user.id);
    expect(saved.totpSecretEncrypted).not.toContain(secret);
    expect(saved.totpPendingSecretEncrypted).toBeNull();
    expect(await secondFactorStatus(setup.db, user.id)).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
  });

  it.skipIf(skip)("a code is accepted once: the same step again, or an earlier one, is a replay", async () => {
    const { user, secret } = await enrolled();
    const now = new Date();
    const saved = await row(user.id);
    const code = codeAt(secret, now);
    expect(await checkSecondFactor(setup.db, vault, saved, code, now)).toEqual({ ok: true, by: "totp" });
    expect(await checkSecondFactor(setup.db, vault, saved, code, now)).toEqual({ ok: false, why: "replayed" });
    expect(await checkSecondFactor(setup.db, vault, saved, codeAt(secret, new Date(now.getTime() - step)), now)).toEqual({
      ok: false,
      why: "replayed",
    });
    // Two at once with the same code: one wins.
    const next = new Date(now.getTime() + step);
    const both = await Promise.all([0, 1].map(() => checkSecondFactor(setup.db, vault, saved, codeAt(secret, next), next)));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
  });

  it.skipIf(skip)("a recovery code works once, in any case or spacing; new codes end the old ones", async () => {
    const { user, codes } = await enrolled();
    const saved = await row(user.id);
    expect(await checkSecondFactor(setup.db, vault, saved, ` ${codes[0]!.toUpperCase()} `)).toEqual({ ok: true, by: "recovery_code" });
    expect(await checkSecondFactor(setup.db, vault, saved, codes[0]!)).toEqual({ ok: false, why: "wrong" });
    expect((await secondFactorStatus(setup.db, user.id)).recoveryCodesLeft).toBe(9);
    const fresh = await regenerateRecoveryCodes(setup.db, user.id);
    expect(await checkSecondFactor(setup.db, vault, saved, codes[1]!)).toEqual({ ok: false, why: "wrong" });
    expect(await checkSecondFactor(setup.db, vault, saved, fresh![1]!)).toEqual({ ok: true, by: "recovery_code" });
    expect(await removeTotp(setup.db, user.id)).toBe(true);
    expect(await secondFactorStatus(setup.db, user.id)).toEqual({ totpEnabled: false, totpEnabledAt: null, recoveryCodesLeft: 0 });
  });

  it.skipIf(skip)("sign-in asks for the code after the right password, accepts it once, and locks after 5 wrong codes", async () => {
    const { user, secret, codes } = await enrolled();
    const attempt = { email: user.email, password: user.password, ip: "203.0.113.9" };
    expect(await verifySignIn(setup.db, attempt, vault)).toEqual({ ok: false, refusal: { reason: "second_factor", methods: "totp" } });
    // A wrong password never gets as far as the code.
    expect(await verifySignIn(setup.db, { ...attempt, password: "wrong", code: codeAt(secret, new Date()) }, vault)).toEqual({
      ok: false,
      refusal: { reason: "invalid" },
    });
    const code = codeAt(secret, new Date());
    expect(await verifySignIn(setup.db, { ...attempt, code }, vault)).toMatchObject({ ok: true, user: { id: user.id } });
    expect(await verifySignIn(setup.db, { ...attempt, code }, vault)).toEqual({
      ok: false,
      refusal: { reason: "second_factor_invalid", methods: "totp" },
    });
    expect(await verifySignIn(setup.db, { ...attempt, code: codes[2]! }, vault)).toMatchObject({ ok: true });
    // Wrong codes count like wrong passwords (one counted above: the replay; one more for the wrong password).
    let last;
    for (let i = 0; i < 5; i++) last = await verifySignIn(setup.db, { ...attempt, code: "000000" }, vault);
    expect(last).toMatchObject({ ok: false, refusal: { reason: "throttled", scope: "account" } });
    // Locked: even the right code waits.
    const later = codeAt(secret, new Date(Date.now() + step));
    expect(await verifySignIn(setup.db, { ...attempt, code: later }, vault)).toMatchObject({
      ok: false,
      refusal: { reason: "throttled" },
    });
  });
});
