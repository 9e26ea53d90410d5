import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { securitySettings, staffPasskeys, staffUsers } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { sealedSessionCookie } from "./testing/session-cookie";
import { insertStaff } from "./testing/staff";
import { setUpTestDatabase } from "../testing/database-fixture";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown, cookie: "" }));
// The request's session cookie (Next's headers()) and the database, outside a Next request.
// The proxy also forwards the page asked for (lib/http/public-paths.ts REQUEST_PATH_HEADER).
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({ "x-paydesk-path": "/requests?status=paid", ...(surroundings.cookie ? { cookie: surroundings.cookie } : {}) }),
}));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);

async function signInAs(userId: string | null, sessionId?: string, signedInAt?: Date): Promise<void> {
  surroundings.cookie = userId ? await sealedSessionCookie(userId, { secret, sessionId, signedInAt }) : "";
}

const { currentSession, loadStaffSession, requirePermission, revokeSession } = await import("./current-session");
const { changeOwnPassword } = await import("../staff/password");

describe.each(DATABASE_KINDS)("the session re-check on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (skip) return;
    surroundings.db = setup.db;
  });

  it.skipIf(skip)("takes role and scope from the row, not the JWT's snapshot", async () => {
    const staff = await insertStaff(setup.db, { role: "viewer", merchantIds: ["mer_a"] });
    await signInAs(staff.id); // the JWT claims "admin"
    expect(await currentSession()).toEqual({
      userId: staff.id,
      email: staff.email,
      name: "Test viewer",
      role: "viewer",
      merchantIds: ["mer_a"],
      locale: null,
      signIn: { id: "sid-test", at: expect.any(Date) },
    });
    await setup.db.update(staffUsers).set({ role: "finance", merchantIds: null }).where(eq(staffUsers.id, staff.id));
    expect(await loadStaffSession(setup.db, staff.id)).toMatchObject({ role: "finance", merchantIds: null });
  });

  it.skipIf(skip)("counts a passkey as a second factor: step-up asks for one, and the rule for roles is met", async () => {
    const staff = await insertStaff(setup.db, { role: "finance" });
    await setup.db
      .insert(securitySettings)
      .values({ id: "global", secondFactorRoles: ["finance"] })
      .onConflictDoUpdate({ target: securitySettings.id, set: { secondFactorRoles: ["finance"] } });
    try {
      expect(await loadStaffSession(setup.db, staff.id)).toMatchObject({ mustEnrolSecondFactor: true });
      expect((await loadStaffSession(setup.db, staff.id))?.hasSecondFactor).toBeUndefined();
      await setup.db.insert(staffPasskeys).values({
        id: `pk_${randomBytes(8).toString("hex")}`,
        userId: staff.id,
        credentialId: randomBytes(16).toString("base64url"),
        publicKey: "AAAA",
        name: "Phone",
      });
      const session = await loadStaffSession(setup.db, staff.id);
      expect(session).toMatchObject({ hasSecondFactor: true, hasPasskey: true });
      expect(session?.mustEnrolSecondFactor).toBeUndefined();
      expect(session?.hasTotp).toBeUndefined();
    } finally {
      await setup.db.update(securitySettings).set({ secondFactorRoles: [] });
    }
  });

  it.skipIf(skip)("ends the session of a person disabled or deleted after signing in", async () => {
    const staff = await insertStaff(setup.db, { role: "admin" });
    expect(await loadStaffSession(setup.db, staff.id)).not.toBeNull();
    await setup.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, staff.id));
    expect(await loadStaffSession(setup.db, staff.id)).toBeNull();
    expect(await loadStaffSession(setup.db, "usr_never_existed")).toBeNull();
  });

  it.skipIf(skip)("voids a signed-out session whatever its cookie says, and only that one", async () => {
    const staff = await insertStaff(setup.db, { role: "operator" });
    const laptop = { id: "sid-laptop", at: new Date() };
    expect(await loadStaffSession(setup.db, staff.id, laptop)).not.toBeNull();
    await revokeSession(setup.db, "sid-laptop");
    await revokeSession(setup.db, "sid-laptop"); // signing out twice is fine
    expect(await loadStaffSession(setup.db, staff.id, laptop)).toBeNull();
    expect(await loadStaffSession(setup.db, staff.id, { id: "sid-phone", at: new Date() })).toMatchObject({ role: "operator" });
  });

  it.skipIf(skip)("ends a session 7 days after its sign-in, however active it was", async () => {
    const staff = await insertStaff(setup.db, { role: "viewer" });
    const signedInAt = new Date();
    await signInAs(staff.id, "sid-busy", signedInAt);
    // Renewed all week long (the proxy renews the cookie; the sign-in time travels unchanged).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(signedInAt.getTime() + 7 * 24 * 3_600_000 - 60_000);
      expect(await currentSession()).toMatchObject({ userId: staff.id });
      vi.setSystemTime(signedInAt.getTime() + 7 * 24 * 3_600_000 + 60_000);
      expect(await currentSession()).toBeNull();
      // A fresh sign-in starts a new week.
      await signInAs(staff.id, "sid-fresh", new Date());
      expect(await currentSession()).toMatchObject({ userId: staff.id });
    } finally {
      vi.useRealTimers();
    }
  });

  it.skipIf(skip)("refuses a cookie that does not say when its sign-in was (issued before sign-in times were kept)", async () => {
    const staff = await insertStaff(setup.db, { role: "viewer" });
    const name = "authjs.session-token";
    surroundings.cookie = `${name}=${await encode({ token: { sub: staff.id, uid: staff.id, sid: "sid-old" }, secret, salt: name })}`;
    expect(await currentSession()).toBeNull();
  });

  it.skipIf(skip)("ends the person's other sessions when they change their password, and keeps the one that changed it", async () => {
    const staff = await insertStaff(setup.db, { role: "finance" });
    const minuteAgo = new Date(Date.now() - 60_000);
    const laptop = { id: "sid-laptop-2", at: minuteAgo };
    const phone = { id: "sid-phone-2", at: minuteAgo };
    const colleague = await insertStaff(setup.db, { role: "finance" });
    await changeOwnPassword(setup.db, staff.id, { currentPassword: staff.password, newPassword: "a brand new long password" }, laptop.id);
    expect(await loadStaffSession(setup.db, staff.id, phone)).toBeNull();
    expect(await loadStaffSession(setup.db, staff.id, laptop)).toMatchObject({ userId: staff.id });
    // Signing in again with the new password works; another person's sessions are untouched.
    expect(await loadStaffSession(setup.db, staff.id, { id: "sid-new", at: new Date() })).toMatchObject({ userId: staff.id });
    expect(await loadStaffSession(setup.db, colleague.id, { id: "sid-colleague", at: minuteAgo })).toMatchObject({
      userId: colleague.id,
    });
    // A second change keeps only the session that made it.
    await changeOwnPassword(
      setup.db,
      staff.id,
      { currentPassword: "a brand new long password", newPassword: "yet another long password" },
      "sid-new",
    );
    expect(await loadStaffSession(setup.db, staff.id, laptop)).toBeNull();
  });

  it.skipIf(skip)("reads the person from the request's cookie, and a signed-out sign-in is nobody", async () => {
    const staff = await insertStaff(setup.db, { role: "operator" });
    await signInAs(staff.id, `sid-${staff.id}`);
    expect(await currentSession()).toMatchObject({ userId: staff.id, role: "operator" });
    await revokeSession(setup.db, `sid-${staff.id}`);
    expect(await currentSession()).toBeNull();
    await signInAs(null);
    expect(await currentSession()).toBeNull();
  });

  it.skipIf(skip)("requirePermission answers 403 for a role without it, and redirects a signed-out person", async () => {
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    const viewer = await insertStaff(setup.db, { role: "viewer" });
    await signInAs(viewer.id);
    await expect(requirePermission("request.read")).resolves.toMatchObject({ role: "viewer" });
    await expect(requirePermission("merchant.manage")).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    await expect(requirePermission(["payin.create", "payout.create"])).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    await signInAs(null);
    // Back to the page asked for after signing in.
    await expect(requirePermission("request.read")).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;replace;\/login\?callbackUrl=%2Frequests%3Fstatus%3Dpaid;/),
    });
    vi.unstubAllEnvs();
    vi.stubEnv("AUTH_SECRET", secret);
  });
});
