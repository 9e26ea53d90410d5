import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { auditLog, merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import type { StaffSession } from "@/lib/auth/current-session";

// The handler's surroundings outside Next: who is signed in, the database, the switcher's choice.
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null, db: undefined as unknown, selected: "mer_a" }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/navigation/selected-merchant", () => ({
  selectedMerchant: async () => ({ merchants: [], selected: { id: surroundings.selected }, scope: surroundings.selected }),
}));

const { GET } = await import("./route");

const staff = (role: string, merchantIds: string[] | null = null): StaffSession => ({
  userId: "usr_x",
  email: "x@shop",
  name: "X",
  role: role as StaffSession["role"],
  merchantIds,
  locale: null,
});
const get = (query = "", headers: Record<string, string> = {}) =>
  GET(new NextRequest(`http://paydesk.test/api/exports/requests${query}`, { headers }));

describe("GET /api/exports/requests", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const m = (id: string) => ({
      id,
      displayName: `Shop ${id}`,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(merchants).values([m("mer_a"), m("mer_b")]);
    const row = (id: string, merchantId: string, payerName: string, amount: string) => ({
      id,
      merchantId,
      kind: "payin" as const,
      refId1: id,
      payerName,
      requestedAmount: amount,
      status: "pending",
      input: {},
      idempotencyKey: id,
    });
    await database.db
      .insert(paymentRequests)
      .values([
        row("req_a1", "mer_a", "สมชาย ใจดี", "325.00"),
        row("req_a2", "mer_a", "=SUM(A1)", "10.50"),
        row("req_b1", "mer_b", "Other shop's payer", "99.00"),
      ]);
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => {
    surroundings.session = staff("viewer");
    surroundings.selected = "mer_a";
  });

  it("answers 401 in words when nobody is signed in", async () => {
    surroundings.session = null;
    const response = await get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to PayDesk first, then export again." });
  });

  it("answers 403 to a role without request.read, in the person's language, and audits the refusal", async () => {
    surroundings.session = staff("guest");
    const response = await get("", { "accept-language": "th-TH" });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/ไม่มีสิทธิ์/);
    const refusals = await database.db.select().from(auditLog).where(eq(auditLog.outcome, "denied"));
    expect(refusals).toEqual([expect.objectContaining({ action: "requests.export", actorId: "usr_x", data: { reason: "permission" } })]);
  });

  it("answers 400 naming the filters that are wrong, as the requests page labels them", async () => {
    const response = await get("?from=yesterday&min=abc");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { from: "date", min: "amount" },
      error: "Some filters are not valid (“Created from”, “Amount from (THB)”); fix them on the requests page and export again.",
    });
    const inThai = await get("?from=yesterday&q=" + "x".repeat(300), { "accept-language": "th-TH" });
    expect((await inThai.json()).error).toBe("ตัวกรองบางช่องไม่ถูกต้อง (“สร้างตั้งแต่”, “ค้นหา”) แก้ไขที่หน้ารายการคำขอแล้วส่งออกอีกครั้ง");
  });

  it("streams every matching row of the switcher's merchant as UTF-8 CSV with a BOM, and audits the export", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="paydesk-payin-\d{8}-\d{4}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    // One insert, one created_at: the id breaks the tie, newest-first order gives req_a2 first.
    expect(lines[1]).toContain(",'=SUM(A1),");
    expect(lines[2]).toContain("สมชาย ใจดี");
    expect(lines[2]).toContain(",325.00,");
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.outcome, "ok"));
    expect(audit).toMatchObject({ action: "requests.export", actorId: "usr_x", merchantId: "mer_a", outcome: "ok" });
  });

  it("never exports another merchant's rows, whatever the URL asks", async () => {
    surroundings.session = staff("viewer", ["mer_a"]);
    const all = await (await get("?merchant=all")).text();
    expect(all).toContain("req_a1");
    expect(all).not.toContain("req_b1");
    // Another merchant is "not found", exactly like one that does not exist.
    const other = await get("?merchant=mer_b", { "accept-language": "th-TH" });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "ไม่พบร้านค้านี้ โปรดเลือกร้านค้าจากรายการแล้วลองอีกครั้ง" });
  });

  it("exports what the filters select", async () => {
    const text = await (await get("?q=10.50")).text();
    expect(text).toContain("req_a2");
    expect(text).not.toContain("req_a1");
  });
});
