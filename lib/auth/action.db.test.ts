import { desc } from "drizzle-orm";
import { redirect } from "next/navigation";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { actionMessages } from "../i18n/action-messages";
import { accessOf, ACTION_MESSAGES, ActionError, defineAction, isDefinedAction } from "./action";
import type { StaffSession } from "./current-session";
import { captureLog } from "../ops/testing/log-capture";
import { render } from "../ops/prometheus";
import { insertPlaceholderMerchants, setUpTestDatabase } from "../testing/database-fixture";

// The wrapper's surroundings, outside a Next request: who is signed in, the database, the headers.
const surroundings = vi.hoisted(() => ({
  session: null as StaffSession | null,
  db: undefined as unknown,
  headers: new Headers({ "x-paydesk-peer": "203.0.113.20" }),
  /** The language cookie (paydesk_locale), and how often the wrapper read what the locale comes from. */
  localeCookie: undefined as string | undefined,
  cookieReads: 0,
}));
vi.mock("./current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("../db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({
  // The request's headers, with the language cookie in its Cookie header as a browser sends it;
  // reading the Cookie or Accept-Language header counts as working out the locale.
  headers: async () => ({
    get(name: string) {
      const lower = name.toLowerCase();
      if (lower === "cookie" || lower === "accept-language") surroundings.cookieReads += 1;
      if (lower === "cookie") return surroundings.localeCookie ? `paydesk_locale=${surroundings.localeCookie}` : null;
      return surroundings.headers.get(name);
    },
  }),
}));

