import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { auditLog, slips, staffUsers } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { storeSlip } from "@/lib/slips/store";
import { insertMerchantWithRequest, slipPictures } from "@/lib/slips/testing/rows";

// The wrapper's surroundings outside a Next request (as in lib/auth/action.db.test.ts).
const surroundings = vi.hoisted(() => ({ session: null as StaffSession | null, db: undefined as unknown, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));

const { decideSlipAction } = await import("./actions");

const staff = (role: StaffSession["role"], merchantIds: string[] | null = null): StaffSession => ({
  userId: `usr_${role}`,
  email: `${role}@x`,
  name: role,
  role,
  merchantIds,
  locale: null,
});

describe("deciding on a slip", () => {
  let database: TestDatabase;
  let slipId: string;
  let merchantId: string;
  const lastAudit = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const decision = async () => (await database.db.select({ d: slips.decision }).from(slips).where(eq(slips.id, slipId)))[0]!.d;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    await database.db
      .insert(staffUsers)
      .values(
        (["viewer", "operator"] as const).map((role) => ({ id: `usr_${role}`, email: `${role}@x`, name: role, role, passwordHash: "x" })),
      );
    const shop = await insertMerchantWithRequest(database.db, "Coffee");
    merchantId = shop.merchantId;
    slipId = await storeSlip(database.db, { ...shop, first4: null, last4: null, note: null, ...(await slipPictures(50)) });
  });
  afterAll(async () => database?.dispose());

  it("is refused to a viewer, who may only look", async () => {
    surroundings.session = staff("viewer");
    expect(await decideSlipAction(undefined, { slipId, decision: "matches", note: "" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/decide whether a slip matches its request/),
    });
    expect(await decision()).toBeNull();
  });

  it("needs a why for 'does not match', keyed for the form's language, and loses nothing", async () => {
    surroundings.session = staff("operator");
    const refused = await decideSlipAction(undefined, { slipId, decision: "does_not_match", note: " " });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { note: ["slips.noteNeeded"] } });
    expect(await decideSlipAction(undefined, { slipId, decision: "perhaps", note: "" })).toMatchObject({
      ok: false,
      fieldErrors: { decision: ["slips.chooseDecision"] },
    });
    expect(await decision()).toBeNull();
  });

  it("is not found outside the person's merchants, and audited as such", async () => {
    surroundings.session = staff("operator", ["mer_elsewhere"]);
    expect(await decideSlipAction(undefined, { slipId, decision: "matches", note: "" })).toMatchObject({
      ok: false,
      message: "slips.notFound",
    });
    expect(await lastAudit()).toMatchObject({ action: "slip.decide", outcome: "not_found", actorId: "usr_operator" });
  });

  it("records the decision and audits it with the slip as its target", async () => {
    surroundings.session = staff("operator", [merchantId]);
    expect(await decideSlipAction(undefined, { slipId, decision: "matches", note: "฿325.37 at 10:02, KBank" })).toMatchObject({
      ok: true,
      data: { decision: "matches", previous: null, unchanged: false },
    });
    expect(await decision()).toBe("matches");
    expect(await lastAudit()).toMatchObject({ action: "slip.decide", outcome: "ok", target: slipId, actorId: "usr_operator" });
  });
});
