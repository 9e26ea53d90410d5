import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyApiKey } from "@/lib/merchant-api/keys/verify";
import { developerRuleMessages } from "@/lib/merchant-api/keys/rule-messages";
import { can, type Permission } from "@/lib/auth/permissions";
import { deniedMessage } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { apiKeys, auditLog, merchants } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";

/**
 * Settings → Developers: the key actions through the one door (lib/auth/action.ts) and the page as
 * it renders, outside a Next request (who is signed in and the database are stood in for). The
 * rule under test above all: a key's secret leaves the server once, in the create answer, and is
 * never stored, audited or rendered again.
 */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, session: null as StaffSession | null }));
vi.mock("@/lib/auth/current-session", async () => {
  const { forbidden } = await import("next/navigation");
  return {
    currentSession: async () => surroundings.session,
    requireSession: async () => surroundings.session,
    requirePermission: async (permission: Permission) => {
      if (!surroundings.session || !can(surroundings.session.role, permission)) forbidden();
      return surroundings.session;
    },
  };
});
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => "en" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-paydesk-peer": "203.0.113.41" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/settings/developers",
}));

const actions = await import("./actions");
const DeveloperPage = (await import("./[id]/page")).default;
const ReferencePage = (await import("./reference/page")).default;
const render = async (page: Promise<ReactElement>) => renderToStaticMarkup(await page);

