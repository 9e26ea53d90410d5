import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../db/schema";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { listDeliveries } from "./queries";
import { setUpTestDatabase } from "../testing/database-fixture";

describe("the webhook log", () => {
  const setup = setUpTestDatabase("pglite");
  let a: string;
  let b: string;
  beforeAll(async () => {
    const vault = createKeyVault([randomBytes(32)]);
    a = (
      await createMerchant(setup.db, vault, {
        displayName: "A",
        orgId: "o",
        merchantId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190",
        submitKey: "submit-key-a",
      })
    ).id;
    b = (
      await createMerchant(setup.db, vault, {
        displayName: "B",
        orgId: "o",
        merchantId: "1e6a33cb-96cc-47a6-ac51-1de5027ec190",
        submitKey: "submit-key-b",
      })
    ).id;
    for (let i = 0; i < 5; i++) {
      await setup.db.insert(webhookDeliveries).values({
        providerJobId: `a${i}`,
        event: "PaymentIn.Success",
        merchantId: a,
        verdict: i === 0 ? "mismatch" : "applied",
        rawBody: "{}",
      });
    }
    await setup.db
      .insert(webhookDeliveries)
      .values({ providerJobId: "b0", event: "PaymentOut.Success", merchantId: b, verdict: "applied", rawBody: "{}" });
  });

  it("shows only the caller's merchants' deliveries, newest first", async () => {
    const all = await listDeliveries(setup.db, { merchantIds: null }, {});
    expect(all.rows.map((r) => r.providerJobId)).toEqual(["b0", "a4", "a3", "a2", "a1", "a0"]);
    const onlyA = await listDeliveries(setup.db, { merchantIds: [a] }, {});
    expect(onlyA.rows.every((r) => r.merchantName === "A")).toBe(true);
    expect((await listDeliveries(setup.db, { merchantIds: [] }, {})).rows).toEqual([]);
  });

  it("filters by verdict and event, and pages by cursor", async () => {
    expect((await listDeliveries(setup.db, { merchantIds: null }, { verdict: "mismatch" })).rows.map((r) => r.providerJobId)).toEqual([
      "a0",
    ]);
    expect(
      (await listDeliveries(setup.db, { merchantIds: null }, { event: "PaymentOut.Success" })).rows.map((r) => r.providerJobId),
    ).toEqual(["b0"]);
    const first = await listDeliveries(setup.db, { merchantIds: null }, {}, 4);
    const second = await listDeliveries(setup.db, { merchantIds: null }, { before: first.nextBefore! }, 4);
    expect([...first.rows, ...second.rows].map((r) => r.providerJobId)).toEqual(["b0", "a4", "a3", "a2", "a1", "a0"]);
    expect(second.nextBefore).toBeNull();
  });
});
