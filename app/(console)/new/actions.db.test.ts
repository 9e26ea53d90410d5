import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fieldMessage } from "@/lib/requests/form-messages";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { ACTION_MESSAGES, deniedMessage } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, paymentRequests, requestEvents } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { generateIdempotencyKey } from "@/lib/requests/ref-id";

const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
  api: undefined as unknown,
  acceptLanguage: "en",
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
// The action reads the merchant's row with its scope check and opens its keys from that row (merchantApiFor).
vi.mock("@/lib/provider", () => ({ merchantApi: async () => surroundings.api, merchantApiFor: async () => surroundings.api }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.40", "accept-language": surroundings.acceptLanguage }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));

const actions = await import("./actions");

describe("the create actions (permissions, outcomes, idempotency) against the sandbox", () => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let coffee: string;
  let gadgets: string;
  const people = {} as Record<"viewer" | "operator" | "finance", StaffSession>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    sb = await startTestSandbox("spec");
    const vault = createKeyVault([randomBytes(32)]);
    const base = { orgId: sb.coffee.orgId, payinMinSatang: 2_000, payinMaxSatang: 5_000_000, payoutApprovalThresholdSatang: 5_000_000 };
    coffee = (
      await createMerchant(database.db, vault, {
        ...base,
        displayName: "Coffee",
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    gadgets = (
      await createMerchant(database.db, vault, {
        ...base,
        displayName: "Gadgets",
        merchantId: sb.gadgets.merchantId,
        submitKey: sb.gadgets.submitKey,
      })
    ).id;
    surroundings.api = createPaymentApi({ baseUrl: sb.url, timeoutMs: 2_000, limiter: null }).forMerchant({
      ...sb.coffee,
      label: "Coffee",
    }) satisfies MerchantApi;
    for (const role of ["viewer", "operator", "finance"] as const) {
      const { id, email } = await insertStaff(database.db, { role, merchantIds: [coffee] });
      people[role] = { userId: id, email, name: role, role, merchantIds: [coffee], locale: null };
    }
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ merchantId: coffee, idempotencyKey: generateIdempotencyKey(), ...fields }))
      data.set(name, value);
    return data;
  };
  const payIn = (fields: Record<string, string> = {}) =>
    form({ refId1: ref("AC"), amount: "325.50", payerName: "สมชาย", qrProvider: "PP", ...fields });
  const payOut = (fields: Record<string, string> = {}) =>
    form({ refId1: ref("AO"), amount: "1,500.00", destinationType: "promptpay", promptPayId: "0812345678", ...fields });
  const rowsWith = async (refId1: string) =>
    database.db
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.merchantId, coffee), eq(paymentRequests.refId1, refId1)));
  const atProvider = async (refId1: string) => (await sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;

  it("an operator cannot create a Pay-Out or a Withdrawal: refused, audited, nothing recorded or sent", async () => {
    surroundings.session = people.operator;
    for (const [action, permission] of [
      [actions.createPayOutAction, "payout.create"],
      [actions.createWithdrawalAction, "withdrawal.create"],
    ] as const) {
      const data = payOut();
      expect(await action(null, data)).toEqual({ ok: false, message: deniedMessage(permission), fieldErrors: {} });
      expect(await rowsWith(String(data.get("refId1")))).toEqual([]);
      expect(await atProvider(String(data.get("refId1")))).toBe(0);
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, permission), eq(auditLog.actorId, people.operator.userId)));
      expect(audit).toMatchObject({ outcome: "denied", merchantId: coffee });
    }
  });

  it("a viewer cannot create a Pay-In", async () => {
    surroundings.session = people.viewer;
    expect(await actions.createPayInAction(null, payIn())).toMatchObject({ ok: false, message: deniedMessage("payin.create") });
  });

  it("creates a Pay-In at the provider and names it for the form to open; the audit row names it too", async () => {
    surroundings.session = people.operator;
    const data = payIn();
    const result = await actions.createPayInAction(null, data);
    expect(result).toMatchObject({ ok: true, data: { outcome: "created", requestId: expect.stringMatching(/^req_/) } });
    const [row] = await rowsWith(String(data.get("refId1")));
    expect(row).toMatchObject({ status: "pending", requestedAmount: "325.50", createdBy: people.operator.userId, kind: "payin" });
    if (result.ok) {
      const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.target, result.data.requestId));
      expect(audit).toMatchObject({ action: "payin.create", outcome: "ok", actorId: people.operator.userId });
    }
  });

  it("the same form sent twice (double click, retry, re-post) is one request", async () => {
    surroundings.session = people.operator;
    const data = payIn();
    const [first, second] = await Promise.all([actions.createPayInAction(null, data), actions.createPayInAction(null, data)]);
    const third = await actions.createPayInAction(null, data);
    expect(first.ok && second.ok && third.ok).toBe(true);
    if (first.ok && second.ok && third.ok) {
      expect(second.data.requestId).toBe(first.data.requestId);
      expect(third.data.requestId).toBe(first.data.requestId);
    }
    expect(await atProvider(String(data.get("refId1")))).toBe(1);
  });

  it("refuses a NUL character in a Pay-In's description beside the field: nothing recorded or sent", async () => {
    surroundings.session = people.operator;
    const data = payIn({ description: "Latte\u0000 x2" });
    expect(await actions.createPayInAction(null, data)).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { description: [ACTION_MESSAGES.nulCharacter] },
    });
    expect(await rowsWith(String(data.get("refId1")))).toEqual([]);
    expect(await atProvider(String(data.get("refId1")))).toBe(0);
  });

  it("checks the merchant's Pay-In range on the server, before anything is recorded", async () => {
    surroundings.session = people.operator;
    const data = payIn({ amount: "19.99" });
    expect(await actions.createP2PAction(null, data)).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { amount: ["amountBelowMin:2000"] },
    });
    expect(await rowsWith(String(data.get("refId1")))).toEqual([]);
  });

  it("answers a used RefId1 on the RefId1 field, in the person's language", async () => {
    surroundings.session = people.operator;
    const refId1 = ref("AU");
    await actions.createPayInAction(null, payIn({ refId1 }));
    expect(await actions.checkRefId1Action(null, { merchantId: coffee, refId1 })).toEqual({ ok: true, data: { refId1, isTaken: true } });
    expect(await actions.checkRefId1Action(null, { merchantId: coffee, refId1: ref("AF") })).toMatchObject({
      ok: true,
      data: { isTaken: false },
    });
    surroundings.acceptLanguage = "th-TH,th;q=0.9";
    try {
      expect(await actions.createPayInAction(null, payIn({ refId1 }))).toEqual({
        ok: false,
        message: "บางช่องต้องแก้ไข ดูข้อความข้างช่องนั้น",
        fieldErrors: { refId1: ["refId1Taken"] },
      });
    } finally {
      surroundings.acceptLanguage = "en";
    }
  });

  it("keeps the form on a provider rejection, with the code in words, a fresh RefId1 and a fresh form key", async () => {
    surroundings.session = people.operator;
    // A fresh sandbox has no pending pay-out a P2P payment could go to.
    const data = payIn({ amount: "45,000.00" });
    const result = await actions.createP2PAction(null, data);
    expect(result).toMatchObject({
      ok: true,
      data: {
        outcome: "rejected",
        code: "ERROR_NO_P2P_ACCOUNT_MATCH",
        message: expect.stringContaining("No pending pay-out can take this P2P payment"),
      },
    });
    if (result.ok && result.data.outcome === "rejected") {
      expect(result.data.refId1).not.toBe(data.get("refId1"));
      expect(result.data.idempotencyKey).not.toBe(data.get("idempotencyKey"));
      // The same form again gets the same answer, not a second request.
      expect(await actions.createP2PAction(null, data)).toMatchObject({
        ok: true,
        data: { outcome: "rejected", requestId: result.data.requestId },
      });
    }
  });

  it("words the provider's rejection in the person's language, and keeps its code and reason on the timeline", async () => {
    surroundings.session = { ...people.operator, locale: "th" };
    const data = payIn({ amount: "45,000.00" });
    const result = await actions.createP2PAction(null, data);
    const thai = "ขณะนี้ไม่มีรายการโอนจ่ายที่รออยู่ซึ่งรับการชำระแบบ P2P นี้ได้ โปรดใช้ Pay-In แบบปกติ หรือลองใหม่ภายหลัง (ERROR_NO_P2P_ACCOUNT_MATCH)";
    expect(result).toMatchObject({ ok: true, data: { outcome: "rejected", code: "ERROR_NO_P2P_ACCOUNT_MATCH", message: thai } });
    // The same form again (its first answer stands) is worded the same way.
    expect(await actions.createP2PAction(null, data)).toMatchObject({ ok: true, data: { outcome: "rejected", message: thai } });
    if (!result.ok || result.data.outcome !== "rejected") return;
    const [event] = await database.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, result.data.requestId), eq(requestEvents.type, "submit_rejected")));
    expect(event?.data).toMatchObject({ code: "ERROR_NO_P2P_ACCOUNT_MATCH" });
    expect(event?.data).not.toHaveProperty("message");
  });

  it("words a call the provider never took (a key it rejects) in the person's language, and keeps its facts on the request", async () => {
    surroundings.session = { ...people.operator, locale: "th" };
    const rightKey = surroundings.api;
    surroundings.api = createPaymentApi({ baseUrl: sb.url, timeoutMs: 2_000, limiter: null }).forMerchant({
      ...sb.coffee,
      submitKey: "00000000-0000-0000-0000-000000000000",
      label: "Coffee",
    });
    try {
      const data = payIn();
      const result = await actions.createPayInAction(null, data);
      const thai = `ผู้ให้บริการไม่ยอมรับ API key ขององค์กร ${sb.coffee.orgId} (Coffee) คีย์อาจไม่ถูกต้อง ถูกปิดใช้งาน หรือหมดอายุแล้ว โปรดกรอกคีย์ปัจจุบันในการตั้งค่าร้านค้า`;
      expect(result).toMatchObject({ ok: true, data: { outcome: "rejected", code: "NOT_SENT_AUTH_FAILED", message: thai } });
      // The same form again (its first answer stands) is worded the same way.
      expect(await actions.createPayInAction(null, data)).toMatchObject({ ok: true, data: { outcome: "rejected", message: thai } });
      const [row] = await rowsWith(String(data.get("refId1")));
      expect(row).toMatchObject({
        status: "rejected",
        statusCode: "NOT_SENT_AUTH_FAILED",
        statusReason: null,
        statusFacts: { kind: "auth_failed", orgId: sb.coffee.orgId, merchantLabel: "Coffee" },
      });
      expect(await atProvider(String(data.get("refId1")))).toBe(0);
    } finally {
      surroundings.api = rightKey;
    }
  });

  it("lands a Thai reader on the request when the provider does not answer in time; the request keeps why, as facts", async () => {
    surroundings.session = { ...people.operator, locale: "th" };
    const data = payIn();
    const refId1 = String(data.get("refId1"));
    await sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "timeout", when: "before", match: { refId1 } });
    expect(await actions.createPayInAction(null, data)).toMatchObject({ ok: true, data: { outcome: "created" } });
    const [row] = await rowsWith(refId1);
    expect(row).toMatchObject({
      status: "unknown",
      statusReason: null,
      statusFacts: { kind: "timeout", timeoutMs: 2_000, mayExist: true },
    });
  });

  it("holds a Pay-Out above the merchant's threshold for approval, and sends one below it", async () => {
    surroundings.session = people.finance;
    const big = payOut({ amount: "50,000.01" });
    const held = await actions.createPayOutAction(null, big);
    expect(held).toMatchObject({ ok: true, data: { outcome: "created" } });
    expect((await rowsWith(String(big.get("refId1"))))[0]).toMatchObject({ status: "awaiting_approval", kind: "payout" });
    expect(await atProvider(String(big.get("refId1")))).toBe(0);

    const atThreshold = payOut({ amount: "50,000.00" });
    expect(await actions.createWithdrawalAction(null, atThreshold)).toMatchObject({ ok: true, data: { outcome: "created" } });
    expect((await rowsWith(String(atThreshold.get("refId1"))))[0]).toMatchObject({
      status: "pending",
      kind: "withdrawal",
      isWithdrawal: true,
    });
  });

  it("refuses a Pay-Out or Withdrawal over the merchant's ceiling beside the amount, in words, instead of holding it: nothing recorded or sent", async () => {
    surroundings.session = people.finance;
    for (const [create, amount] of [
      [actions.createPayOutAction, "99,999,999,999.00"],
      [actions.createWithdrawalAction, "2,000,000.01"],
    ] as const) {
      const over = payOut({ amount });
      const answer = await create(null, over);
      expect(answer).toMatchObject({ ok: false, fieldErrors: { amount: ["amountAboveCeiling:200000000"] } });
      expect(await rowsWith(String(over.get("refId1")))).toEqual([]);
      expect(await atProvider(String(over.get("refId1")))).toBe(0);
    }
    expect(fieldMessage("en", "amountAboveCeiling:200000000")).toContain("at most ฿2,000,000.00");
    expect(fieldMessage("th", "amountAboveCeiling:200000000")).toMatch(/ไม่เกิน ฿2,000,000\.00/);
    // At the ceiling it is made as before (held: above this merchant's approval threshold).
    const atCeiling = payOut({ amount: "2,000,000.00" });
    expect(await actions.createPayOutAction(null, atCeiling)).toMatchObject({ ok: true, data: { outcome: "created" } });
    expect((await rowsWith(String(atCeiling.get("refId1"))))[0]).toMatchObject({ status: "awaiting_approval" });
  });

  it("refuses a merchant outside the person's scope as not found", async () => {
    surroundings.session = people.finance;
    expect(await actions.createPayInAction(null, payIn({ merchantId: gadgets }))).toMatchObject({
      ok: false,
      message: ACTION_MESSAGES.merchantNotFound,
    });
    expect(await actions.checkRefId1Action(null, { merchantId: gadgets, refId1: "X1" })).toMatchObject({
      ok: false,
      message: ACTION_MESSAGES.merchantNotFound,
    });
  });

  it("words a merchant id no merchant could have as not found, for a person who sees every merchant: nothing recorded", async () => {
    surroundings.session = { ...people.finance, merchantIds: null };
    for (const merchantId of ["coffee\u0000", "m".repeat(200), "no-such-merchant"]) {
      const data = payIn({ merchantId });
      expect(await actions.createPayInAction(null, data)).toMatchObject({ ok: false, message: ACTION_MESSAGES.merchantNotFound });
      expect(await rowsWith(String(data.get("refId1")))).toEqual([]);
      // An action that reads only the merchant's summary says the same.
      expect(await actions.checkRefId1Action(null, { merchantId, refId1: "X1" })).toMatchObject({
        ok: false,
        message: ACTION_MESSAGES.merchantNotFound,
      });
    }
  });

  it("reports every field problem with its message key", async () => {
    surroundings.session = people.finance;
    const result = await actions.createPayOutAction(null, payOut({ amount: "1.234", destinationType: "bank", promptPayId: "" }));
    expect(result).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: {
        amount: ["amountDecimals"],
        bankCode: ["bankRequired"],
        accountNo: ["accountNoInvalid"],
        accountName: ["accountNameRequired"],
      },
    });
  });
});
