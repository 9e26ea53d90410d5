import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

// The handler's surroundings outside Next: who is signed in, and the database.
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null, db: undefined as unknown }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));

const { GET } = await import("./route");

const staff = (role: StaffSession["role"], merchantIds: string[] | null = null, locale: string | null = null): StaffSession => ({
  userId: `usr_${role}`,
  email: `${role}@shop`,
  name: role,
  role,
  merchantIds,
  locale,
});
const get = (headers: Record<string, string> = {}) => GET(new NextRequest("http://paydesk.test/api/approvals/count", { headers }));

describe("GET /api/approvals/count", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const m = (id: string) => ({
      id,
      displayName: id,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(merchants).values([m("mer_a"), m("mer_b")]);
    const held = (id: string, merchantId: string) => ({
      id,
      merchantId,
      kind: "payout" as const,
      refId1: id,
      payerName: "x",
      requestedAmount: "60000.00",
      status: "awaiting_approval",
      input: {},
      idempotencyKey: id,
    });
    await database.db.insert(paymentRequests).values([held("req_1", "mer_a"), held("req_2", "mer_a"), held("req_3", "mer_b")]);
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => {
    surroundings.session = staff("finance");
  });

  it("tells a person who may approve how many wait among their merchants, never from a cache", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ count: 3 });
    surroundings.session = staff("admin", ["mer_b"]);
    expect(await (await get()).json()).toEqual({ count: 1 });
  });

  it("answers 401 in words when nobody is signed in, in the browser's language", async () => {
    surroundings.session = null;
    const response = await get({ "accept-language": "th-TH" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่" });
  });

  it("answers 403 to a role that may not approve, without the number", async () => {
    for (const role of ["viewer", "operator"] as const) {
      surroundings.session = staff(role);
      const response = await get();
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "You do not have permission to approve Pay-Outs. Ask an admin if you need it." });
    }
  });
});
