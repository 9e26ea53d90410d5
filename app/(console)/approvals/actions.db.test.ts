import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { approvalMessages } from "@/components/console/approvals/messages";
import { deniedMessage } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { payOutRequest, type Destination } from "@/lib/requests/contract";
import { createRequest } from "@/lib/requests/create";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null, api: undefined as unknown }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/provider", () => ({ merchantApi: async () => surroundings.api }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.41", "accept-language": "en" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));

const { approveRequestAction, declineRequestAction } = await import("./actions");
const t = approvalMessages("en");

describe("approving and declining held Pay-Outs through the actions", () => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let merchantRowId: string;
  const people = {} as Record<"operator" | "maker" | "checker", StaffSession>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    sb = await startTestSandbox("spec");
    const vault = createKeyVault([randomBytes(32)]);
    merchantRowId = (
      await createMerchant(database.db, vault, {
        displayName: "Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    surroundings.api = createPaymentApi({ baseUrl: sb.url, timeoutMs: 2_000, limiter: null }).forMerchant({
      ...sb.coffee,
      label: "Coffee",
    }) satisfies MerchantApi;
    for (const [name, role] of [
      ["operator", "operator"],
      ["maker", "finance"],
      ["checker", "finance"],
    ] as const) {
      const { id, email } = await insertStaff(database.db, { role });
      people[name] = { userId: id, email, name, role, merchantIds: null, locale: null };
    }
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  async function held(destination: Destination = { type: "promptpay", promptPayId: "0812345678" }) {
    const result = await createRequest(
      database.db,
      surroundings.api as MerchantApi,
      { kind: "payout", payOut: payOutRequest({ refId1: ref("AA"), amountSatang: 6_000_000, destination }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: people.maker.userId, holdForApproval: true },
    );
    if (result.outcome !== "held") throw new Error(result.outcome);
    return result.request;
  }
  const input = (requestId: string, extra: Record<string, string> = {}) => ({ merchantId: merchantRowId, requestId, ...extra });

  it("the requester's own approval is refused in words, and audited as denied", async () => {
    const request = await held();
    surroundings.session = people.maker;
    expect(await approveRequestAction(null, input(request.id))).toEqual({ ok: false, message: t.ownRequest, fieldErrors: {} });
    const denied = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payout.approve"), eq(auditLog.actorId, people.maker.userId)));
    expect(denied.map((row) => row.outcome)).toEqual(["denied"]);
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(row?.status).toBe("awaiting_approval");
  });

  it("an operator may not approve at all", async () => {
    const request = await held();
    surroundings.session = people.operator;
    expect(await approveRequestAction(null, input(request.id))).toMatchObject({ ok: false, message: deniedMessage("payout.approve") });
    expect(await declineRequestAction(null, input(request.id, { reason: "no" }))).toMatchObject({
      ok: false,
      message: deniedMessage("payout.approve"),
    });
  });

  it("a second person approves: sent and pending, audited with the request", async () => {
    const request = await held();
    surroundings.session = people.checker;
    expect(await approveRequestAction(null, input(request.id))).toEqual({ ok: true, data: { state: "pending", message: null } });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payout.approve"), eq(auditLog.target, request.id)));
    expect(audit).toMatchObject({ outcome: "ok", actorId: people.checker.userId });
    expect(await approveRequestAction(null, input(request.id))).toMatchObject({ ok: false, message: t.alreadyDecided("Pending") });
  });

  it("an approved request the provider refuses is answered with the refusal in the approver's language", async () => {
    // The sandbox refuses a saved destination it does not know (NOTFOUND).
    const unknownAccount = { type: "saved", accountId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190" } as const;
    const request = await held(unknownAccount);
    surroundings.session = { ...people.checker, locale: "th" };
    expect(await approveRequestAction(null, input(request.id))).toEqual({
      ok: true,
      data: { state: "rejected", message: "ผู้ให้บริการไม่พบร้านค้า บัญชี หรือคำขอนี้ โปรดตรวจสอบ merchant id และ org id ในการตั้งค่าร้านค้า (NOTFOUND)" },
    });
    const again = await held(unknownAccount);
    surroundings.session = people.checker;
    expect(await approveRequestAction(null, input(again.id))).toMatchObject({
      ok: true,
      data: {
        state: "rejected",
        message:
          "The provider does not know this merchant, account or request. Check the merchant id and org id in the merchant's settings. (NOTFOUND)",
      },
    });
  });

  it("declining needs a reason, and keeps it", async () => {
    const request = await held();
    surroundings.session = people.checker;
    expect(await declineRequestAction(null, input(request.id, { reason: "  " }))).toMatchObject({
      ok: false,
      fieldErrors: { reason: ["declineReasonRequired"] },
    });
    expect(await declineRequestAction(null, input(request.id, { reason: "Account name does not match" }))).toEqual({
      ok: true,
      data: { state: "canceled" },
    });
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(row).toMatchObject({ status: "canceled", statusReason: "Account name does not match" });
  });
});
