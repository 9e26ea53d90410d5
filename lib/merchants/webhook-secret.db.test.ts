import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "./key-vault";
import { createMerchant } from "./manage";
import { rotateWebhookSecret, webhookSecretMatches } from "./webhook-secret";

describe("webhook secrets", () => {
  let database: TestDatabase;
  let id: string;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    id = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "M",
        orgId: "o",
        merchantId: "0e6a33cb-96cc-47a6-ac51-1de5027ec190",
        submitKey: "submit-key-123",
      })
    ).id;
  });
  afterAll(async () => database.dispose());
  const stored = async () => (await database.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;

  it("stores only a hash and accepts the secret it showed once", async () => {
    const secret = await rotateWebhookSecret(database.db, id);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await stored();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(webhookSecretMatches(row, secret)).toBe(true);
    expect(webhookSecretMatches(row, `${secret}x`)).toBe(false);
    expect(webhookSecretMatches(row, "")).toBe(false);
    expect(webhookSecretMatches(row, undefined)).toBe(false);
  });

  it("keeps the previous secret valid during the overlap, and only then", async () => {
    const first = await rotateWebhookSecret(database.db, id);
    const second = await rotateWebhookSecret(database.db, id, 60_000);
    const row = await stored();
    expect(webhookSecretMatches(row, second)).toBe(true);
    expect(webhookSecretMatches(row, first)).toBe(true);
    expect(webhookSecretMatches(row, first, new Date(Date.now() + 61_000))).toBe(false);
  });

  it("accepts nothing before a secret is set", () => {
    expect(
      webhookSecretMatches({ webhookSecretHash: null, webhookSecretPreviousHash: null, webhookSecretPreviousUntil: null }, "anything"),
    ).toBe(false);
  });
});
