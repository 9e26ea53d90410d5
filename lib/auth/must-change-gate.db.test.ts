import path from "node:path";
import { pathToFileURL } from "node:url";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { actionMessages } from "../i18n/action-messages";
import { accessOf } from "./action";
import type { StaffSession } from "./current-session";
import { scanServerActions } from "./testing/find-unwrapped-actions";

/**
 * A session still on a one-time password (an invite, or an admin's reset) may
 * be a thief's. Every server action PayDesk has is called with such a session; only choosing
 * one's own password and the public ones (signing out, the language, signing in) get past the
 * door. "signed-in" actions — adding a passkey or an authenticator app among them — refuse too.
 */

// next-auth does not load outside Next's bundler; the actions only call it at request time.
vi.mock("next-auth", () => {
  class AuthError extends Error {}
  return {
    default: () => ({ auth: vi.fn(), signIn: vi.fn(), signOut: vi.fn(), handlers: { GET: vi.fn(), POST: vi.fn() } }),
    AuthError,
    CredentialsSignin: class extends AuthError {},
  };
});
vi.mock("next-auth/providers/credentials", () => ({ default: (options: unknown) => options }));
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "accept-language": "th-TH,th;q=0.9", "x-paydesk-peer": "203.0.113.32" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));
vi.mock("./current-session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./current-session")>()),
  currentSession: async () => surroundings.session,
}));

const root = process.cwd();
const ALLOWED = ["app/account/password/actions.ts changePasswordAction"];

describe("a session on a one-time password, at every server action", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db;
  });
  afterAll(async () => database?.dispose());

  it("is refused everything but choosing its own password (and the public actions), in the person's language, audited", async () => {
    surroundings.session = {
      userId: "usr_reset",
      email: "reset@shop.example",
      name: "Reset",
      role: "admin",
      merchantIds: null,
      locale: null,
      mustChangePassword: true,
      signIn: { id: "sid-thief", at: new Date() },
    };
    const scan = await scanServerActions(["app", "lib", "components"].map((d) => path.join(root, d)));
    const answers: Record<string, unknown> = {};
    for (const file of scan.actionModules) {
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, action] of Object.entries(exports)) {
        const key = `${path.relative(root, file)} ${name}`;
        if (accessOf(action) === "public" || ALLOWED.includes(key)) continue;
        answers[key] = await (action as (previous: unknown, input: unknown) => Promise<unknown>)(null, {});
      }
    }
    // The passkey and authenticator-app enrolments are among them (an empty scan would pass vacuously).
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining([
        "app/account/security/actions.ts beginPasskeyRegistrationAction",
        "app/account/security/actions.ts finishPasskeyRegistrationAction",
        "app/account/security/actions.ts beginTotpAction",
        "app/account/notifications/actions.ts saveNotificationChoicesAction",
      ]),
    );
    const refused = { ok: false, message: actionMessages("th").choosePasswordFirst, fieldErrors: {} };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, refused])));
    const [last] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ actorId: "usr_reset", outcome: "denied", data: { reason: "must change password" } });
  });

  it("lets choosing one's own password through the door (its own rules answer an empty form)", async () => {
    const { changePasswordAction } = await import("../../app/account/password/actions");
    const answer = await changePasswordAction(null, {});
    expect(answer).toMatchObject({ ok: false });
    expect(answer).not.toMatchObject({ message: actionMessages("th").choosePasswordFirst });
    expect(answer).not.toMatchObject({ message: actionMessages("en").choosePasswordFirst });
  });
});
