import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { ACTION_MESSAGES } from "@/lib/auth/action";
import { can, type Permission } from "@/lib/auth/permissions";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, merchantLogos, merchants } from "@/lib/db/schema";
import sharp from "sharp";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { MERCHANT_REFUSALS, MERCHANT_RULES } from "@/lib/merchants/settings-schemas";
import { webhookSecretMatches } from "@/lib/merchants/webhook-secret";
import { createPaymentApi } from "@/lib/provider/client";
import { STAFF_REFUSALS } from "@/lib/staff/errors";
import { translateMerchantMessage } from "@/components/console/settings/merchants/merchant-messages";

/**
 * Settings → Merchants: the actions through the one door (lib/auth/action.ts) and the pages as they
 * render, outside a Next request: who is signed in, the database, the key vault and the provider
 * (a real sandbox) are stood in for. The rule under test above all: a key typed into PayDesk never
 * comes back out, in an action's answer or a page's HTML.
 */
const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  session: null as StaffSession | null,
  vault: undefined as unknown,
  api: undefined as unknown,
  locale: "en" as "en" | "th",
}));
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
vi.mock("@/lib/merchants/vault", () => ({ keyVault: () => surroundings.vault }));
vi.mock("@/lib/provider", () => ({ paymentApi: async () => surroundings.api }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://paydesk.example", WEBHOOK_SECRET_HEADER: "X-PayDesk-Webhook-Secret", TRUSTED_PROXIES: [] }),
}));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-paydesk-peer": "203.0.113.40" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/settings",
}));

const merchantActions = await import("./actions");
const MerchantsPage = (await import("./page")).default;
const MerchantPage = (await import("./[id]/page")).default;

