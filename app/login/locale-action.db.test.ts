import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { staffUsers } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { LOCALE_COOKIE, localeOf } from "@/lib/i18n";

const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
  cookies: new Map<string, { value: string; options: unknown }>(),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "http://127.0.0.1:3000" }),
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({
    get: (name: string) => surroundings.cookies.get(name),
    set: (name: string, value: string, options: unknown) => surroundings.cookies.set(name, { value, options }),
  }),
}));
// next-auth loads only inside Next's bundler; signing in is not exercised here.
vi.mock("@/lib/auth", () => ({ signIn: vi.fn() }));
vi.mock("next-auth", () => ({ AuthError: class extends Error {} }));

const { setLocaleAction } = await import("./actions");

describe("the language switcher's action", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => surroundings.cookies.clear());

  it("keeps a signed-in person's choice on their account and in the cookie", async () => {
    const person = await insertStaff(database.db, { role: "viewer" });
    surroundings.session = { userId: person.id, email: person.email, name: "P", role: "viewer", merchantIds: null, locale: null };
    const form = new FormData();
    form.set("locale", "th");
    expect(await setLocaleAction(form)).toEqual({ ok: true, data: { locale: "th" } });
    const [row] = await database.db.select({ locale: staffUsers.locale }).from(staffUsers).where(eq(staffUsers.id, person.id));
    expect(row?.locale).toBe("th");
    expect(surroundings.cookies.get(LOCALE_COOKIE)).toMatchObject({ value: "th", options: { httpOnly: true, sameSite: "lax", path: "/" } });
    // lib/i18n/server.ts: the account's choice wins over a browser that asks for English.
    expect(localeOf(row?.locale, new Headers({ "accept-language": "en-US,en;q=0.9", cookie: `${LOCALE_COOKIE}=en` }))).toBe("th");
  });

  it("works signed out (the sign-in page): the cookie only", async () => {
    surroundings.session = null;
    expect(await setLocaleAction(null, { locale: "en" })).toEqual({ ok: true, data: { locale: "en" } });
    expect(surroundings.cookies.get(LOCALE_COOKIE)?.value).toBe("en");
  });

  it("refuses a language PayDesk does not speak, and sets nothing", async () => {
    surroundings.session = null;
    expect(await setLocaleAction(null, { locale: "fr" })).toMatchObject({ ok: false, fieldErrors: { locale: [expect.any(String)] } });
    expect(surroundings.cookies.size).toBe(0);
  });
});
