import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { loadStaffSession } from "../auth/current-session";
import { listOpenSessions, recordSignIn } from "../auth/open-sessions";
import { verifySignIn } from "../auth/verify-sign-in";
import { staffPasskeys, staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS } from "../db/testing/databases";
import { SettingsRuleError, STAFF_REFUSALS } from "./errors";
import { changeStaffAccess, inviteStaff, resetStaffPassword, setStaffDisabled } from "./manage";
import { changeOwnPassword } from "./password";
import { inviteStaffSchema } from "./schemas";
import { insertPlaceholderMerchants, setUpTestDatabase } from "../testing/database-fixture";

const invite = (overrides: Record<string, unknown> = {}) =>
  inviteStaffSchema.parse({
    email: `p-${Math.random().toString(36).slice(2)}@shop.example`,
    name: "Pim",
    role: "operator",
    allMerchants: true,
    merchantIds: [],
    ...overrides,
  });

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof SettingsRuleError) return { message: error.message, field: error.field, outcome: error.outcome };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe.each(DATABASE_KINDS)("staff management on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let admin: { id: string; email: string; password: string };
  const actor = () => ({ userId: admin.id, merchantIds: null });
  const row = async (id: string) => (await setup.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

  beforeAll(async () => {
    if (skip) return;
    admin = await insertStaff(setup.db, { role: "admin" });
    await insertPlaceholderMerchants(setup.db, ["mer_a", "mer_b"]);
  });

  it.skipIf(skip)("invites with a one-time password that signs in once and must then be replaced", async () => {
    const input = invite({ email: "New.Person@Shop.example", role: "finance", allMerchants: false, merchantIds: ["mer_a", "mer_a"] });
    const invited = await inviteStaff(setup.db, actor(), input);
    expect(invited.oneTimePassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const stored = await row(invited.id);
    expect(stored).toMatchObject({
      email: "New.Person@Shop.example",
      name: "Pim",
      role: "finance",
      merchantIds: ["mer_a"],
      mustChangePassword: true,
      isDisabled: false,
    });
    expect(stored.passwordHash).not.toContain(invited.oneTimePassword);

    const signIn = await verifySignIn(setup.db, { email: "new.person@shop.example", password: invited.oneTimePassword, ip: null });
    expect(signIn.ok).toBe(true);

    // Choosing their own password clears the flag; the one-time password stops working.
    expect(
      await refusal(changeOwnPassword(setup.db, invited.id, { currentPassword: "not the one", newPassword: "a long new password" }, null)),
    ).toMatchObject({
      message: STAFF_REFUSALS.wrongCurrentPassword,
      field: "currentPassword",
    });
    expect((await row(invited.id)).mustChangePassword).toBe(true);
    await changeOwnPassword(setup.db, invited.id, { currentPassword: invited.oneTimePassword, newPassword: "a long new password" }, null);
    expect((await row(invited.id)).mustChangePassword).toBe(false);
    expect((await verifySignIn(setup.db, { email: input.email, password: invited.oneTimePassword, ip: null })).ok).toBe(false);
    expect((await verifySignIn(setup.db, { email: input.email, password: "a long new password", ip: null })).ok).toBe(true);
  });

  it.skipIf(skip)("refuses an email that already has an account, whatever its case, beside the email field", async () => {
    await inviteStaff(setup.db, actor(), invite({ email: "taken@shop.example" }));
    expect(await refusal(inviteStaff(setup.db, actor(), invite({ email: "TAKEN@shop.example" })))).toEqual({
      message: STAFF_REFUSALS.emailTaken,
      field: "email",
      outcome: "failed",
    });
  });

  it.skipIf(skip)("refuses merchants that do not exist, and staff management by a merchant-limited admin", async () => {
    expect(
      await refusal(inviteStaff(setup.db, actor(), invite({ allMerchants: false, merchantIds: ["mer_a", "mer_gone"] }))),
    ).toMatchObject({ field: "merchantIds" });
    const limited = { userId: admin.id, merchantIds: ["mer_a"] };
    expect(await refusal(inviteStaff(setup.db, limited, invite()))).toMatchObject({ message: STAFF_REFUSALS.needsAllMerchants });
  });

  it.skipIf(skip)("changes a person's name, role and merchants; 'every merchant' is stored as null", async () => {
    const person = await insertStaff(setup.db, { role: "viewer" });
    await changeStaffAccess(setup.db, actor(), {
      userId: person.id,
      name: "Somchai",
      role: "finance",
      allMerchants: false,
      merchantIds: ["mer_b"],
    });
    expect(await row(person.id)).toMatchObject({ name: "Somchai", role: "finance", merchantIds: ["mer_b"] });
    await changeStaffAccess(setup.db, actor(), {
      userId: person.id,
      name: "Somchai",
      role: "finance",
      allMerchants: true,
      merchantIds: ["mer_b"],
    });
    expect((await row(person.id)).merchantIds).toBeNull();
    expect(
      await refusal(
        changeStaffAccess(setup.db, actor(), {
          userId: "usr_nobody",
          name: "X",
          role: "viewer",
          allMerchants: true,
          merchantIds: [],
        }),
      ),
    ).toMatchObject({
      outcome: "not_found",
    });
  });

  it.skipIf(skip)("never lets a person change their own access or disable themselves", async () => {
    expect(
      await refusal(
        changeStaffAccess(setup.db, actor(), {
          userId: admin.id,
          name: "Me",
          role: "viewer",
          allMerchants: true,
          merchantIds: [],
        }),
      ),
    ).toMatchObject({
      message: STAFF_REFUSALS.notYourself,
    });
    expect(await refusal(setStaffDisabled(setup.db, actor(), admin.id, true))).toMatchObject({
      message: STAFF_REFUSALS.notYourself,
    });
    expect(await refusal(resetStaffPassword(setup.db, actor(), admin.id))).toMatchObject({ message: STAFF_REFUSALS.notYourself });
    expect(await row(admin.id)).toMatchObject({ role: "admin", isDisabled: false });
  });

  it.skipIf(skip)("disables and enables; a disabled person cannot sign in", async () => {
    const person = await insertStaff(setup.db, { role: "operator" });
    await setStaffDisabled(setup.db, actor(), person.id, true);
    expect((await verifySignIn(setup.db, { email: person.email, password: person.password, ip: null })).ok).toBe(false);
    await setStaffDisabled(setup.db, actor(), person.id, false);
    expect((await verifySignIn(setup.db, { email: person.email, password: person.password, ip: null })).ok).toBe(true);
  });

  it.skipIf(skip)("resets a password to a new one-time password that must be replaced", async () => {
    const person = await insertStaff(setup.db, { role: "viewer" });
    const reset = await resetStaffPassword(setup.db, actor(), person.id);
    expect((await row(person.id)).mustChangePassword).toBe(true);
    expect((await verifySignIn(setup.db, { email: person.email, password: person.password, ip: null })).ok).toBe(false);
    expect((await verifySignIn(setup.db, { email: person.email, password: reset.oneTimePassword, ip: null })).ok).toBe(true);
  });

  it.skipIf(skip)("changing one's own password removes the listed passkeys not kept, in the same change, and no other", async () => {
    const person = await insertStaff(setup.db, { role: "finance" });
    const passkey = (name: string) => ({
      id: `pk_${Math.random().toString(36).slice(2)}`,
      userId: person.id,
      credentialId: `cred-${Math.random().toString(36).slice(2)}`,
      publicKey: "key",
      name,
    });
    const mine = passkey("Work laptop");
    const planted = passkey("Thief's phone");
    const addedLater = passkey("Added after the form was shown");
    await setup.db.insert(staffPasskeys).values([mine, planted]);
    const listed = [mine.id, planted.id];
    await setup.db.insert(staffPasskeys).values(addedLater);
    // Another person's passkey named in the form is not theirs to remove.
    const other = await insertStaff(setup.db, { role: "viewer" });
    const othersKey = { ...passkey("Someone else's"), userId: other.id };
    await setup.db.insert(staffPasskeys).values(othersKey);

    // A wrong current password changes nothing, passkeys included.
    expect(
      await refusal(
        changeOwnPassword(
          setup.db,
          person.id,
          { currentPassword: "wrong", newPassword: "n".repeat(12), passkeysListed: listed, keepPasskeyIds: [] },
          null,
        ),
      ),
    ).toMatchObject({ message: STAFF_REFUSALS.wrongCurrentPassword });
    const left = async (userId: string) =>
      (await setup.db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.userId, userId))).map((p) => p.id).sort();
    expect(await left(person.id)).toEqual([mine.id, planted.id, addedLater.id].sort());

    const changed = await changeOwnPassword(
      setup.db,
      person.id,
      {
        currentPassword: person.password,
        newPassword: "a brand new long password",
        passkeysListed: [...listed, othersKey.id],
        keepPasskeyIds: [mine.id],
      },
      null,
    );
    expect(changed.removedPasskeys).toEqual([{ id: planted.id, name: "Thief's phone" }]);
    expect(await left(person.id)).toEqual([mine.id, addedLater.id].sort());
    expect(await left(other.id)).toEqual([othersKey.id]);
    // Without a list (a form with no passkeys shown), none is touched.
    await changeOwnPassword(
      setup.db,
      person.id,
      { currentPassword: "a brand new long password", newPassword: "yet another long password" },
      null,
    );
    expect(await left(person.id)).toEqual([mine.id, addedLater.id].sort());
  });

  it.skipIf(skip)("ends every session of the person with the reset: one that outlived it could be a thief's", async () => {
    const person = await insertStaff(setup.db, { role: "finance" });
    const laptop = { id: await recordSignIn(setup.db, { userId: person.id, ip: null, userAgent: null }), at: new Date() };
    const stolen = { id: await recordSignIn(setup.db, { userId: person.id, ip: null, userAgent: null }), at: new Date() };
    expect(await loadStaffSession(setup.db, person.id, stolen)).not.toBeNull();
    const reset = await resetStaffPassword(setup.db, actor(), person.id);
    expect(await loadStaffSession(setup.db, person.id, stolen)).toBeNull();
    expect(await loadStaffSession(setup.db, person.id, laptop)).toBeNull();
    expect(await listOpenSessions(setup.db, person.id, null)).toEqual([]);
    // A sign-in with the one-time password, even within the same second as the reset, is a new session: it stays in.
    const signedIn = await verifySignIn(setup.db, { email: person.email, password: reset.oneTimePassword, ip: null });
    expect(signedIn.ok).toBe(true);
    const fresh = {
      id: await recordSignIn(setup.db, { userId: person.id, ip: null, userAgent: null }),
      at: new Date(Math.floor(Date.now() / 1000) * 1000),
    };
    expect(await loadStaffSession(setup.db, person.id, fresh)).toMatchObject({ mustChangePassword: true });
  });

  it.skipIf(skip)("never leaves zero active admins, by a role change or by disabling; a disabled admin does not count", async () => {
    // Its own database: one active admin and one disabled admin. The acting admin is someone whose
    // own admin role went away after their page loaded (a stale session): the rule must still hold.
    const own = await createTestDatabase(kind);
    try {
      const last = await insertStaff(own.db, { role: "admin" });
      const dormant = await insertStaff(own.db, { role: "admin", isDisabled: true });
      const stale = { userId: "usr_stale_session", merchantIds: null };
      const demoteLast = () =>
        changeStaffAccess(own.db, stale, { userId: last.id, name: "Last", role: "viewer", allMerchants: true, merchantIds: [] });
      expect(await refusal(demoteLast())).toEqual({ message: STAFF_REFUSALS.lastAdmin, field: "role", outcome: "failed" });
      expect(await refusal(setStaffDisabled(own.db, stale, last.id, true))).toMatchObject({ message: STAFF_REFUSALS.lastAdmin });
      const [kept] = await own.db.select().from(staffUsers).where(eq(staffUsers.id, last.id));
      expect(kept).toMatchObject({ role: "admin", isDisabled: false });
      // Once another admin is active again, the last one may step down.
      await setStaffDisabled(own.db, stale, dormant.id, false);
      await demoteLast();
      const [after] = await own.db.select().from(staffUsers).where(eq(staffUsers.id, last.id));
      expect(after?.role).toBe("viewer");
    } finally {
      await own.dispose();
    }
  });

  it.skipIf(skip)("two admins demoting each other at the same moment: one of them stays an admin", async () => {
    const own = await createTestDatabase(kind);
    try {
      const a = await insertStaff(own.db, { role: "admin" });
      const b = await insertStaff(own.db, { role: "admin" });
      const demote = (who: { id: string }, whom: { id: string }) =>
        changeStaffAccess(
          own.db,
          { userId: who.id, merchantIds: null },
          { userId: whom.id, name: "X", role: "viewer", allMerchants: true, merchantIds: [] },
        );
      const results = await Promise.allSettled([demote(a, b), demote(b, a)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const admins = await own.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.role, "admin"));
      expect(admins).toHaveLength(1);
    } finally {
      await own.dispose();
    }
  });
});
