import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { staffUsers, webhookEndpoints, merchants } from "../db/schema";
import { beginTotpEnrolment, checkSecondFactor, confirmTotpEnrolment } from "../auth/second-factor";
import { insertStaff } from "../auth/testing/staff";
import { codeAt } from "../auth/totp";
import { createEndpoint } from "../outbound-webhooks/endpoints";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "./key-vault";
import { sealLegacyV1 } from "./testing/legacy-seal";
import { createMerchant, credentialsFor, loadDemoMerchants, merchantInputSchema, reencryptAll, rotateKeys } from "./manage";
import { listMerchantsVisibleTo, getMerchantInScope } from "./queries";

const SUBMIT = "5190d738-b61e-4cdc-9c5c-d86ee788f8e7";
const READ = "da067f28-7fa3-43e5-b254-ef84b657d464";
const input = (overrides = {}) => ({
  displayName: "Siam Coffee",
  orgId: "demo",
  merchantId: "0E6A33CB-96cc-47a6-ac51-1de5027ec190",
  submitKey: SUBMIT,
  readKey: READ,
  ...overrides,
});

describe.each(DATABASE_KINDS)("merchants and keys on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sandbox: TestSandbox;
  const vaultKey = randomBytes(32);
  const vault = createKeyVault([vaultKey]);

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sandbox = await startTestSandbox("spec");
  });
  afterAll(async () => {
    await database?.dispose();
    await sandbox?.dispose();
  });

  it.skipIf(skip)("stores keys sealed, shows only their last four, and opens them for the client", async () => {
    const created = await createMerchant(database.db, vault, input());
    expect(created).toMatchObject({ submitKeyLast4: "f8e7", readKeyLast4: "d464" });
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, created.id));
    expect(JSON.stringify(row)).not.toContain(SUBMIT);
    expect(JSON.stringify(row)).not.toContain(READ);
    expect(row?.merchantId).toBe("0e6a33cb-96cc-47a6-ac51-1de5027ec190");
    const summary = (await listMerchantsVisibleTo(database.db, { merchantIds: null })).find((m) => m.id === created.id);
    expect(JSON.stringify(summary)).not.toContain(SUBMIT);
    expect(await credentialsFor(database.db, vault, created.id)).toMatchObject({
      submitKey: SUBMIT,
      readKey: READ,
      orgId: "demo",
      label: "Siam Coffee",
    });
  });

  it.skipIf(skip)("rotates keys and can drop the read key", async () => {
    const { id } = await createMerchant(database.db, vault, input({ merchantId: "11111111-96cc-47a6-ac51-1de5027ec190" }));
    const next = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeee1234";
    expect(await rotateKeys(database.db, vault, id, { submitKey: next, readKey: null })).toMatchObject({
      submitKeyLast4: "1234",
      readKeyLast4: null,
    });
    expect(await credentialsFor(database.db, vault, id)).toMatchObject({ submitKey: next, readKey: null });
  });

  it.skipIf(skip)("says what to do when the encryption key that sealed a key is gone", async () => {
    const { id } = await createMerchant(database.db, vault, input({ merchantId: "22222222-96cc-47a6-ac51-1de5027ec190" }));
    await expect(credentialsFor(database.db, createKeyVault([randomBytes(32)]), id)).rejects.toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
  });

  it.skipIf(skip)("re-seals with the new key while the old one is listed as previous", async () => {
    const oldKey = randomBytes(32);
    const oldVault = createKeyVault([oldKey]);
    const db = database.db;
    const { id } = await createMerchant(db, oldVault, input({ merchantId: "33333333-96cc-47a6-ac51-1de5027ec190" }));
    const newVault = createKeyVault([randomBytes(32), oldKey]);
    const outcome = await reencryptAll(db, newVault);
    expect(outcome.resealed).toBeGreaterThanOrEqual(1);
    // Rows sealed by this file's other vault cannot be opened by the new one: reported, not fatal.
    expect(outcome.unreadable).not.toContain(id);
    expect(outcome.unreadable.length).toBeGreaterThan(0);
    const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
    expect(newVault.isStale(row!.submitKeyEncrypted)).toBe(false);
    expect((await credentialsFor(db, newVault, id))?.submitKey).toBe(SUBMIT);
  });

  it.skipIf(skip)(
    "re-seals outbound endpoints' signing secrets and authenticator-app secrets too, and names those it cannot open",
    async () => {
      const oldKey = randomBytes(32);
      const oldVault = createKeyVault([oldKey]);
      const db = database.db;
      const { id: merchantRowId } = await createMerchant(db, oldVault, input({ merchantId: "88888888-96cc-47a6-ac51-1de5027ec190" }));
      const { secret, endpoint } = await createEndpoint(db, oldVault, {
        merchantRowId,
        url: "https://shop.example/hooks",
        description: null,
        eventTypes: ["payin.paid"],
        createdBy: null,
      });
      const person = await insertStaff(db);
      const { secret: totp } = await beginTotpEnrolment(db, oldVault, person);
      const past = new Date(Date.now() - 90_000);
      expect(await confirmTotpEnrolment(db, oldVault, person.id, codeAt(totp, past), past)).not.toBeNull();
      // Another person's secret sealed with a key nobody has any more.
      const lost = await insertStaff(db);
      await beginTotpEnrolment(db, createKeyVault([randomBytes(32)]), lost);

      const newVault = createKeyVault([randomBytes(32), oldKey]);
      const outcome = await reencryptAll(db, newVault);
      expect(outcome.unreadable).toContain(lost.id);
      expect(outcome.unreadable).not.toContain(endpoint.id);
      expect(outcome.unreadable).not.toContain(person.id);

      // Sealed under the new key alone now: the old one can go.
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      expect(newVault.isStale(row!.secretEncrypted)).toBe(false);
      expect(newVault.open(row!.secretEncrypted, { merchantId: endpoint.id, field: "endpointSecret" })).toBe(secret);
      const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, person.id));
      expect(newVault.isStale(user!.totpSecretEncrypted!)).toBe(false);
      expect(await checkSecondFactor(db, newVault, user!, codeAt(totp, new Date()))).toEqual({ ok: true, by: "totp" });
    },
  );

  it.skipIf(skip)("re-seals keys stored in the older unbound format, each bound to its own row and column", async () => {
    const db = database.db;
    const a = await createMerchant(db, vault, input({ merchantId: "66666666-96cc-47a6-ac51-1de5027ec190" }));
    const b = await createMerchant(
      db,
      vault,
      input({ merchantId: "77777777-96cc-47a6-ac51-1de5027ec190", submitKey: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbb0001", readKey: undefined }),
    );
    // As a database written by an earlier PayDesk holds them.
    await db
      .update(merchants)
      .set({ submitKeyEncrypted: sealLegacyV1(vaultKey, SUBMIT), readKeyEncrypted: sealLegacyV1(vaultKey, READ) })
      .where(eq(merchants.id, a.id));
    // Not used as they are: an unbound value could have been copied from any row.
    await expect(credentialsFor(db, vault, a.id)).rejects.toThrow(/older unbound format/);

    const outcome = await reencryptAll(db, vault);
    expect(outcome.resealed).toBeGreaterThanOrEqual(1);
    expect(outcome.unreadable).not.toContain(a.id);
    const [row] = await db.select().from(merchants).where(eq(merchants.id, a.id));
    expect(row!.submitKeyEncrypted).toMatch(/^v2\./);
    expect(row!.readKeyEncrypted).toMatch(/^v2\./);
    expect(await credentialsFor(db, vault, a.id)).toMatchObject({ submitKey: SUBMIT, readKey: READ });
    // Nothing left to do at the next start.
    expect((await reencryptAll(db, vault)).resealed).toBe(0);

    // A's sealed submit key copied into B's row does not open there: B's calls never carry A's key.
    await db.update(merchants).set({ submitKeyEncrypted: row!.submitKeyEncrypted }).where(eq(merchants.id, b.id));
    await expect(credentialsFor(db, vault, b.id)).rejects.toThrow(/failed its integrity check/);
    // Nor A's read key moved into A's submit column.
    await db.update(merchants).set({ submitKeyEncrypted: row!.readKeyEncrypted! }).where(eq(merchants.id, a.id));
    await expect(credentialsFor(db, vault, a.id)).rejects.toThrow(/failed its integrity check/);
    // Nor a value whose tag was cut to 4 bytes.
    const parts = row!.submitKeyEncrypted.split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 4).toString("base64url");
    await db
      .update(merchants)
      .set({ submitKeyEncrypted: parts.join(".") })
      .where(eq(merchants.id, a.id));
    await expect(credentialsFor(db, vault, a.id)).rejects.toThrow(/failed its integrity check/);
  });

  it.skipIf(skip)("loads the sandbox's seeded merchants in demo mode, idempotently, with their keys", async () => {
    const file = path.join(sandbox.dataDir, "credentials.json");
    expect(await loadDemoMerchants(database.db, vault, file)).toBe(2);
    expect(await loadDemoMerchants(database.db, vault, file)).toBe(2);
    const demo = (await listMerchantsVisibleTo(database.db, { merchantIds: null })).filter((m) => m.isDemo);
    expect(demo.map((m) => m.displayName).sort()).toEqual(["Chiang Mai Gadgets", "Siam Coffee Roasters"]);
    const coffee = demo.find((m) => m.displayName === "Siam Coffee Roasters")!;
    expect(await credentialsFor(database.db, vault, coffee.id)).toMatchObject({
      submitKey: sandbox.coffee.submitKey,
      readKey: sandbox.coffee.readKey,
    });
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, coffee.id));
    expect(row?.payinMin).toBe("20.00");
    expect(await loadDemoMerchants(database.db, vault, path.join(sandbox.dataDir, "missing.json"))).toBe(0);
  });

  it.skipIf(skip)("scopes merchants inside the query: another merchant is simply not found", async () => {
    const a = await createMerchant(database.db, vault, input({ merchantId: "44444444-96cc-47a6-ac51-1de5027ec190", displayName: "A" }));
    const b = await createMerchant(database.db, vault, input({ merchantId: "55555555-96cc-47a6-ac51-1de5027ec190", displayName: "B" }));
    expect((await listMerchantsVisibleTo(database.db, { merchantIds: [a.id] })).map((m) => m.id)).toEqual([a.id]);
    expect(await getMerchantInScope(database.db, { merchantIds: [a.id] }, b.id)).toBeUndefined();
    expect(await getMerchantInScope(database.db, { merchantIds: null }, b.id)).toMatchObject({ id: b.id });
    expect(await listMerchantsVisibleTo(database.db, { merchantIds: [] })).toEqual([]);
  });
});

describe("merchant input", () => {
  it.each([
    [{ merchantId: "not-a-guid" }, /GUID/],
    [{ submitKey: "short" }, /longer/],
    [{ submitKey: "has space in it" }, /no spaces/],
    [{ orgId: "a/b" }, /no spaces or slashes/],
    [{ displayName: " " }, /name/],
    [{ payinMinSatang: 500, payinMaxSatang: 100 }, /minimum cannot be more than the maximum/],
  ])("rejects %j with a clear message", (overrides, message) => {
    const result = merchantInputSchema.safeParse(input(overrides));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(" ")).toMatch(message);
  });
});