describe("settings: developers (API keys and return origins)", () => {
  let database: TestDatabase;
  let coffee: string;
  let gadgets: string;
  let admin: StaffSession;
  let finance: StaffSession;
  const lastAudit = async (action: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const vault = createKeyVault([randomBytes(32)]);
    const merchant = (name: string, n: number) =>
      createMerchant(database.db, vault, {
        displayName: name,
        orgId: "org-a",
        merchantId: `b0c8a7a4-0000-4000-8000-00000000001${n}`,
        submitKey: "submit-key-000000000000",
      });
    coffee = (await merchant("Coffee", 1)).id;
    gadgets = (await merchant("Gadgets", 2)).id;
    const a = await insertStaff(database.db, { role: "admin" });
    const f = await insertStaff(database.db, { role: "finance" });
    admin = { userId: a.id, email: a.email, name: "Admin", role: "admin", merchantIds: null, locale: null };
    finance = { userId: f.id, email: f.email, name: "Finance", role: "finance", merchantIds: null, locale: null };
  });
  afterAll(async () => database?.dispose());
  beforeEach(() => {
    surroundings.session = admin;
  });

  const create = (fields: Record<string, unknown> = {}) =>
    actions.createApiKeyAction(null, {
      merchantId: coffee,
      name: "Web shop",
      mode: "test",
      scopes: ["checkouts:write", "requests:read"],
      expiresOn: "",
      ...fields,
    });

  it("makes a key that works at once, shows it once, and keeps only its hash; the audit names the key, not its secret", async () => {
    const result = await create();
    expect(result).toMatchObject({ ok: true, data: { key: expect.stringMatching(/^pdk_test_/), id: expect.stringMatching(/^pdk_test_/) } });
    if (!result.ok) return;
    const check = await verifyApiKey(database.db, `Bearer ${result.data.key}`, { ip: null });
    expect(check).toMatchObject({ ok: true, key: { merchantRowId: coffee, scopes: ["checkouts:write", "requests:read"] } });
    const audit = await lastAudit("api-key.create");
    expect(audit).toMatchObject({ actorId: admin.userId, outcome: "ok", merchantId: coffee, target: result.data.id });
    expect(JSON.stringify(audit)).not.toContain(result.data.key);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, result.data.id));
    expect(JSON.stringify(row)).not.toContain(result.data.key.slice(result.data.id.length, result.data.id.length + 32));

    const html = await render(DeveloperPage({ params: Promise.resolve({ id: coffee }) }));
    expect(html).toContain("Web shop");
    expect(html).toContain(result.data.id);
    expect(html).not.toContain(result.data.key);
  });

  it("says what is wrong with a name, no scopes or a past expiry, beside the field", async () => {
    const refusals = [
      [{ name: "  " }, "name", developerRuleMessages.keys.nameRequired],
      [{ scopes: [] }, "scopes", developerRuleMessages.keys.scopesRequired],
      [{ scopes: ["refunds:write"] }, "scopes", developerRuleMessages.keys.scopesRequired],
      [{ expiresOn: "2020-01-01" }, "expiresOn", developerRuleMessages.keys.expiryInvalid],
      [{ mode: "prod" }, "mode", developerRuleMessages.keys.modeRequired],
    ] as const;
    for (const [fields, field, key] of refusals) {
      const result = await create(fields);
      expect(result.ok, JSON.stringify(fields)).toBe(false);
      if (!result.ok) expect(result.fieldErrors[field], JSON.stringify(fields)).toEqual([key]);
    }
    expect(developerRuleMessages.words("th", developerRuleMessages.keys.scopesRequired)).toMatch(/เลือก/);
  });

  it("revokes a key at once, audited; another merchant's key or a revoked one is not found", async () => {
    const made = await create();
    if (!made.ok) throw new Error("no key");
    expect(await actions.revokeApiKeyAction(null, { merchantId: gadgets, keyId: made.data.id })).toMatchObject({ ok: false });
    expect((await verifyApiKey(database.db, `Bearer ${made.data.key}`, { ip: null })).ok).toBe(true);
    expect(await actions.revokeApiKeyAction(null, { merchantId: coffee, keyId: made.data.id })).toEqual({ ok: true, data: null });
    expect(await verifyApiKey(database.db, `Bearer ${made.data.key}`, { ip: null })).toEqual({ ok: false, why: "revoked" });
    expect(await lastAudit("api-key.revoke")).toMatchObject({ actorId: admin.userId, outcome: "ok", target: made.data.id });
    expect(await actions.revokeApiKeyAction(null, { merchantId: coffee, keyId: made.data.id })).toMatchObject({
      ok: false,
      message: developerRuleMessages.keys.keyGone,
    });
  });

  it("refuses a person without merchant.manage, and audits the refusal", async () => {
    surroundings.session = finance;
    expect(await create()).toMatchObject({ ok: false, message: deniedMessage("merchant.manage") });
    expect(await lastAudit("api-key.create")).toMatchObject({ actorId: finance.userId, outcome: "denied" });
    const keys = await database.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.merchantId, coffee), eq(apiKeys.createdBy, finance.userId)));
    expect(keys).toEqual([]);
  });

  it("saves return origins normalised, one per line, and names the line that is not one", async () => {
    const saved = await actions.updateReturnOriginsAction(null, {
      merchantId: coffee,
      origins: "https://Shop.Example.com/\n\nhttp://localhost:4000\nhttps://shop.example.com",
    });
    expect(saved).toEqual({ ok: true, data: { origins: ["https://shop.example.com", "http://localhost:4000"] } });
    const [row] = await database.db.select({ origins: merchants.allowedReturnOrigins }).from(merchants).where(eq(merchants.id, coffee));
    expect(row!.origins).toEqual(["https://shop.example.com", "http://localhost:4000"]);
    const bad = await actions.updateReturnOriginsAction(null, {
      merchantId: coffee,
      origins: "https://shop.example.com\nhttp://shop.example.com/return",
    });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { origins: [`${developerRuleMessages.keys.originInvalid}:2`] } });
    expect(developerRuleMessages.words("en", `${developerRuleMessages.keys.originInvalid}:2`)).toMatch(/^Line 2:/);
    const [unchanged] = await database.db
      .select({ origins: merchants.allowedReturnOrigins })
      .from(merchants)
      .where(eq(merchants.id, coffee));
    expect(unchanged!.origins).toEqual(["https://shop.example.com", "http://localhost:4000"]);
  });

  it("shows the API reference from the OpenAPI document: every endpoint, its scope and its fields", async () => {
    const html = await render(ReferencePage());
    // As React writes text into HTML ("A Pay-In's refunds" has an apostrophe).
    const asHtml = (text: string) =>
      text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(html).toContain(endpoint.path);
      expect(html).toContain(endpoint.scope);
      expect(html).toContain(asHtml(endpoint.summary));
    }
    for (const field of ["reference", "payer.name", "return_url", "destination.promptpay_id", "amount_to_pay", "checkout_url"])
      expect(html).toContain(field);
    surroundings.session = finance;
    await expect(render(ReferencePage())).rejects.toThrow();
  });
});
