import { beforeAll, describe, expect, it } from "vitest";
import { paymentRequests } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { countAwaitingApproval } from "./awaiting-count";
import { insertPlaceholderMerchants, setUpTestDatabase } from "../testing/database-fixture";

describe.each(DATABASE_KINDS)("the approvals count on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  beforeAll(async () => {
    if (skip) return;
    await insertPlaceholderMerchants(setup.db, ["mer_a", "mer_b", "mer_c"]);
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
    await setup.db
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

  it.skipIf(skip)("counts held Pay-Outs and Withdrawals of every merchant for an all-merchants person", async () => {
    expect(await countAwaitingApproval(setup.db, { merchantIds: null })).toBe(3);
  });

  it.skipIf(skip)("counts only the merchants in a person's scope", async () => {
    expect(await countAwaitingApproval(setup.db, { merchantIds: ["mer_a"] })).toBe(2);
    expect(await countAwaitingApproval(setup.db, { merchantIds: ["mer_b", "mer_c"] })).toBe(1);
    expect(await countAwaitingApproval(setup.db, { merchantIds: ["mer_c"] })).toBe(0);
    expect(await countAwaitingApproval(setup.db, { merchantIds: [] })).toBe(0);
  });
});
