import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, paymentRequests } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { countAwaitingApproval } from "./awaiting-count";

describe.each(DATABASE_KINDS)("the approvals count on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    const merchant = (id: string) => ({
      id,
      displayName: id,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(merchants).values([merchant("mer_a"), merchant("mer_b"), merchant("mer_c")]);
    let n = 0;
    const request = (merchantId: string, status: string, kind: "payout" | "withdrawal" | "payin" = "payout") => {
      n += 1;
      return {
        id: `req_${n}`,
        merchantId,
        kind,
        isWithdrawal: kind === "withdrawal",
        refId1: `R${n}`,
        payerName: "x",
        requestedAmount: "60000.00",
        status,
        input: {},
        idempotencyKey: `k${n}`,
      };
    };
    await database.db
      .insert(paymentRequests)
      .values([
        request("mer_a", "awaiting_approval"),
        request("mer_a", "awaiting_approval", "withdrawal"),
        request("mer_a", "pending"),
        request("mer_a", "canceled"),
        request("mer_b", "awaiting_approval"),
        request("mer_b", "submitting"),
        request("mer_c", "rejected"),
      ]);
  });
  afterAll(async () => database?.dispose());

  it.skipIf(skip)("counts held Pay-Outs and Withdrawals of every merchant for an all-merchants person", async () => {
    expect(await countAwaitingApproval(database.db, { merchantIds: null })).toBe(3);
  });

  it.skipIf(skip)("counts only the merchants in a person's scope", async () => {
    expect(await countAwaitingApproval(database.db, { merchantIds: ["mer_a"] })).toBe(2);
    expect(await countAwaitingApproval(database.db, { merchantIds: ["mer_b", "mer_c"] })).toBe(1);
    expect(await countAwaitingApproval(database.db, { merchantIds: ["mer_c"] })).toBe(0);
    expect(await countAwaitingApproval(database.db, { merchantIds: [] })).toBe(0);
  });
});
