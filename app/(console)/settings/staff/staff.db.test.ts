import { and, desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTION_MESSAGES } from "@/lib/auth/action";
import { can, type Permission } from "@/lib/auth/permissions";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, staffUsers } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { STAFF_REFUSALS } from "@/lib/staff/errors";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { STAFF_RULES } from "@/lib/staff/schemas";

/**
 * Settings → Staff and the password page's action: through the one door (lib/auth/action.ts), and
 * the pages as they render, outside a Next request (who is signed in and the database are stood in for).
 */
const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
}));
vi.mock("@/lib/auth/current-session", async () => {
  const { forbidden } = await import("next/navigation");
  return {
    currentSession: async () => surroundings.session,
    requireSession: async () => surroundings.session,
    requirePermission: async (permission: Permission) => {
      if (!surroundings.session || !can(surroundings.session.role, permission)) forbidden();
      return surroundings.session;
    },
  };
});
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://paydesk.example", WEBHOOK_SECRET_HEADER: "X-PayDesk-Webhook-Secret" }),
}));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => "en" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.40" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/settings",
}));

const staffActions = await import("./actions");
const { changePasswordAction } = await import("../../../account/password/actions");
const StaffPage = (await import("./page")).default;
const StaffMemberPage = (await import("./[id]/page")).default;

const render = async (page: Promise<ReactElement> | ReactElement) => renderToStaticMarkup(await page);
const session = (user: { id: string; email: string }, role: StaffSession["role"], extra: Partial<StaffSession> = {}): StaffSession => ({
  userId: user.id,
  email: user.email,
  name: `Test ${role}`,
  role,
  merchantIds: null,
  locale: null,
  ...extra,
});

