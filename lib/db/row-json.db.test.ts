import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowFromJson } from "./row-json";
import { paymentRequests } from "./schema";
import { createTestDatabase, DATABASE_KINDS } from "./testing/databases";
import { setUpTestDatabase } from "../testing/database-fixture";
import { testMerchant } from "../merchants/testing/test-merchant";

describe.each(DATABASE_KINDS)("a row from to_jsonb on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  beforeAll(async () => {
    if (!skip) setup.database = await createTestDatabase(kind);
  });

  it.skipIf(skip)("is the row a select gives: dates, money with its scale, json, arrays and nulls", async () => {
    const merchantId = await testMerchant(setup.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000081" });
    const id = `req_${randomBytes(8).toString("hex")}`;
    await setup.db.insert(paymentRequests).values({
      id,
      merchantId,
      kind: "payin",
      refId1: "JSON1",
      requestedAmount: "150.00",
      generatedAmount: "150.37",
      paidAmount: "150.3",
      status: "paid",
      input: { payIn: { amount: 15000 } },
      idempotencyKey: randomUUID(),
      expireAt: new Date("2026-11-26T05:00:00.123Z"),
      sendingUntil: new Date("2026-11-26T05:01:00Z"),
      metadata: { order: "A-1" },
    });
    const [selected] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    const result = await setup.db.execute(sql`select to_jsonb(r) as row from payment_requests r where id = ${id}`);
    const json = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows[0]!.row;
    expect(rowFromJson(paymentRequests, typeof json === "string" ? JSON.parse(json) : json)).toEqual(selected);
  });
});