const render = async (page: Promise<ReactElement> | ReactElement) => renderToStaticMarkup(await page);
const session = (user: { id: string; email: string }, role: StaffSession["role"], extra: Partial<StaffSession> = {}): StaffSession => ({
  userId: user.id,
  email: user.email,
  name: `Test ${role}`,
  role,
  merchantIds: null,
  locale: null,
  ...extra,
});
const guid = () => {
  const h = randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

describe("settings: merchants and their keys", () => {
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let admin: { id: string; email: string };
  const lastAudit = async (action: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    sandbox = await startTestSandbox("spec");
    surroundings.db = database.db as Db;
    surroundings.vault = createKeyVault([randomBytes(32)]);
    surroundings.api = createPaymentApi({ baseUrl: sandbox.url, timeoutMs: 5_000, limiter: null, maxAttempts: 1 });
    admin = await insertStaff(database.db, { role: "admin" });
  });
  afterAll(async () => {
    await database?.dispose();
    await sandbox?.dispose();
  });
  beforeEach(() => {
    surroundings.session = session(admin, "admin");
  });

  const addMerchant = (fields: Record<string, string> = {}) =>
    merchantActions.createMerchantAction(null, {
      displayName: "Siam Coffee Roasters",
      orgId: sandbox.coffee.orgId,
      providerMerchantId: guid(),
      submitKey: `submit-${randomBytes(12).toString("hex")}`,
      readKey: `read-${randomBytes(12).toString("hex")}`,
      payinMin: "20",
      payinMax: "50,000",
      payoutApprovalThreshold: "",
      ...fields,
    });

  it("adds a merchant: the answer, the list page and the merchant's page carry only the keys' last four characters", async () => {
    const submitKey = `sub-${randomBytes(16).toString("hex")}`;
    const readKey = `rea-${randomBytes(16).toString("hex")}`;
    const result = await addMerchant({ submitKey, readKey });
    expect(result).toEqual({
      ok: true,
      data: { id: expect.stringMatching(/^mer_/), submitKeyLast4: submitKey.slice(-4), readKeyLast4: readKey.slice(-4) },
    });
    if (!result.ok) return;
    expect(await lastAudit("merchant.create")).toMatchObject({
      actorId: admin.id,
      outcome: "ok",
      target: result.data.id,
      ip: "203.0.113.40",
    });

    const listHtml = await render(MerchantsPage());
    const pageHtml = await render(
      MerchantPage({ params: Promise.resolve({ id: result.data.id }), searchParams: Promise.resolve({ created: "1" }) }),
    );
    for (const html of [listHtml, pageHtml]) {
      expect(html).toContain("Siam Coffee Roasters");
      expect(html).toContain(`…${submitKey.slice(-4)}`);
      expect(html).toContain(`…${readKey.slice(-4)}`);
      expect(html).not.toContain(submitKey);
      expect(html).not.toContain(readKey);
      expect(html).not.toContain(submitKey.slice(0, 12));
    }
    // The check itself can fail: a page that printed the key would be caught.
    expect(`${pageHtml}${submitKey}`).toContain(submitKey);
  });

  it("says plainly when a merchant has no read key", async () => {
    const result = await addMerchant({ readKey: "" });
    expect(result).toMatchObject({ ok: true, data: { readKeyLast4: null } });
    if (!result.ok) return;
    const html = await render(MerchantPage({ params: Promise.resolve({ id: result.data.id }), searchParams: Promise.resolve({}) }));
    expect(html).toContain("PayDesk cannot confirm anything with the provider");
    expect(html).toContain("Off: unconfirmed webhooks are held and not applied");
    expect(await render(MerchantsPage())).toContain("None: webhooks cannot be confirmed");
  });

  it("applies unconfirmed webhooks only on an admin's explicit, audited choice, and says so loudly in both languages", async () => {
    const created = await addMerchant({ readKey: "" });
    if (!created.ok) throw new Error(created.message);
    const merchantId = created.data.id;
    const flag = async () =>
      (await database.db.select({ on: merchants.applyUnconfirmedWebhooks }).from(merchants).where(eq(merchants.id, merchantId)))[0]!.on;
    expect(await flag()).toBe(false);
    // Not without saying they understand.
    expect(await merchantActions.allowUnconfirmedWebhooksAction(null, { merchantId, understood: false })).toMatchObject({
      ok: false,
      fieldErrors: { understood: [MERCHANT_RULES.confirmUnconfirmed] },
    });
    expect(await flag()).toBe(false);
    // Not by someone who may not manage merchants.
    surroundings.session = session(admin, "finance");
    expect(await merchantActions.allowUnconfirmedWebhooksAction(null, { merchantId, understood: true })).toMatchObject({ ok: false });
    expect(await lastAudit("merchant.unconfirmed-webhooks-on")).toMatchObject({ outcome: "denied" });
    surroundings.session = session(admin, "admin");

    expect(await merchantActions.allowUnconfirmedWebhooksAction(null, { merchantId, understood: true })).toEqual({ ok: true, data: null });
    expect(await flag()).toBe(true);
    expect(await lastAudit("merchant.unconfirmed-webhooks-on")).toMatchObject({ actorId: admin.id, outcome: "ok", target: merchantId });
    const page = () => render(MerchantPage({ params: Promise.resolve({ id: merchantId }), searchParams: Promise.resolve({}) }));
    expect(await page()).toContain("its webhooks are applied WITHOUT confirmation");
    surroundings.locale = "th";
    try {
      expect(await page()).toContain("ถูกบันทึกโดยไม่ได้ยืนยัน");
    } finally {
      surroundings.locale = "en";
    }

    expect(await merchantActions.refuseUnconfirmedWebhooksAction(null, { merchantId })).toEqual({ ok: true, data: null });
    expect(await flag()).toBe(false);
    expect(await lastAudit("merchant.unconfirmed-webhooks-off")).toMatchObject({ actorId: admin.id, outcome: "ok", target: merchantId });
  });

  it("refuses bad input beside its field, and a merchant already in PayDesk", async () => {
    expect(await addMerchant({ providerMerchantId: "nope", payinMin: "1.234" })).toMatchObject({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { providerMerchantId: [MERCHANT_RULES.guidInvalid], payinMin: [MERCHANT_RULES.amountInvalid] },
    });
    const id = guid();
    expect((await addMerchant({ providerMerchantId: id })).ok).toBe(true);
    expect(await addMerchant({ providerMerchantId: id.toUpperCase() })).toMatchObject({
      ok: false,
      fieldErrors: { providerMerchantId: [MERCHANT_REFUSALS.duplicate] },
    });
  });

  it("refuses a NUL character in the merchant's name beside the field, and stores nothing", async () => {
    const before = (await database.db.select().from(merchants)).length;
    expect(await addMerchant({ displayName: "Siam\u0000Coffee" })).toEqual({
      ok: false,
      message: ACTION_MESSAGES.invalid,
      fieldErrors: { displayName: [ACTION_MESSAGES.nulCharacter] },
    });
    expect(await database.db.select().from(merchants)).toHaveLength(before);
  });

  it("rotates keys (and removes the read key), answering only the last four", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    const newSubmit = `new-${randomBytes(16).toString("hex")}`;
    const rotated = await merchantActions.rotateKeysAction(null, {
      merchantId: created.data.id,
      submitKey: newSubmit,
      readKey: "",
      removeReadKey: true,
    });
    expect(rotated).toEqual({ ok: true, data: { submitKeyLast4: newSubmit.slice(-4), readKeyLast4: null } });
    expect(JSON.stringify(rotated)).not.toContain(newSubmit);
    expect(await lastAudit("merchant.rotate-keys")).toMatchObject({ outcome: "ok", merchantId: created.data.id, target: created.data.id });
    const html = await render(MerchantPage({ params: Promise.resolve({ id: created.data.id }), searchParams: Promise.resolve({}) }));
    expect(html).not.toContain(newSubmit);
    expect(html).toContain(`…${newSubmit.slice(-4)}`);
  });

  it("refuses a merchant outside the admin's scope as not found, and anyone without merchant.manage", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    surroundings.session = session(admin, "admin", { merchantIds: ["mer_elsewhere"] });
    expect(await merchantActions.rotateWebhookSecretAction(null, { merchantId: created.data.id })).toEqual({
      ok: false,
      message: ACTION_MESSAGES.merchantNotFound,
      fieldErrors: {},
    });
    expect(await addMerchant()).toMatchObject({ ok: false, message: STAFF_REFUSALS.needsAllMerchants });
    surroundings.session = session(admin, "finance");
    expect(
      await merchantActions.rotateKeysAction(null, {
        merchantId: created.data.id,
        submitKey: "another-key-1234",
        readKey: "",
        removeReadKey: false,
      }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^You do not have permission/),
    });
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    await expect(MerchantsPage()).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    vi.unstubAllEnvs();
  });

  it("generates a webhook secret: answered once with the header and URL, stored only as a hash, the previous one kept 24 hours", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    const first = await merchantActions.rotateWebhookSecretAction(null, { merchantId: created.data.id });
    expect(first).toEqual({
      ok: true,
      data: {
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{40,}$/),
        header: "X-PayDesk-Webhook-Secret",
        url: "https://paydesk.example/api/webhooks/payment",
      },
    });
    if (!first.ok) return;
    const second = await merchantActions.rotateWebhookSecretAction(null, { merchantId: created.data.id });
    if (!second.ok) throw new Error(second.message);
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, created.data.id));
    expect(JSON.stringify(row)).not.toContain(second.data.secret);
    expect(webhookSecretMatches(row!, second.data.secret)).toBe(true);
    expect(webhookSecretMatches(row!, first.data.secret)).toBe(true);
    expect(webhookSecretMatches(row!, first.data.secret, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(false);
    const html = await render(MerchantPage({ params: Promise.resolve({ id: created.data.id }), searchParams: Promise.resolve({}) }));
    expect(html).not.toContain(second.data.secret);
    expect(html).toContain("A secret is set.");
    expect(html).toContain("The previous secret keeps working until");
    expect(await lastAudit("merchant.webhook-secret")).toMatchObject({ outcome: "ok", target: created.data.id });
  });

  it("edits the name and limits", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    const saved = await merchantActions.updateMerchantSettingsAction(null, {
      merchantId: created.data.id,
      displayName: "Renamed",
      payinMin: "",
      payinMax: "1000.50",
      payoutApprovalThreshold: "0",
    });
    expect(saved).toEqual({ ok: true, data: null });
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, created.data.id));
    expect(row).toMatchObject({ displayName: "Renamed", payinMin: null, payinMax: "1000.50", payoutApprovalThreshold: "0.00" });
    expect(
      await merchantActions.updateMerchantSettingsAction(null, {
        merchantId: created.data.id,
        displayName: "",
        payinMin: "5",
        payinMax: "1",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { displayName: [expect.any(String)] },
    });
  });

  it("sets the look: a colour customers can read and a logo PayDesk redraws; too light a colour or a file that is no picture is refused beside its field, changing nothing", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    const id = created.data.id;
    const form = (fields: Record<string, string | File>) => {
      const data = new FormData();
      data.set("merchantId", id);
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return merchantActions.updateBrandingAction(null, data);
    };
    const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#7c2d12" } })
      .jpeg()
      .toBuffer();
    expect(await form({ brandColor: "#7C2D12", logo: new File([new Uint8Array(photo)], "logo.jpg", { type: "image/jpeg" }) })).toEqual({
      ok: true,
      data: null,
    });
    const [row] = await database.db.select({ color: merchants.brandColor }).from(merchants).where(eq(merchants.id, id));
    const [logo] = await database.db.select().from(merchantLogos).where(eq(merchantLogos.merchantId, id));
    expect(row!.color).toBe("#7c2d12");
    expect(logo).toMatchObject({ width: 320, height: 160 });
    expect((await sharp(logo!.png).metadata()).format).toBe("png");
    expect((await lastAudit("merchant.branding"))?.target).toBe(id);
    // The merchant's page shows both.
    const page = await render(MerchantPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) }));
    expect(page).toContain('value="#7c2d12"');
    expect(page).toContain(`/brand/${id}/logo?v=${logo!.version}`);

    // Too light: the contrast in words, on the field; nothing changed.
    surroundings.locale = "th";
    try {
      const light = await form({ brandColor: "#ffd700" });
      expect(light).toMatchObject({ ok: false, fieldErrors: { brandColor: [expect.stringContaining("1.40 : 1")] } });
      const notAPicture = await form({
        brandColor: "",
        logo: new File(["<svg onload=alert(1)></svg>"], "logo.svg", { type: "image/svg+xml" }),
      });
      expect(notAPicture).toMatchObject({ ok: false, fieldErrors: { logo: [expect.stringContaining("ไม่ใช่รูป")] } });
    } finally {
      surroundings.locale = "en";
    }
    expect((await database.db.select({ color: merchants.brandColor }).from(merchants).where(eq(merchants.id, id)))[0]!.color).toBe(
      "#7c2d12",
    );
    expect((await database.db.select().from(merchantLogos).where(eq(merchantLogos.merchantId, id)))[0]!.version).toBe(logo!.version);

    // Empty colour: PayDesk's own; "remove the logo" removes it.
    expect(await form({ brandColor: "", removeLogo: "on" })).toEqual({ ok: true, data: null });
    expect((await database.db.select({ color: merchants.brandColor }).from(merchants).where(eq(merchants.id, id)))[0]!.color).toBeNull();
    expect(await database.db.select().from(merchantLogos).where(eq(merchantLogos.merchantId, id))).toEqual([]);
  });

  it("sets the merchant's Pay-Out ceiling (2,000,000.00 until set; empty puts the default back), refusing zero in words", async () => {
    const created = await addMerchant();
    if (!created.ok) throw new Error(created.message);
    const ceilingOf = async () => (await database.db.select().from(merchants).where(eq(merchants.id, created.data.id)))[0]!.payoutCeiling;
    expect(await ceilingOf()).toBe("2000000.00");
    const limits = { merchantId: created.data.id, displayName: "Coffee", payinMin: "", payinMax: "", payoutApprovalThreshold: "" };
    expect(await merchantActions.updateMerchantSettingsAction(null, { ...limits, payoutCeiling: "250,000.50" })).toEqual({
      ok: true,
      data: null,
    });
    expect(await ceilingOf()).toBe("250000.50");
    const zero = await merchantActions.updateMerchantSettingsAction(null, { ...limits, payoutCeiling: "0" });
    expect(zero).toMatchObject({ ok: false, fieldErrors: { payoutCeiling: [MERCHANT_RULES.ceilingZero] } });
    expect(translateMerchantMessage("th", MERCHANT_RULES.ceilingZero)).toContain("เพดาน");
    expect(await ceilingOf()).toBe("250000.50");
    expect(await merchantActions.updateMerchantSettingsAction(null, { ...limits, payoutCeiling: "" })).toEqual({ ok: true, data: null });
    expect(await ceilingOf()).toBe("2000000.00");
  });

  it("tests the keys at the provider: works, rejected, no read key", async () => {
    const real = await addMerchant({
      orgId: sandbox.coffee.orgId,
      providerMerchantId: sandbox.coffee.merchantId,
      submitKey: sandbox.coffee.submitKey,
      readKey: sandbox.coffee.readKey,
    });
    if (!real.ok) throw new Error(real.message);
    const good = await merchantActions.testKeysAction(null, { merchantId: real.data.id });
    expect(good).toEqual({
      ok: true,
      data: {
        checks: [
          { key: "submit", verdict: "works", detail: null },
          { key: "read", verdict: "works", detail: null },
        ],
      },
    });
    expect(JSON.stringify(good)).not.toContain(sandbox.coffee.submitKey);

    const wrong = await addMerchant({ orgId: sandbox.coffee.orgId, submitKey: "not-a-key-the-provider-knows", readKey: "" });
    if (!wrong.ok) throw new Error(wrong.message);
    const bad = await merchantActions.testKeysAction(null, { merchantId: wrong.data.id });
    expect(bad).toMatchObject({
      ok: true,
      data: {
        checks: [
          { key: "submit", verdict: "rejected", detail: expect.stringMatching(/^The provider rejected the API key for org /) },
          { key: "read", verdict: "missing" },
        ],
      },
    });
    expect(JSON.stringify(bad)).not.toContain("not-a-key-the-provider-knows");
    // An admin reading Thai gets the provider client's explanation in Thai.
    surroundings.locale = "th";
    try {
      const inThai = await merchantActions.testKeysAction(null, { merchantId: wrong.data.id });
      expect(inThai).toMatchObject({
        ok: true,
        data: {
          checks: [
            { key: "submit", verdict: "rejected", detail: expect.stringMatching(/^ผู้ให้บริการไม่ยอมรับ API key ขององค์กร /) },
            { key: "read" },
          ],
        },
      });
    } finally {
      surroundings.locale = "en";
    }

    // A submit key in the read slot: accepted, but without the VIEWER role.
    await merchantActions.rotateKeysAction(null, {
      merchantId: wrong.data.id,
      submitKey: sandbox.coffee.submitKey,
      readKey: sandbox.coffee.submitKey,
      removeReadKey: false,
    });
    expect(await merchantActions.testKeysAction(null, { merchantId: wrong.data.id })).toMatchObject({
      ok: true,
      data: {
        checks: [
          { key: "submit", verdict: "works" },
          { key: "read", verdict: "lacks_role" },
        ],
      },
    });
  });
});