const staff = (role: StaffSession["role"], merchantIds: string[] | null = null): StaffSession => ({
  userId: `usr_${role}`,
  email: `${role}@shop.example`,
  name: role,
  role,
  merchantIds,
  locale: null,
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("defineAction, the one door for mutations", () => {
  const setup = setUpTestDatabase("pglite");
  const lastAudit = async () => (await setup.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const auditCount = async () => (await setup.db.select().from(auditLog)).length;

  beforeAll(async () => {
    surroundings.db = setup.db as Db;
    await insertPlaceholderMerchants(setup.db, ["mer_a", "mer_b"]);
  });
  beforeEach(() => {
    surroundings.session = staff("finance");
    surroundings.headers = new Headers({ "x-paydesk-peer": "203.0.113.20" });
    surroundings.localeCookie = undefined;
  });

  const run = vi.fn(async ({ input }: { input: { merchantId: string; amount: string; count: number; isUrgent: boolean } }) => ({
    echoed: input,
  }));
  const createPayout = defineAction({
    permission: "payout.create",
    schema: z.object({
      merchantId: z.string(),
      amount: z.string().regex(/^\d+(\.\d{1,2})?$/, "Enter an amount like 1500 or 1500.50"),
      count: z.number().int(),
      isUrgent: z.boolean(),
    }),
    merchantScoped: true,
    audit: "payout.create",
    target: (_input, data) => `req_for_${data.echoed.amount}`,
    run,
  });

  it("runs for a permitted person in scope, with FormData coerced, and audits who, what, where and from which IP", async () => {
    surroundings.session = staff("finance", ["mer_a"]);
    const result = await createPayout(null, form({ merchantId: "mer_a", amount: "1500.50", count: "3" }));
    expect(result).toEqual({ ok: true, data: { echoed: { merchantId: "mer_a", amount: "1500.50", count: 3, isUrgent: false } } });
    expect(run.mock.calls.at(-1)?.[0]).toMatchObject({ merchant: { id: "mer_a" }, session: { userId: "usr_finance" }, ip: "203.0.113.20" });
    expect(await lastAudit()).toMatchObject({
      actorId: "usr_finance",
      action: "payout.create",
      merchantId: "mer_a",
      target: "req_for_1500.50",
      ip: "203.0.113.20",
      outcome: "ok",
    });
  });

  it("accepts a plain object, and the FormData of a bare <form action>", async () => {
    expect((await createPayout(undefined, { merchantId: "mer_b", amount: "1", count: 1, isUrgent: true })).ok).toBe(true);
    expect((await createPayout(form({ merchantId: "mer_b", amount: "2", count: "1", isUrgent: "on" }))).ok).toBe(true);
  });

  it("refuses when signed out, before anything else, and writes nothing", async () => {
    surroundings.session = null;
    const before = await auditCount();
    run.mockClear();
    expect(await createPayout(null, { merchantId: "mer_a", amount: "1", count: 1, isUrgent: false })).toEqual({
      ok: false,
      message: ACTION_MESSAGES.signedOut,
      fieldErrors: {},
    });
    expect(run).not.toHaveBeenCalled();
    expect(await auditCount()).toBe(before);
  });

  it("answers 'not found' alike for a merchant outside the scope and one that does not exist", async () => {
    surroundings.session = staff("admin", ["mer_a"]);
    run.mockClear();
    const outside = await createPayout(null, { merchantId: "mer_b", amount: "1", count: 1, isUrgent: false });
    expect(outside).toEqual({ ok: false, message: ACTION_MESSAGES.merchantNotFound, fieldErrors: {} });
    expect(await lastAudit()).toMatchObject({ outcome: "not_found", merchantId: "mer_b", actorId: "usr_admin" });
    expect(await createPayout(null, { merchantId: "mer_nope", amount: "1", count: 1, isUrgent: false })).toEqual(outside);
    expect(await createPayout(null, { amount: "1", count: 1, isUrgent: false })).toEqual(outside);
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a role without the permission, says which, and audits the attempt", async () => {
    surroundings.session = staff("operator");
    run.mockClear();
    const result = await createPayout(null, { merchantId: "mer_a", amount: "1", count: 1, isUrgent: false });
    expect(result).toEqual({
      ok: false,
      message: "You do not have permission to create Pay-Out requests. Ask an admin if you need it.",
      fieldErrors: {},
    });
    expect(run).not.toHaveBeenCalled();
    expect(await lastAudit()).toMatchObject({ outcome: "denied", actorId: "usr_operator", action: "payout.create" });
  });

  it("returns zod's messages per field for bad input, without running or auditing", async () => {
    run.mockClear();
    const before = await auditCount();
    const result = await createPayout(null, form({ merchantId: "mer_a", amount: "1,5", count: "three" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(ACTION_MESSAGES.invalid);
    expect(result.fieldErrors.amount).toEqual(["Enter an amount like 1500 or 1500.50"]);
    expect(result.fieldErrors.count?.[0]).toMatch(/number/);
    expect(run).not.toHaveBeenCalled();
    expect(await auditCount()).toBe(before);
  });

  it("says 'Fill in this field.' for an empty required field, unless the schema has its own words", async () => {
    const action = defineAction({
      permission: "public",
      schema: z.object({ name: z.string(), email: z.string({ error: "Enter your email address." }), note: z.string().optional() }),
      audit: false,
      run: async () => null,
    });
    const result = await action(null, form({ name: "", email: "", note: "" }));
    expect(result).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { name: [ACTION_MESSAGES.missingField], email: ["Enter your email address."] },
    });
  });

  it("turns an unexpected error into a generic message with a reference, never the internals", async () => {
    const logged = captureLog();
    const broken = defineAction({
      permission: "request.read",
      schema: z.object({}),
      audit: "request.recheck",
      run: async () => {
        throw new Error('relation "payment_requests" violates constraint; key=sk_live_secret');
      },
    });
    const result = await broken(null, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/^Something went wrong on our side \(reference E-[0-9A-F]{6}\)\. Try again/);
    expect(result.message).not.toMatch(/payment_requests|sk_live|constraint/);
    const reference = /E-[0-9A-F]{6}/.exec(result.message)![0];
    expect(await lastAudit()).toMatchObject({ outcome: "error", action: "request.recheck", data: { reference } });
    expect(logged.text()).toContain(reference);
    logged.restore();
  });

  it("passes an ActionError's message and field errors through, audited as failed", async () => {
    const refusing = defineAction({
      permission: "payin.create",
      schema: z.object({ refId1: z.string() }),
      audit: "payin.create",
      run: async () => {
        throw new ActionError("RefId1 R-1 was used before; choose another.", { refId1: ["Already used"] });
      },
    });
    expect(await refusing(null, { refId1: "R-1" })).toEqual({
      ok: false,
      message: "RefId1 R-1 was used before; choose another.",
      fieldErrors: { refId1: ["Already used"] },
    });
    expect(await lastAudit()).toMatchObject({ outcome: "failed", action: "payin.create" });
  });

  it("lets Next's redirect() through, audited as done", async () => {
    const leaving = defineAction({
      permission: "signed-in",
      schema: z.object({}),
      audit: "auth.sign-out",
      run: async () => redirect("/requests"),
    });
    await expect(leaving(null, {})).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    expect(await lastAudit()).toMatchObject({ outcome: "ok", action: "auth.sign-out" });
  });

  it("runs a public action signed out (sign-in), and skips the audit row when told to", async () => {
    surroundings.session = null;
    const before = await auditCount();
    const open = defineAction({
      permission: "public",
      schema: z.object({ email: z.string() }),
      audit: false,
      run: async ({ session, input }) => ({ session, email: input.email }),
    });
    expect(await open(null, form({ email: "a@b.c" }))).toEqual({ ok: true, data: { session: null, email: "a@b.c" } });
    expect(await auditCount()).toBe(before);
    expect(() =>
      defineAction({ permission: "public", merchantScoped: true, schema: z.object({}), audit: false, run: async () => null }),
    ).toThrow(/public/);
  });

  it("brands what it builds, so the registry test can tell a wrapped action from a bare one", () => {
    expect(isDefinedAction(createPayout)).toBe(true);
    expect(isDefinedAction(async () => ({ ok: true }))).toBe(false);
    expect(isDefinedAction({})).toBe(false);
    expect(accessOf(createPayout)).toBe("payout.create");
    expect(accessOf(async () => ({ ok: true }))).toBeUndefined();
  });
  describe("its own refusals, in the person's language", () => {
    const thaiBrowser = () => {
      surroundings.headers = new Headers({ "x-paydesk-peer": "203.0.113.20", "accept-language": "th-TH,th;q=0.9,en;q=0.5" });
    };
    const anyInput = { merchantId: "mer_a", amount: "1", count: 1, isUrgent: false };

    it("signed out: the browser's language, or the language cookie, which wins over the browser", async () => {
      surroundings.session = null;
      thaiBrowser();
      expect(await createPayout(null, anyInput)).toEqual({
        ok: false,
        message: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่",
        fieldErrors: {},
      });
      surroundings.localeCookie = "en";
      expect(await createPayout(null, anyInput)).toMatchObject({ message: ACTION_MESSAGES.signedOut });
      surroundings.headers = new Headers({ "accept-language": "en-US" });
      surroundings.localeCookie = "th";
      expect(await createPayout(null, anyInput)).toMatchObject({ message: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่" });
    });

    it("signed in: the language saved on the account wins over the cookie and the browser", async () => {
      thaiBrowser();
      surroundings.localeCookie = "th";
      surroundings.session = { ...staff("operator"), locale: "en" };
      expect(await createPayout(null, anyInput)).toMatchObject({
        message: "You do not have permission to create Pay-Out requests. Ask an admin if you need it.",
      });
      surroundings.headers = new Headers({ "accept-language": "en-US" });
      surroundings.localeCookie = undefined;
      surroundings.session = { ...staff("operator"), locale: "th" };
      expect(await createPayout(null, anyInput)).toEqual({
        ok: false,
        message: "คุณไม่มีสิทธิ์สร้างคำขอโอนจ่าย (Pay-Out) หากต้องใช้ โปรดติดต่อผู้ดูแลระบบ",
        fieldErrors: {},
      });
    });

    it("words 'not found', 'choose your password first', bad input and a missing field in Thai", async () => {
      surroundings.session = { ...staff("finance", ["mer_a"]), locale: "th" };
      expect(await createPayout(null, { ...anyInput, merchantId: "mer_b" })).toMatchObject({
        message: "ไม่พบร้านค้านี้ โปรดเลือกร้านค้าจากรายการแล้วลองอีกครั้ง",
      });
      expect(await createPayout(null, form({ merchantId: "mer_a", amount: "", count: "2" }))).toEqual({
        ok: false,
        message: "มีบางช่องที่ต้องแก้ไข ดูข้อความข้างช่องนั้น",
        // The schema's own words stay as the schema wrote them; the wrapper's are in Thai.
        fieldErrors: { amount: ["โปรดกรอกช่องนี้"] },
      });
      surroundings.session = { ...staff("finance"), locale: "th", mustChangePassword: true };
      expect(await createPayout(null, anyInput)).toMatchObject({ message: "โปรดตั้งรหัสผ่านของคุณเองก่อน (ขณะนี้ยังใช้รหัสผ่านชั่วคราว) แล้วลองอีกครั้ง" });
    });

    it("asks a person with a second factor for a fresh one (5 minutes) where the action says so, and no one else", async () => {
      const sensitive = defineAction({
        permission: "request.read",
        schema: z.object({ big: z.boolean() }),
        audit: "payout.approve",
        stepUp: true,
        run: async () => "done",
      });
      const sometimes = defineAction({
        permission: "request.read",
        schema: z.object({ big: z.boolean() }),
        audit: false,
        stepUp: (input) => input.big,
        run: async () => "done",
      });
      surroundings.session = { ...staff("finance"), hasSecondFactor: true };
      expect(await sensitive(null, { big: true })).toMatchObject({ ok: false, stepUp: true, message: actionMessages("en").stepUpRequired });
      expect(await lastAudit()).toMatchObject({ action: "payout.approve", outcome: "denied", data: { reason: "step-up required" } });
      expect(await sometimes(null, { big: false })).toEqual({ ok: true, data: "done" });
      expect(await sometimes(null, { big: true })).toMatchObject({ ok: false, stepUp: true });
      surroundings.session = { ...staff("finance"), hasSecondFactor: true, steppedUpAt: new Date(Date.now() - 60_000) };
      expect(await sensitive(null, { big: true })).toEqual({ ok: true, data: "done" });
      // Older than 5 minutes: asked again.
      surroundings.session = { ...staff("finance"), hasSecondFactor: true, steppedUpAt: new Date(Date.now() - 5 * 60_000 - 1_000) };
      expect(await sensitive(null, { big: true })).toMatchObject({ ok: false, stepUp: true });
      // Without a second factor there is nothing to step up with: the two-factor rule decides who must have one.
      surroundings.session = staff("finance");
      expect(await sensitive(null, { big: true })).toEqual({ ok: true, data: "done" });
    });

    it("refuses a person who must enrol a second factor anything but enrolling, and audits it", async () => {
      surroundings.session = { ...staff("finance"), mustEnrolSecondFactor: true };
      expect(await createPayout(null, anyInput)).toMatchObject({ ok: false, message: actionMessages("en").enrolSecondFactorFirst });
      expect(await lastAudit()).toMatchObject({ outcome: "denied", data: { reason: "must enrol a second factor" } });
      const enrol = defineAction({ permission: "signed-in", schema: z.object({}), audit: false, run: async () => "enrolling" });
      expect(await enrol(null, {})).toEqual({ ok: true, data: "enrolling" });
      surroundings.session = { ...staff("finance"), locale: "th", mustEnrolSecondFactor: true };
      expect(await createPayout(null, anyInput)).toMatchObject({ message: actionMessages("th").enrolSecondFactorFirst });
    });

    it("words the unexpected failure in Thai, with its reference", async () => {
      const logged = captureLog();
      surroundings.session = { ...staff("finance"), locale: "th" };
      const broken = defineAction({
        permission: "request.read",
        schema: z.object({}),
        audit: false,
        run: async () => Promise.reject(new Error("boom")),
      });
      const result = await broken(null, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^ระบบขัดข้อง \(รหัสอ้างอิง E-[0-9A-F]{6}\) โปรดลองอีกครั้ง/);
      logged.restore();
    });

    it("reads no cookie on the way through: only a refusal needs the language", async () => {
      surroundings.session = staff("finance");
      surroundings.cookieReads = 0;
      expect((await createPayout(null, anyInput)).ok).toBe(true);
      expect(surroundings.cookieReads).toBe(0);
    });
  });

  it("counts and times every run for /api/metrics by its audit name and outcome: ok, refused, failed", async () => {
    const counted = async (outcome: string) => {
      const line = (await render([]))
        .split("\n")
        .find((l) => l.startsWith(`paydesk_actions_total{action="request.sandbox-control",outcome="${outcome}"} `));
      return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
    };
    let mode: "ok" | "refuse" | "throw" = "ok";
    const action = defineAction({
      permission: "request.read",
      schema: z.object({}),
      audit: "request.sandbox-control",
      run: async () => {
        if (mode === "refuse") throw new ActionError("Not now.");
        if (mode === "throw") throw new Error("boom");
        return null;
      },
    });
    surroundings.session = staff("finance");
    const before = { ok: await counted("ok"), refused: await counted("refused"), failed: await counted("failed") };
    await action(null, {});
    await action(null, {});
    mode = "refuse";
    await action(null, {});
    mode = "throw";
    const logged = captureLog();
    await action(null, {});
    logged.restore();
    expect({ ok: await counted("ok"), refused: await counted("refused"), failed: await counted("failed") }).toEqual({
      ok: before.ok + 2,
      refused: before.refused + 1,
      failed: before.failed + 1,
    });
    expect(await render([])).toContain("# TYPE paydesk_action_duration_seconds histogram");
  });
});
