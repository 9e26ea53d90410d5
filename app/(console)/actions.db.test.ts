import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { merchants } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { ACTION_MESSAGES } from "@/lib/auth/action";
import { ALL_MERCHANTS, MERCHANT_COOKIE } from "@/lib/navigation/selected-merchant";
import type { StaffSession } from "@/lib/auth/current-session";

const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
  cookies: new Map<string, { value: string; options: unknown }>(),
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.30" }),
  cookies: async () => ({
    get: (name: string) => surroundings.cookies.get(name),
    set: (name: string, value: string, options: unknown) => surroundings.cookies.set(name, { value, options }),
  }),
}));
// next-auth loads only inside Next's bundler; signOut is not exercised here.
vi.mock("@/lib/auth", () => ({ signOut: vi.fn() }));

const { selectAllMerchantsAction, selectMerchantAction } = await import("./actions");

describe("switching the console's merchant", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const row = (id: string) => ({
      id,
      displayName: id,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(merchants).values([row("mer_a"), row("mer_b")]);
  });
  afterAll(async () => database?.dispose());

  it("keeps a merchant in the person's scope in an http-only cookie", async () => {
    surroundings.session = { userId: "usr_1", email: "v@shop.example", name: "V", role: "viewer", merchantIds: ["mer_b"], locale: null };
    const data = new FormData();
    data.set("merchantId", "mer_b");
    expect(await selectMerchantAction(null, data)).toEqual({ ok: true, data: { merchantId: "mer_b" } });
    expect(surroundings.cookies.get(MERCHANT_COOKIE)).toMatchObject({
      value: "mer_b",
      options: { httpOnly: true, sameSite: "lax", path: "/" },
    });
  });

  it("refuses a merchant outside the scope as not found, and keeps the cookie as it was", async () => {
    surroundings.cookies.clear();
    expect(await selectMerchantAction(null, { merchantId: "mer_a" })).toEqual({
      ok: false,
      message: ACTION_MESSAGES.merchantNotFound,
      fieldErrors: {},
    });
    expect(surroundings.cookies.size).toBe(0);
  });

  it("keeps an explicit choice of all merchants", async () => {
    expect(await selectAllMerchantsAction(null, new FormData())).toEqual({ ok: true, data: { merchantId: ALL_MERCHANTS } });
    expect(surroundings.cookies.get(MERCHANT_COOKIE)).toMatchObject({
      value: ALL_MERCHANTS,
      options: { httpOnly: true, sameSite: "lax", path: "/" },
    });
  });

  it("needs a session", async () => {
    surroundings.session = null;
    expect(await selectMerchantAction(null, { merchantId: "mer_b" })).toMatchObject({ ok: false, message: ACTION_MESSAGES.signedOut });
    expect(await selectAllMerchantsAction(null, {})).toMatchObject({ ok: false, message: ACTION_MESSAGES.signedOut });
  });
});
