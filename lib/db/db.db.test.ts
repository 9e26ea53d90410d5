import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchants, paymentRequests } from "./schema";
import { DATABASE_KINDS } from "./testing/databases";
import { setUpTestDatabase } from "../testing/database-fixture";

describe.each(DATABASE_KINDS)("storage on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  const merchantRow = (id: string) => ({
    id,
    displayName: "ร้านกาแฟ สยาม",
    orgId: "demo",
    merchantId: `m-${id}`,
    submitKeyEncrypted: "v1:x",
    submitKeyLast4: "abcd",
    payinMin: "20.00",
    payinMax: "50000.00",
  });
  const requestRow = (id: string, merchantId: string, refId1: string, idempotencyKey: string) => ({
    id,
    merchantId,
    kind: "payin" as const,
    refId1,
    requestedAmount: "325.52",
    generatedAmount: "325.37",
    status: "submitting",
    idempotencyKey,
    input: {},
  });

  it.skipIf(skip)("keeps money exact and Thai text intact", async () => {
    const { db } = setup.database;
    await db.insert(merchants).values(merchantRow("mer_1"));
    await db.insert(paymentRequests).values({ ...requestRow("req_1", "mer_1", "R-1", "idem-1"), requestedAmount: "99999999999.99" });
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, "req_1"));
    expect(row?.requestedAmount).toBe("99999999999.99");
    expect(row?.generatedAmount).toBe("325.37");
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, "mer_1"));
    expect(merchant?.displayName).toBe("ร้านกาแฟ สยาม");
  });

  it.skipIf(skip)("refuses a second request with the same RefId1 for a merchant, or the same idempotency key", async () => {
    const { db } = setup.database;
    await db.insert(merchants).values(merchantRow("mer_2"));
    await db.insert(paymentRequests).values(requestRow("req_2", "mer_2", "R-2", "idem-2"));
    await expect(db.insert(paymentRequests).values(requestRow("req_3", "mer_2", "R-2", "idem-3"))).rejects.toThrow();
    await expect(db.insert(paymentRequests).values(requestRow("req_4", "mer_2", "R-4", "idem-2"))).rejects.toThrow();
    // The same RefId1 under another merchant is fine: uniqueness is per merchant.
    await db.insert(merchants).values(merchantRow("mer_3"));
    await db.insert(paymentRequests).values(requestRow("req_5", "mer_3", "R-2", "idem-5"));
  });

  it.skipIf(skip)("rejects amounts a numeric(14,2) cannot hold", async () => {
    const { db } = setup.database;
    await db.insert(merchants).values(merchantRow("mer_4"));
    await expect(
      db.insert(paymentRequests).values({ ...requestRow("req_6", "mer_4", "R-6", "idem-6"), requestedAmount: "1000000000000.00" }),
    ).rejects.toThrow();
  });

  it.skipIf(skip)("delivers NOTIFY to a listener", async () => {
    const received: string[] = [];
    const unlisten = await setup.database.listen("paydesk_test", (payload) => received.push(payload));
    await setup.db.execute(sql`select pg_notify('paydesk_test', 'hello')`);
    const deadline = Date.now() + 2_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await unlisten();
    expect(received).toEqual(["hello"]);
  });
});
