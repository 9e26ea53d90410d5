import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema";
import { DATABASE_KINDS } from "../../db/testing/databases";
import { createKeyVault } from "../../merchants/key-vault";
import { assembleKey, KEY_PATTERN, newKey, parseKey } from "./format";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage";
import { verifyApiKey } from "./verify";
import { setUpTestDatabase, setUpTwoInstances } from "../../testing/database-fixture";
import { testMerchant } from "../../merchants/testing/test-merchant";

describe("the API key format", () => {
  it("tells test from live, and carries a checksum that catches a one-character change", () => {
    const { key, id } = newKey("test");
    expect(key).toMatch(KEY_PATTERN);
    expect(key.startsWith("pdk_test_")).toBe(true);
    expect(newKey("live").key.startsWith("pdk_live_")).toBe(true);
    expect(parseKey(key)).toMatchObject({ id, mode: "test" });
    for (const at of [9, 20, 40, key.length - 1]) {
      const swapped = key.slice(0, at) + (key[at] === "A" ? "B" : "A") + key.slice(at + 1);
      expect(parseKey(swapped), `changed at ${at}`).toBeNull();
    }
    expect(parseKey(`${key}x`)).toBeNull();
    expect(parseKey("sk_live_abc")).toBeNull();
  });

  it("makes a different secret every time", () => {
    const keys = new Set(Array.from({ length: 200 }, () => newKey("test").key));
    expect(keys.size).toBe(200);
  });
});

describe.each(DATABASE_KINDS)("API keys on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let merchantId: string;
  const bearer = (key: string) => `Bearer ${key}`;

  beforeAll(async () => {
    if (skip) return;
    const vault = createKeyVault([randomBytes(32)]);
    merchantId = await testMerchant(setup.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000001", vault: vault });
  });

  const make = (overrides: Partial<Parameters<typeof createApiKey>[1]> = {}) =>
    createApiKey(setup.db, {
      merchantRowId: merchantId,
      name: "Shop",
      mode: "test",
      scopes: ["checkouts:write", "requests:read"],
      expiresAt: null,
      createdBy: null,
      ...overrides,
    });

  it.skipIf(skip)("verifies a fresh key as its merchant, with its scopes; the secret is stored only as a hash", async () => {
    const { key, row } = await make();
    const check = await verifyApiKey(setup.db, bearer(key), { ip: "203.0.113.9" });
    expect(check).toEqual({
      ok: true,
      key: {
        keyId: row.id,
        merchantRowId: merchantId,
        name: "Shop",
        mode: "test",
        scopes: ["checkouts:write", "requests:read"],
        merchantIsDemo: false,
      },
    });
    const [stored] = await setup.db.select().from(apiKeys).where(eq(apiKeys.id, row.id));
    const secret = parseKey(key)!.secret;
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await listApiKeys(setup.db, merchantId)).every((k) => !("secretHash" in k))).toBe(true);
  });

  it.skipIf(skip)("records when and from where a key was last used", async () => {
    const { key, row } = await make();
    await verifyApiKey(setup.db, bearer(key), { ip: "203.0.113.10" });
    await expect
      .poll(async () => (await setup.db.select().from(apiKeys).where(eq(apiKeys.id, row.id)))[0]!.lastUsedIp)
      .toBe("203.0.113.10");
  });

  it.skipIf(skip)("refuses a missing, malformed, unknown, revoked or expired key, each for what it is", async () => {
    const { key, row } = await make();
    expect(await verifyApiKey(setup.db, null, { ip: null })).toEqual({ ok: false, why: "missing" });
    expect(await verifyApiKey(setup.db, key, { ip: null })).toEqual({ ok: false, why: "malformed" }); // no "Bearer"
    expect(await verifyApiKey(setup.db, "Bearer pdk_test_nonsense", { ip: null })).toEqual({ ok: false, why: "malformed" });
    // A well-formed key (a valid checksum) under this key's id but with another secret: unknown, as a guess should be.
    const guessed = assembleKey(row.id, parseKey(newKey("test").key)!.secret);
    expect(await verifyApiKey(setup.db, bearer(guessed), { ip: null })).toEqual({ ok: false, why: "unknown" });
    expect(await verifyApiKey(setup.db, bearer(newKey("test").key), { ip: null })).toEqual({ ok: false, why: "unknown" });

    expect(await revokeApiKey(setup.db, { keyId: row.id, merchantRowId: merchantId, revokedBy: null })).toBe(true);
    expect(await verifyApiKey(setup.db, bearer(key), { ip: null })).toEqual({ ok: false, why: "revoked" });
    expect(await revokeApiKey(setup.db, { keyId: row.id, merchantRowId: merchantId, revokedBy: null })).toBe(false);

    const soon = await make({ expiresAt: new Date(Date.now() + 60_000) });
    expect((await verifyApiKey(setup.db, bearer(soon.key), { ip: null })).ok).toBe(true);
    expect(await verifyApiKey(setup.db, bearer(soon.key), { ip: null, at: new Date(Date.now() + 120_000) })).toEqual({
      ok: false,
      why: "expired",
    });
  });

  it.skipIf(skip)("revokes only a key of the merchant named", async () => {
    const { key, row } = await make();
    expect(await revokeApiKey(setup.db, { keyId: row.id, merchantRowId: "mer_someone_else", revokedBy: null })).toBe(false);
    expect((await verifyApiKey(setup.db, bearer(key), { ip: null })).ok).toBe(true);
  });
});

describe("revocation across instances", () => {
  const setup = setUpTwoInstances({ secondPoolSize: 2 });
  const { skip } = setup;

  it.skipIf(skip)("stops a revoked key on the other instance at once (well within 1 s)", async () => {
    const merchantId = await testMerchant(setup.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000002" });
    const { key, row } = await createApiKey(setup.db, {
      merchantRowId: merchantId,
      name: "Shop",
      mode: "live",
      scopes: ["requests:read"],
      expiresAt: null,
      createdBy: null,
    });
    expect((await verifyApiKey(setup.second.db, `Bearer ${key}`, { ip: null })).ok).toBe(true);
    await revokeApiKey(setup.db, { keyId: row.id, merchantRowId: merchantId, revokedBy: null });
    const revokedAt = Date.now();
    expect(await verifyApiKey(setup.second.db, `Bearer ${key}`, { ip: null })).toEqual({ ok: false, why: "revoked" });
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });
});
