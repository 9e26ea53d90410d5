/**
 * The statement that reconciles (lib/wallet/statement.ts) against the sandbox's wallet over HTTP,
 * on both profiles: a merchant of its own at the sandbox, requests made and learnt through PayDesk,
 * and each kind of discrepancy injected at the sandbox — a provider admin's adjustment, a pay-in
 * paid with no credit, a pay-in credited with another fee than its webhook states, a pay-out
 * debited twice. Each is found, named in words in both languages, and nothing else is flagged;
 * the figures are the wallet's to the satang.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { paymentRequests, walletStatements } from "@/lib/db/schema";
import { createTestDatabase, postgresSkipReason, type DatabaseKind, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi } from "@/lib/provider/client";
import { createRequest, type RequestPayload } from "@/lib/requests/create";
import { payInRequest, payOutRequest } from "@/lib/requests/contract";
import { reconcileRequest } from "@/lib/requests/reconcile";
import { toSatang } from "@/lib/money";
import { findingWords } from "./finding-words";
import { dayBounds, storeMovements } from "./movements";
import { reconcileDay, runStatement, type Finding } from "./statement";
import { runDueStatements, STATEMENT_GRACE_MS } from "./statement-worker";

const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["pglite", "live"],
  ["postgres", "live"],
];

interface Made {
  merchantId: string;
  orgId: string;
  submitKey: string;
  readKey: string;
}
interface ControlWallet {
  balance: string;
  transactions: Array<{ direction: "credit" | "debit"; amount: string; cause: string; balanceAfter: string }>;
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());

describe.each(COMBOS)("the statement on %s against the %s sandbox's wallet", (kind, profile) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let api: MerchantApi;
  let made: Made;
  let merchantRowId: string;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox(profile);
    // A wallet of its own, opening at 0: every movement in it is one this test caused.
    made = (await sb.control<Made>("POST", "/merchants", { name: "Statement shop" })).body;
    ({ id: merchantRowId } = await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
      displayName: "Statement shop",
      orgId: made.orgId,
      merchantId: made.merchantId,
      submitKey: made.submitKey,
      readKey: made.readKey,
    }));
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, limiter: null }).forMerchant({ ...made, label: "Statement shop" });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const create = async (payload: RequestPayload) => {
    const result = await createRequest(database.db, api, payload, { merchantRowId, idempotencyKey: randomUUID(), createdBy: null });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    if (!result.request.providerId) throw new Error(JSON.stringify(result.request));
    return result.request;
  };
  /** PayDesk learns the request's outcome from the provider (a check), as it would without a webhook. */
  const learn = async (id: string) => {
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    return reconcileRequest(database.db, api, row!, { providerMerchantId: made.merchantId });
  };
  let amounts = 0;
  const payIn = async (fault?: string) => {
    const r = await create({
      kind: "payin",
      payIn: payInRequest({ refId1: ref("ST"), payerName: "P", amountSatang: 300_033 + 100 * amounts++, qrProvider: "PP" }),
    });
    await learn(r.id); // the rate, while pending
    if (fault) expect((await sb.control("POST", `/merchants/${made.merchantId}/wallet/faults`, { kind: fault })).status).toBe(201);
    const paid = await sb.control("POST", `/requests/${r.providerId}/pay`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(["paid", "approved"]).toContain((await learn(r.id)).state);
    return r;
  };
  const payOut = async (amountSatang: number, fault?: string, feePayer: "merchant" | "beneficiary" = "merchant") => {
    const r = await create({
      kind: "payout",
      payOut: payOutRequest({
        refId1: ref("SO"),
        amountSatang,
        destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
        feePayer,
      }),
    });
    await learn(r.id);
    if (fault) expect((await sb.control("POST", `/merchants/${made.merchantId}/wallet/faults`, { kind: fault })).status).toBe(201);
    expect((await sb.control("POST", `/requests/${r.providerId}/payout`, {})).status).toBe(200);
    expect(["paid", "approved"]).toContain((await learn(r.id)).state);
    return r;
  };

  it.skipIf(skip)("finds each injected discrepancy, names it in both languages, and flags nothing else", async () => {
    const fine = await payIn();
    const noCredit = await payIn("skip_credit");
    const wrongFee = await payIn("wrong_fee");
    await payIn();
    const fineOut = await payOut(100_000);
    // The recipient bears this one's fee: the wallet moved the amount alone, which is what it should.
    const recipientPays = await payOut(77_777, undefined, "beneficiary");
    const twice = await payOut(123_457, "double_debit");
    const adjusted = await sb.control<{ transaction: { id: string } }>("POST", `/merchants/${made.merchantId}/wallet/adjustments`, {
      amount: "250.00",
      description: "manual correction",
    });
    expect(adjusted.status).toBe(201);

    const statement = await runStatement(database.db, merchantRowId, today(), api);
    if ("failure" in statement) throw new Error(statement.failure);

    const kinds = (k: Finding["kind"]) => statement.findings.filter((f) => f.kind === k);
    expect(statement.findings).toHaveLength(4);
    expect(kinds("missing_movement")).toMatchObject([{ requestId: noCredit.id, refId1: noCredit.refId1 }]);
    expect(kinds("amount_differs")).toMatchObject([{ requestId: wrongFee.id }]);
    const [differs] = kinds("amount_differs") as Extract<Finding, { kind: "amount_differs" }>[];
    expect(differs!.expectedSatang - differs!.movedSatang).toBe(100); // one baht more fee taken
    expect(kinds("moved_twice")).toMatchObject([{ requestId: twice.id, movements: 2 }]);
    expect(kinds("unmatched_movement")).toMatchObject([{ direction: "credit", amountSatang: 25_000, description: "manual correction" }]);
    for (const id of [fine.id, fineOut.id, recipientPays.id])
      expect(statement.findings.some((f) => "requestId" in f && f.requestId === id)).toBe(false);

    // The figures are the wallet's.
    const wallet = (await sb.control<ControlWallet>("GET", `/merchants/${made.merchantId}/wallet?limit=100`)).body;
    const sum = (d: "credit" | "debit") => wallet.transactions.filter((t) => t.direction === d).reduce((s, t) => s + toSatang(t.amount), 0);
    expect(statement).toMatchObject({
      openingSatang: 0,
      closingSatang: toSatang(wallet.balance),
      creditsSatang: sum("credit"),
      debitsSatang: sum("debit"),
      movements: wallet.transactions.length,
    });
    expect(statement.feesSatang).toBeGreaterThan(0);

    // Each finding in words, in both languages, naming the request or the movement.
    for (const finding of statement.findings) {
      const en = findingWords(finding, "en");
      const th = findingWords(finding, "th");
      expect(en).not.toBe(th);
      expect(th).toMatch(/[\u0E00-\u0E7F]/);
      if ("refId1" in finding) expect(en).toContain(finding.refId1);
    }

    // Recorded, and reading the same day again reads nothing new and finds the same.
    const [row] = await database.db.select().from(walletStatements).where(eq(walletStatements.merchantId, merchantRowId));
    expect(row).toMatchObject({ status: "findings", movements: wallet.transactions.length });
    expect(row!.readCalls).toBeGreaterThanOrEqual(1);
    const again = await runStatement(database.db, merchantRowId, today(), api);
    expect("failure" in again ? again : again.findings.map((f) => f.kind).sort()).toEqual(statement.findings.map((f) => f.kind).sort());
  });

  it.skipIf(skip)("runs by itself once the day has closed: one statement per merchant-day, not read again", async () => {
    await database.db.delete(walletStatements).where(eq(walletStatements.merchantId, merchantRowId));
    const day = today();
    const dueAt = new Date(dayBounds(day).end.getTime() + STATEMENT_GRACE_MS + 1_000);
    const options = { db: database.db, apiFor: async () => api, now: () => dueAt };
    const statementsOf = () => database.db.select().from(walletStatements).where(eq(walletStatements.merchantId, merchantRowId));
    // Not before the day has closed and the grace has passed (the day before it is the one due then).
    await runDueStatements({ ...options, now: () => new Date(dueAt.getTime() - 2_000) });
    expect((await statementsOf()).map((r) => r.day)).not.toContain(day);
    expect(await runDueStatements(options)).toBe(1);
    expect((await statementsOf()).find((r) => r.day === day)).toMatchObject({ status: "findings" });
    expect(await runDueStatements(options)).toBe(0);
  });

  it.skipIf(skip)("a balance that does not follow from the movements is a finding of its own", async () => {
    const day = "2026-01-15";
    const at = (hh: string) => `${day}T${hh}:00:00+07:00`;
    await storeMovements(database.db, merchantRowId, [
      {
        id: randomUUID(),
        walletId: "w",
        tags: null,
        description: "a",
        amountSatang: 1_000,
        direction: "credit",
        previousSatang: 0,
        currentSatang: 1_000,
        createdAt: at("09"),
      },
      {
        id: randomUUID(),
        walletId: "w",
        tags: null,
        description: "b",
        amountSatang: 500,
        direction: "debit",
        previousSatang: 900,
        currentSatang: 400,
        createdAt: at("10"),
      },
    ]);
    const statement = await reconcileDay(database.db, merchantRowId, day);
    expect(statement.findings.filter((f) => f.kind === "balance_gap")).toMatchObject([
      { expectedPreviousSatang: 1_000, previousSatang: 900 },
    ]);
    expect(statement).toMatchObject({ openingSatang: 0, closingSatang: 400, creditsSatang: 1_000, debitsSatang: 500 });
  });
});
