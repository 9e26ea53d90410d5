import { and, desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, staffUsers } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

/**
 * Account → E-mail: the action through the one door (lib/auth/action.ts) and the page as it
 * renders, outside a Next request (who is signed in, the database and SMTP_URL are stood in for).
 */
const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
  smtpUrl: undefined as string | undefined,
}));
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: async () => surroundings.session,
  requireSession: async () => surroundings.session,
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://paydesk.example", SMTP_URL: surroundings.smtpUrl }),
}));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => "en" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.41" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
// next-auth does not load outside Next's bundler (it imports "next/server" without an extension);
// the header's sign-out and language actions, which the page hands to its buttons, call it only at request time.
vi.mock("next-auth", () => ({
  default: () => ({ auth: vi.fn(), signIn: vi.fn(), signOut: vi.fn(), handlers: {} }),
  AuthError: class extends Error {},
  CredentialsSignin: class extends Error {},
}));
vi.mock("next-auth/providers/credentials", () => ({ default: (options: unknown) => options }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/account/notifications",
}));

const { saveNotificationChoicesAction } = await import("./actions");
const NotificationsPage = (await import("./page")).default;
const render = async (page: Promise<ReactElement> | ReactElement) => renderToStaticMarkup(await page);

describe("Account → E-mail", () => {
  let database: TestDatabase;
  let finance: { id: string; email: string };
  let viewer: { id: string; email: string };
  const as = (user: { id: string; email: string }, role: StaffSession["role"]): StaffSession => ({
    userId: user.id,
    email: user.email,
    name: `Test ${role}`,
    role,
    merchantIds: null,
    locale: null,
  });
  const offOf = async (id: string) =>
    (await database.db.select({ off: staffUsers.notificationsOff }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.off;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    finance = await insertStaff(database.db, { role: "finance" });
    viewer = await insertStaff(database.db, { role: "viewer" });
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => {
    surroundings.session = as(finance, "finance");
    surroundings.smtpUrl = "smtp://mail.shop.example:587";
  });

  it("saves a person's own choice (a form's checkboxes as sent), audited, and the page shows it", async () => {
    const form = new FormData();
    form.set("needsReview", "on");
    // approvalWaiting and payoutFailed unticked: a checkbox that is not ticked is not sent.
    expect(await saveNotificationChoicesAction(null, form)).toMatchObject({ ok: true, data: { userId: finance.id } });
    expect(await offOf(finance.id)).toEqual(["approval.waiting", "payout.failed"]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.notification-choices"), eq(auditLog.target, finance.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: finance.id, outcome: "ok" });

    const html = await render(NotificationsPage());
    expect(html).toMatch(/<input id="notify-approvalWaiting" type="checkbox"(?![^>]*checked)[^>]*>/);
    expect(html).toMatch(/<input id="notify-needsReview" type="checkbox"[^>]*checked[^>]*>/);
    expect(html).toContain(`E-mail goes to ${finance.email}`);
    expect(html).not.toContain('data-testid="no-smtp"');
  });

  it("refuses what a form cannot send, with a message, and changes nothing", async () => {
    await database.db
      .update(staffUsers)
      .set({ notificationsOff: ["payout.failed"] })
      .where(eq(staffUsers.id, finance.id));
    const forged = await saveNotificationChoicesAction(null, { approvalWaiting: "no thanks", needsReview: true, payoutFailed: true });
    expect(forged).toMatchObject({ ok: false, fieldErrors: { approvalWaiting: [expect.any(String)] } });
    const extra = await saveNotificationChoicesAction(null, {
      approvalWaiting: true,
      needsReview: true,
      payoutFailed: true,
      marketing: true,
    });
    expect(extra).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await offOf(finance.id)).toEqual(["payout.failed"]);

    surroundings.session = null;
    expect(await saveNotificationChoicesAction(null, { approvalWaiting: true, needsReview: true, payoutFailed: true })).toMatchObject({
      ok: false,
    });
    expect(await offOf(finance.id)).toEqual(["payout.failed"]);
  });

  it("tells a role that gets no e-mail so, and anyone when this PayDesk sends none", async () => {
    surroundings.session = as(viewer, "viewer");
    surroundings.smtpUrl = undefined;
    const html = await render(NotificationsPage());
    expect(html).toContain("Your role gets no e-mail from PayDesk.");
    expect(html).not.toContain('type="checkbox"');
    expect(html).toContain("This PayDesk sends no e-mail yet (an administrator sets SMTP_URL).");
  });
});
