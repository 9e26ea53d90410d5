import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { auditLog, merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

// The wrapper's surroundings outside a Next request (as in lib/auth/action.db.test.ts).
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null, db: undefined as unknown, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));
vi.mock("@/lib/provider", () => ({ merchantApi: async () => undefined }));

const { recheckRequestAction, sandboxPayInControlAction, sandboxPayOutControlAction } = await import("./actions");

const staff = (role: StaffSession["role"], merchantIds: string[] | null = null): StaffSession => ({
  userId: `usr_${role}`,
  email: `${role}@x`,
  name: role,
  role,
  merchantIds,
  locale: null,
});

describe("the detail page's actions", () => {
  let database: TestDatabase;
  const lastAudit = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    await database.db
      .insert(merchants)
      .values({ id: "mer_a", displayName: "A", orgId: "org", merchantId: "m-a", submitKeyEncrypted: "v1:x", submitKeyLast4: "abcd" });
    const row = (id: string, kind: "payin" | "payout") => ({
      id,
      merchantId: "mer_a",
      kind,
      refId1: id,
      requestedAmount: "10.00",
      status: "pending",
      input: {},
      idempotencyKey: id,
      providerId: randomUUID(),
    });
    await database.db.insert(paymentRequests).values([row("req_in", "payin"), row("req_out", "payout")]);
  });
  afterAll(async () => database?.dispose());

  it("refuses sandbox controls to a viewer, who may only look", async () => {
    surroundings.session = staff("viewer");
    expect(await sandboxPayInControlAction(undefined, { requestId: "req_in", control: "pay" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/permission to create Pay-In/),
    });
    expect(await sandboxPayOutControlAction(undefined, { requestId: "req_out", control: "payout" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/permission to create Pay-Out/),
    });
    expect(await lastAudit()).toMatchObject({ action: "request.sandbox-control", outcome: "denied", actorId: "usr_viewer" });
  });

  it("lets an operator drive pay-ins but not pay-outs", async () => {
    surroundings.session = staff("operator");
    expect(await sandboxPayOutControlAction(undefined, { requestId: "req_out", control: "payout" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/permission/),
    });
    // Permitted, so it reaches the request: a pay-out through the pay-in door is refused as not applicable.
    expect(await sandboxPayInControlAction(undefined, { requestId: "req_out", control: "reject" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not apply/),
    });
  });

  it("answers 'not found' for a request outside the person's merchants, and audits it so", async () => {
    surroundings.session = staff("admin", ["mer_other"]);
    expect(await recheckRequestAction(undefined, { requestId: "req_in" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not found/),
    });
    expect(await lastAudit()).toMatchObject({ action: "request.recheck", outcome: "not_found", target: null });
    expect(await sandboxPayInControlAction(undefined, { requestId: "req_in", control: "pay" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not found/),
    });
  });

  it("tells what the re-check found in the person's language", async () => {
    surroundings.session = staff("viewer");
    // The merchant's keys cannot be read here (no API for it): the check says so.
    expect(await recheckRequestAction(undefined, { requestId: "req_in" })).toMatchObject({
      ok: true,
      data: { changed: false, note: "the merchant's API keys cannot be read; check them in Settings" },
    });
    surroundings.locale = "th";
    try {
      expect(await recheckRequestAction(undefined, { requestId: "req_in" })).toMatchObject({
        ok: true,
        data: { changed: false, note: "อ่าน API key ของร้านค้านี้ไม่ได้ โปรดตรวจสอบในหน้าตั้งค่า" },
      });
    } finally {
      surroundings.locale = "en";
    }
  });

  it("asks for the partial pay-out's amount beside the field", async () => {
    surroundings.session = staff("finance");
    const form = new FormData();
    form.set("requestId", "req_out");
    form.set("control", "partial_payout");
    expect(await sandboxPayOutControlAction(form)).toMatchObject({
      ok: false,
      fieldErrors: { amount: [expect.stringMatching(/Enter the amount/)] },
    });
  });
});
