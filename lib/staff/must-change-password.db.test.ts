import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_KINDS } from "../db/testing/databases";
import { inviteStaff } from "./manage";
import { changeOwnPassword } from "./password";
import { sealedSessionCookie } from "../auth/testing/session-cookie";
import { insertStaff } from "../auth/testing/staff";
import { setUpTestDatabase } from "../testing/database-fixture";

// The request's session cookie (Next's headers()) and the database, outside a Next request.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, cookie: "" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(surroundings.cookie ? { cookie: surroundings.cookie } : {}) }));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);
const signInAs = async (userId: string) => {
  surroundings.cookie = await sealedSessionCookie(userId, { secret });
};

const { CHOOSE_PASSWORD_PATH, loadStaffSession, requirePermission, requireSession } = await import("../auth/current-session");

describe.each(DATABASE_KINDS)("a person on a one-time password, on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (skip) return;
    surroundings.db = setup.db;
  });

  it.skipIf(skip)("is sent to choose a password from every console page until they have, then let through", async () => {
    const admin = await insertStaff(setup.db, { role: "admin" });
    const invited = await inviteStaff(
      setup.db,
      { userId: admin.id, merchantIds: null },
      { email: "otp@shop.example", name: "Otp", role: "admin", allMerchants: true, merchantIds: [] },
    );
    await signInAs(invited.id);
    expect(await loadStaffSession(setup.db, invited.id)).toMatchObject({ mustChangePassword: true });
    const toChoosePassword = {
      digest: expect.stringMatching(new RegExp(`^NEXT_REDIRECT;replace;${CHOOSE_PASSWORD_PATH.replaceAll("/", "\\/")};`)),
    };
    await expect(requireSession()).rejects.toMatchObject(toChoosePassword);
    // Even a page the role may open: the password comes first.
    await expect(requirePermission("staff.manage")).rejects.toMatchObject(toChoosePassword);

    // From the session they signed in with (sealedSessionCookie's "sid-test"), which stays signed in.
    await changeOwnPassword(
      setup.db,
      invited.id,
      { currentPassword: invited.oneTimePassword, newPassword: "my own long password" },
      "sid-test",
    );
    expect(await loadStaffSession(setup.db, invited.id)).not.toHaveProperty("mustChangePassword");
    await expect(requirePermission("staff.manage")).resolves.toMatchObject({ userId: invited.id, role: "admin" });
  });

  it.skipIf(skip)("an ordinary session carries no flag and is not redirected", async () => {
    const person = await insertStaff(setup.db, { role: "viewer" });
    expect(await loadStaffSession(setup.db, person.id)).not.toHaveProperty("mustChangePassword");
  });
});