describe("settings: staff", () => {
  let database: TestDatabase;
  let admin: { id: string; email: string };
  const lastAudit = async (action: string, target: string) =>
    (
      await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    admin = await insertStaff(database.db, { role: "admin" });
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => {
    surroundings.db = database.db as Db;
    surroundings.session = session(admin, "admin");
  });

  it("invites, changes access, disables and enables, each audited with its target", async () => {
    const invited = await staffActions.inviteStaffAction(null, {
      email: "mali@shop.example",
      name: "Mali",
      role: "operator",
      allMerchants: true,
      merchantIds: [],
    });
    expect(invited).toMatchObject({
      ok: true,
      data: { id: expect.stringMatching(/^usr_/), email: "mali@shop.example", oneTimePassword: expect.any(String) },
    });
    if (!invited.ok) return;
    const id = invited.data.id;
    expect(await lastAudit("staff.invite", id)).toMatchObject({ actorId: admin.id, outcome: "ok" });

    expect(
      await staffActions.changeStaffAccessAction(null, {
        userId: id,
        name: "Mali S.",
        role: "finance",
        allMerchants: true,
        merchantIds: [],
      }),
    ).toEqual({ ok: true, data: { userId: id } });
    expect(await lastAudit("staff.change-access", id)).toMatchObject({ outcome: "ok" });
    expect(await staffActions.disableStaffAction(null, { userId: id })).toEqual({ ok: true, data: { userId: id, isDisabled: true } });
    expect(await staffActions.enableStaffAction(null, { userId: id })).toEqual({ ok: true, data: { userId: id, isDisabled: false } });
    const reset = await staffActions.resetStaffPasswordAction(null, { userId: id });
    expect(reset).toMatchObject({ ok: true, data: { oneTimePassword: expect.any(String) } });
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row).toMatchObject({ name: "Mali S.", role: "finance", isDisabled: false, mustChangePassword: true });

    // The pages never show a password hash; the list shows who still has to choose a password.
    const list = await render(StaffPage());
    expect(list).toContain("Mali S.");
    expect(list).toContain("Has not chosen a password yet");
    expect(list).not.toContain(row!.passwordHash);
    const page = await render(StaffMemberPage({ params: Promise.resolve({ id }) }));
    expect(page).not.toContain(row!.passwordHash);
    if (reset.ok) expect(page).not.toContain(reset.data.oneTimePassword);
  });

  it("refuses acting on yourself and a duplicate email, as a refusal the person can read, and audits it", async () => {
    expect(await staffActions.disableStaffAction(null, { userId: admin.id })).toEqual({
      ok: false,
      message: STAFF_REFUSALS.notYourself,
      fieldErrors: {},
    });
    const [refused] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "staff.disable"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(refused).toMatchObject({ actorId: admin.id, outcome: "failed", data: { message: STAFF_REFUSALS.notYourself } });
    expect(
      await staffActions.inviteStaffAction(null, {
        email: admin.email.toUpperCase(),
        name: "Dup",
        role: "viewer",
        allMerchants: true,
        merchantIds: [],
      }),
    ).toEqual({
      ok: false,
      message: STAFF_REFUSALS.emailTaken,
      fieldErrors: { email: [STAFF_REFUSALS.emailTaken] },
    });
    const self = await render(StaffMemberPage({ params: Promise.resolve({ id: admin.id }) }));
    expect(self).toContain("This is your own account");
    expect(self).not.toContain('data-testid="staff-access-form"');
  });

  it("checks the form's rules on the server too (a direct call skips the browser)", async () => {
    const form = new FormData();
    form.set("email", "not-an-email");
    form.set("name", "");
    form.set("role", "superuser");
    expect(await staffActions.inviteStaffAction(null, form)).toMatchObject({
      ok: false,
      fieldErrors: { email: [expect.any(String)], name: [expect.any(String)], role: [STAFF_RULES.roleRequired] },
    });
    // No "every merchant" and no merchant ticked.
    const none = new FormData();
    for (const [k, v] of Object.entries({ email: "x@shop.example", name: "X", role: "viewer" })) none.set(k, v);
    expect(await staffActions.inviteStaffAction(null, none)).toMatchObject({
      ok: false,
      fieldErrors: { merchantIds: [STAFF_RULES.merchantsRequired] },
    });
  });

  it("refuses a NUL character in a name beside the field, in the person's language, and stores nobody", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ email: "nul@shop.example", name: "Mali\u0000", role: "viewer", allMerchants: "on" }))
      form.set(k, v);
    expect(await staffActions.inviteStaffAction(null, form)).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { name: [ACTION_MESSAGES.nulCharacter] },
    });
    expect(await database.db.select().from(staffUsers).where(eq(staffUsers.email, "nul@shop.example"))).toEqual([]);
    surroundings.session = session(admin, "admin", { locale: "th" });
    const thai = await staffActions.inviteStaffAction(null, form);
    expect(thai).toMatchObject({ ok: false, fieldErrors: { name: [expect.stringContaining("NUL")] } });
    expect(thai.ok ? "" : thai.fieldErrors.name![0]).not.toBe(ACTION_MESSAGES.nulCharacter);
  });

  it("tells an admin limited to some merchants, before any form, that staff management needs every merchant", async () => {
    surroundings.session = session(admin, "admin", { merchantIds: ["mer_a"] });
    const list = await render(StaffPage());
    expect(list).toContain('data-testid="needs-all-merchants"');
    expect(list).not.toContain('href="/settings/staff/new"');
    const person = await insertStaff(database.db, { role: "viewer" });
    const page = await render(StaffMemberPage({ params: Promise.resolve({ id: person.id }) }));
    expect(page).toContain(translateStaffMessage("en", STAFF_REFUSALS.needsAllMerchants));
    expect(page).not.toContain('data-testid="staff-access-form"');
  });

  it("refuses staff management to a role without it", async () => {
    surroundings.session = session(admin, "finance");
    expect(
      await staffActions.inviteStaffAction(null, {
        email: "y@shop.example",
        name: "Y",
        role: "admin",
        allMerchants: true,
        merchantIds: [],
      }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^You do not have permission to manage staff accounts/),
    });
    expect(await database.db.select().from(staffUsers).where(eq(staffUsers.email, "y@shop.example"))).toEqual([]);
  });

  it("a person on a one-time password may only choose their own password", async () => {
    const invited = await staffActions.inviteStaffAction(null, {
      email: "otp-admin@shop.example",
      name: "New admin",
      role: "admin",
      allMerchants: true,
      merchantIds: [],
    });
    if (!invited.ok) throw new Error(invited.message);
    surroundings.session = session({ id: invited.data.id, email: "otp-admin@shop.example" }, "admin", { mustChangePassword: true });
    expect(
      await staffActions.inviteStaffAction(null, {
        email: "z@shop.example",
        name: "Z",
        role: "admin",
        allMerchants: true,
        merchantIds: [],
      }),
    ).toEqual({
      ok: false,
      message: ACTION_MESSAGES.choosePasswordFirst,
      fieldErrors: {},
    });
    expect(
      await changePasswordAction(null, {
        currentPassword: "wrong",
        newPassword: "twelve chars or more",
        confirmPassword: "twelve chars or more",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { currentPassword: [STAFF_REFUSALS.wrongCurrentPassword] },
    });
    expect(
      await changePasswordAction(null, { currentPassword: invited.data.oneTimePassword, newPassword: "short", confirmPassword: "short" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { newPassword: [STAFF_RULES.newPasswordTooShort] },
    });
    expect(
      await changePasswordAction(null, {
        currentPassword: invited.data.oneTimePassword,
        newPassword: "twelve chars or more",
        confirmPassword: "twelve chars or mor",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { confirmPassword: [STAFF_RULES.confirmMismatch] },
    });
    expect(
      await changePasswordAction(null, {
        currentPassword: invited.data.oneTimePassword,
        newPassword: "twelve chars or more",
        confirmPassword: "twelve chars or more",
      }),
    ).toEqual({
      ok: true,
      data: { userId: invited.data.id, wasForced: true, removedPasskeys: 0 },
    });
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, invited.data.id));
    expect(row?.mustChangePassword).toBe(false);
    expect(await lastAudit("staff.password-change", invited.data.id)).toMatchObject({ outcome: "ok", actorId: invited.data.id });
  });
});
