import { randomBytes, randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import { bulkMessages } from "@/lib/bulk/messages";
import type { Db } from "@/lib/db/client";
import { auditLog, payoutBatches } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => surroundings.session }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.41", "accept-language": "en" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));

const { uploadBulkAction, confirmBulkAction, cancelBulkAction } = await import("./actions");
const t = bulkMessages("en");

/**
 * The bulk Pay-Out actions' refusals, each in words beside what it is about, and nothing recorded
 * for them; a good file is recorded (a draft, audited) and the browser is sent to its page.
 */
describe("the bulk Pay-Out actions", () => {
  let database: TestDatabase;
  let merchantRowId: string;
  let finance: StaffSession;
  let operator: StaffSession;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    merchantRowId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Coffee",
        orgId: "org-coffee",
        merchantId: randomUUID(),
        submitKey: "submit-key-for-tests-0001",
        readKey: "read-key-for-tests-0001",
      })
    ).id;
    for (const [name, role] of [
      ["finance", "finance"],
      ["operator", "operator"],
    ] as const) {
      const { id, email } = await insertStaff(database.db, { role });
      const session = { userId: id, email, name, role, merchantIds: null, locale: null } as StaffSession;
      if (name === "finance") finance = session;
      else operator = session;
    }
  });
  afterAll(async () => database?.dispose());

  const form = (fields: Record<string, string | File>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const file = (text: string, name = "sellers.csv") => new File([text], name, { type: "text/csv" });
  const batches = async () => (await database.db.select().from(payoutBatches)).length;

  it("refuses a missing file, a broken workbook, a file that is neither CSV nor a workbook, and a file without Pay-Outs beside the field, recording nothing", async () => {
    surroundings.session = finance;
    const before = await batches();
    const missing = await uploadBulkAction(null, form({ merchantId: merchantRowId, file: new File([], "") }));
    expect(missing).toMatchObject({ ok: false, fieldErrors: { file: ["fileMissing"] } });
    const binary = await uploadBulkAction(
      null,
      form({ merchantId: merchantRowId, file: new File([new Uint8Array([0x50, 0x4b, 3, 4, 0])], "a.xlsx") }),
    );
    expect(binary).toMatchObject({ ok: false, fieldErrors: { file: [t.fileNotSpreadsheet] } });
    const picture = await uploadBulkAction(
      null,
      form({ merchantId: merchantRowId, file: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], "a.png") }),
    );
    expect(picture).toMatchObject({ ok: false, fieldErrors: { file: [t.fileNotText] } });
    const empty = await uploadBulkAction(null, form({ merchantId: merchantRowId, file: file("amount,promptpay_id\n") }));
    expect(empty).toMatchObject({ ok: false, fieldErrors: { file: [t.fileEmpty] } });
    const noMerchant = await uploadBulkAction(null, form({ merchantId: "", file: file("amount,promptpay_id\n1,0812345678\n") }));
    // The door answers a missing merchant as it does any merchant outside the scope, in words.
    expect(noMerchant).toMatchObject({ ok: false, message: expect.stringMatching(/merchant was not found/) });
    const unknownMerchant = await uploadBulkAction(
      null,
      form({ merchantId: "mer_nowhere", file: file("amount,promptpay_id\n1,0812345678\n") }),
    );
    expect(unknownMerchant).toMatchObject({ ok: false });
    expect(await batches()).toBe(before);
  });

  it("is not an operator's to do", async () => {
    surroundings.session = operator;
    const answer = await uploadBulkAction(null, form({ merchantId: merchantRowId, file: file("amount,promptpay_id\n1,0812345678\n") }));
    expect(answer.ok).toBe(false);
  });

  it("records a good file as a draft, audited, and opens its page; a draft with problems is not confirmed, and a confirmed one is not discarded", async () => {
    surroundings.session = finance;
    const redirected = await uploadBulkAction(
      null,
      form({ merchantId: merchantRowId, file: file("amount,promptpay_id\n10,0812345678\nabc,0812345678\n") }),
    ).then(
      () => null,
      (error: unknown) => error as Error & { digest?: string },
    );
    const [batch] = await database.db.select().from(payoutBatches).orderBy(desc(payoutBatches.createdAt)).limit(1);
    expect(redirected?.digest).toContain(`/payouts/bulk/${batch!.id}`);
    expect(batch).toMatchObject({ status: "draft", rowCount: 2, validCount: 1, fileName: "sellers.csv" });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "payout.bulk-upload"))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({ outcome: "ok", target: batch!.id, actorId: finance.userId });

    expect(await confirmBulkAction(null, { merchantId: merchantRowId, batchId: batch!.id })).toEqual({
      ok: false,
      message: t.hasProblems,
      fieldErrors: {},
    });
    expect(await cancelBulkAction(null, { merchantId: merchantRowId, batchId: batch!.id })).toEqual({ ok: true, data: { canceled: true } });
    expect(await cancelBulkAction(null, { merchantId: merchantRowId, batchId: batch!.id })).toEqual({
      ok: false,
      message: t.cannotCancel,
      fieldErrors: {},
    });
    expect(await confirmBulkAction(null, { merchantId: merchantRowId, batchId: batch!.id })).toEqual({
      ok: false,
      message: t.canceled,
      fieldErrors: {},
    });
  });
});
