import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { resetStaffSecondFactor, setSecondFactorPolicy } from "../staff/manage";
import { STAFF_REFUSALS } from "../staff/errors";
import { beginTotpEnrolment, confirmTotpEnrolment, secondFactorStatus } from "./second-factor";
import { secondFactorRoles } from "./second-factor-policy";
import { loadStaffSession } from "./current-session";
import { insertStaff } from "./testing/staff";
import { codeAt } from "./totp";
import { setUpTestDatabase } from "../testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);

describe.each(DATABASE_KINDS)("the two-factor rule for roles on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  const admin = (id: string, merchantIds: string[] | null = null) => ({ userId: id, merchantIds });

  it.skipIf(skip)("a person in a required role without a second factor must enrol; with one, or in another role, not", async () => {
    const root = await insertStaff(setup.db, { role: "admin" });
    const finance = await insertStaff(setup.db, { role: "finance" });
    const operator = await insertStaff(setup.db, { role: "operator" });
    expect((await loadStaffSession(setup.db, finance.id))?.mustEnrolSecondFactor).toBeUndefined();
    // Only an admin with every merchant sets the rule; unknown roles are dropped.
    await expect(setSecondFactorPolicy(setup.db, admin(root.id, ["mer_a"]), ["finance"])).rejects.toThrow(STAFF_REFUSALS.needsAllMerchants);
    expect(await setSecondFactorPolicy(setup.db, admin(root.id), ["admin", "finance", "owner" as never])).toEqual(["finance", "admin"]);
    expect(await secondFactorRoles(setup.db)).toEqual(["finance", "admin"]);
    expect((await loadStaffSession(setup.db, finance.id))?.mustEnrolSecondFactor).toBe(true);
    expect((await loadStaffSession(setup.db, operator.id))?.mustEnrolSecondFactor).toBeUndefined();
    const { secret } = await beginTotpEnrolment(setup.db, vault, finance);
    await confirmTotpEnrolment(setup.db, vault, finance.id, codeAt(secret, new Date()));
    expect((await loadStaffSession(setup.db, finance.id))?.mustEnrolSecondFactor).toBeUndefined();
    await setSecondFactorPolicy(setup.db, admin(root.id), []);
  });

  it.skipIf(skip)("an admin resets another person's second factor, never their own, and only with another admin about", async () => {
    const only = await insertStaff(setup.db, { role: "admin" });
    const person = await insertStaff(setup.db, { role: "finance" });
    const { secret } = await beginTotpEnrolment(setup.db, vault, person);
    await confirmTotpEnrolment(setup.db, vault, person.id, codeAt(secret, new Date()));
    await expect(resetStaffSecondFactor(setup.db, admin(only.id), only.id)).rejects.toThrow(STAFF_REFUSALS.notYourself);
    await expect(resetStaffSecondFactor(setup.db, admin(only.id, ["mer_a"]), person.id)).rejects.toThrow(STAFF_REFUSALS.needsAllMerchants);
    // The first test's admin is about too: another admin exists.
    await resetStaffSecondFactor(setup.db, admin(only.id), person.id);
    expect(await secondFactorStatus(setup.db, person.id)).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
    await expect(resetStaffSecondFactor(setup.db, admin(only.id), person.id)).rejects.toThrow(STAFF_REFUSALS.noSecondFactor);
  });

  it.skipIf(skip)("a reset needs an admin besides the one doing it", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const lone = await insertStaff(fresh.db, { role: "admin" });
      const person = await insertStaff(fresh.db, { role: "finance" });
      await expect(resetStaffSecondFactor(fresh.db, admin(lone.id), person.id)).rejects.toThrow(STAFF_REFUSALS.resetNeedsAnotherAdmin);
    } finally {
      await fresh.dispose();
    }
  });
});
