import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { can, type Permission } from "@/lib/auth/permissions";
import { deniedMessage } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/current-session";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { auditLog, outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { deliverDue } from "@/lib/outbound-webhooks/deliver";
import { webhookRuleMessages } from "@/lib/outbound-webhooks/rule-messages";
import { paidPayIn as payInPaid } from "@/lib/outbound-webhooks/testing/paid-pay-in";
import { startReceiver, type Receiver } from "@/lib/outbound-webhooks/testing/receiver";

/**
 * Settings → Outbound webhooks: the actions through the one door (lib/auth/action.ts) and the pages
 * as they render, outside a Next request (who is signed in, the database, the vault and the
 * environment are stood in for). Above all: a signing secret leaves the server only in the answer
 * to "add" and "rotate", and is never audited or rendered again; an address PayDesk may not send
 * to is refused in words beside the field.
 */
const surroundings = vi.hoisted(() => ({
  db: undefined as unknown,
  vault: undefined as unknown,
  session: null as StaffSession | null,
  allowPrivate: false,
  /** Where the demo secrets (the checkout links' key) are kept for this file. */
  dataDir: `${process.env.TMPDIR ?? "/tmp"}/paydesk-webhooks-test-${process.pid}`,
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
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ outboundAllowPrivate: surroundings.allowPrivate, isSandbox: true, TRUSTED_PROXIES: [], dataDir: surroundings.dataDir }),
}));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => "en" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-paydesk-peer": "203.0.113.41" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/settings/webhooks",
}));

const actions = await import("./actions");
const EndpointPage = (await import("./[id]/[endpointId]/page")).default;
const MerchantPage = (await import("./[id]/page")).default;
const LogPage = (await import("./log/page")).default;
const render = async (page: Promise<ReactElement>) => renderToStaticMarkup(await page);
const R = webhookRuleMessages.keys;

describe("settings: outbound webhooks", () => {
  let database: TestDatabase;
  let receiver: Receiver;
  let coffee: string;
  let gadgets: string;
  let admin: StaffSession;
  let finance: StaffSession;
  const vault = createKeyVault([randomBytes(32)]);
  const lastAudit = async (action: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    fs.mkdirSync(surroundings.dataDir, { recursive: true });
    database = await createTestDatabase("pglite");
    receiver = await startReceiver();
    surroundings.db = database.db as Db;
    surroundings.vault = vault;
    const merchant = (name: string, n: number) =>
      createMerchant(database.db, vault, {
        displayName: name,
        orgId: "org-a",
        merchantId: `b0c8a7a4-0000-4000-8000-00000000007${n}`,
        submitKey: "submit-key-000000000000",
      });
    coffee = (await merchant("Coffee", 1)).id;
    gadgets = (await merchant("Gadgets", 2)).id;
    const a = await insertStaff(database.db, { role: "admin" });
    const f = await insertStaff(database.db, { role: "finance" });
    admin = { userId: a.id, email: a.email, name: "Admin", role: "admin", merchantIds: null, locale: null };
    finance = { userId: f.id, email: f.email, name: "Finance", role: "finance", merchantIds: null, locale: null };
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.dispose();
    fs.rmSync(surroundings.dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    surroundings.session = admin;
    surroundings.allowPrivate = true;
    receiver.received.length = 0;
    receiver.behave({ kind: "status", status: 200 });
  });

  const add = (fields: Record<string, unknown> = {}) =>
    actions.createEndpointAction(null, {
      merchantId: coffee,
      url: `${receiver.url}/paydesk`,
      description: "Web shop",
      eventTypes: ["payin.paid"],
      ...fields,
    });
  const deliver = () =>
    deliverDue({ db: database.db, vault, publicBaseUrl: "https://pay.example.com", allowPrivate: true, isSandbox: true, timeoutMs: 2_000 });
  const paidPayIn = (merchantId = coffee) => payInPaid(database.db, merchantId, { amount: "99.00" });

  it("adds an endpoint and answers its secret once: the audit names the endpoint, the pages never show the secret", async () => {
    const result = await add();
    expect(result).toMatchObject({ ok: true, data: { secret: expect.stringMatching(/^whsec_/), id: expect.stringMatching(/^we_/) } });
    if (!result.ok) return;
    const audit = await lastAudit("webhook-endpoint.create");
    expect(audit).toMatchObject({ actorId: admin.userId, outcome: "ok", target: result.data.id });
    expect(JSON.stringify(audit)).not.toContain(result.data.secret);
    const merchantPage = await render(MerchantPage({ params: Promise.resolve({ id: coffee }) }));
    expect(merchantPage).toContain(`${receiver.url}/paydesk`);
    const endpointPage = await render(
      EndpointPage({ params: Promise.resolve({ id: coffee, endpointId: result.data.id }), searchParams: Promise.resolve({}) }),
    );
    expect(endpointPage).toContain("Signing secret");
    for (const html of [merchantPage, endpointPage]) expect(html).not.toContain(result.data.secret.slice(6, 20));
    // A payment now reaches it, signed with that secret.
    await paidPayIn();
    await deliver();
    const got = receiver.received[0]!;
    expect(() =>
      new Webhook(result.data.secret).verify(got.body, {
        "webhook-id": String(got.headers["webhook-id"]),
        "webhook-timestamp": String(got.headers["webhook-timestamp"]),
        "webhook-signature": String(got.headers["webhook-signature"]),
      }),
    ).not.toThrow();
  });

  it("refuses an address it may not send to, beside the field, and keeps nothing", async () => {
    surroundings.allowPrivate = false;
    const before = (await database.db.select().from(webhookEndpoints)).length;
    for (const [url, rule] of [
      ["http://shop.example.com/hook", R.urlHttps],
      ["https://127.0.0.1/hook", R.urlPrivate],
      ["https://10.1.2.3/hook", R.urlPrivate],
      ["https://[::1]/hook", R.urlPrivate],
      ["https://169.254.169.254/latest", R.urlPrivate],
      ["https://printer.local/hook", R.urlPrivate],
    ] as const) {
      expect(await add({ url }), url).toMatchObject({ ok: false, message: rule, fieldErrors: { url: [rule] } });
    }
    expect(await add({ url: "not a url" })).toMatchObject({ ok: false, fieldErrors: { url: [R.urlInvalid] } });
    expect(await add({ url: "https://user:pw@shop.example.com/hook" })).toMatchObject({
      ok: false,
      fieldErrors: { url: [R.urlCredentials] },
    });
    expect(await add({ eventTypes: [] })).toMatchObject({ ok: false, fieldErrors: { eventTypes: [R.eventsRequired] } });
    expect(await add({ eventTypes: ["payin.refunded"] })).toMatchObject({ ok: false });
    expect((await database.db.select().from(webhookEndpoints)).length).toBe(before);
    // The rule's words, in both languages.
    expect(webhookRuleMessages.words("th", R.urlPrivate)).toMatch(/เครือข่ายส่วนตัว/);
    // A public https address is fine.
    expect(await add({ url: "https://shop.example.com/paydesk/webhooks" })).toMatchObject({ ok: true });
  });

  it("only an admin, and only for merchants in scope", async () => {
    surroundings.session = finance;
    expect(await add()).toMatchObject({ ok: false, message: deniedMessage("merchant.manage") });
    expect(await lastAudit("webhook-endpoint.create")).toMatchObject({ actorId: finance.userId, outcome: "denied" });
    surroundings.session = { ...admin, merchantIds: [gadgets] };
    expect(await add()).toMatchObject({ ok: false });
    const page = MerchantPage({ params: Promise.resolve({ id: coffee }) });
    await expect(page).rejects.toThrow();
  });

  it("edits, disables and enables again; rotates (both secrets sign for a day); deletes", async () => {
    const created = await add();
    if (!created.ok) throw new Error(created.message);
    const endpointId = created.data.id;
    const ref = { merchantId: coffee, endpointId };
    const update = (fields: Record<string, unknown>) =>
      actions.updateEndpointAction(null, {
        ...ref,
        url: `${receiver.url}/paydesk`,
        description: "",
        eventTypes: ["payin.paid"],
        enabled: "on",
        ...fields,
      });
    expect(await update({ enabled: undefined })).toMatchObject({ ok: true, data: { enabled: false } });
    const disabledPage = await render(
      EndpointPage({ params: Promise.resolve({ id: coffee, endpointId }), searchParams: Promise.resolve({}) }),
    );
    expect(disabledPage).toContain("Disabled by staff.");
    expect(await actions.sendTestEventAction(null, ref)).toMatchObject({ ok: false, message: R.endpointDisabled });
    expect(await update({})).toMatchObject({ ok: true, data: { enabled: true } });

    const rotated = await actions.rotateEndpointSecretAction(null, ref);
    expect(rotated).toMatchObject({ ok: true, data: { secret: expect.stringMatching(/^whsec_/) } });
    if (!rotated.ok) return;
    expect(JSON.stringify(await lastAudit("webhook-endpoint.rotate-secret"))).not.toContain(rotated.data.secret);
    expect(await actions.sendTestEventAction(null, ref)).toMatchObject({ ok: true });
    await deliver();
    const got = receiver.received.at(-1)!;
    const headers = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    expect(() => new Webhook(created.data.secret).verify(got.body, headers)).not.toThrow();
    expect(() => new Webhook(rotated.data.secret).verify(got.body, headers)).not.toThrow();

    expect(await actions.deleteEndpointAction(null, ref)).toMatchObject({ ok: true });
    expect(await actions.deleteEndpointAction(null, ref)).toMatchObject({ ok: false, message: R.endpointGone });
    expect(await actions.rotateEndpointSecretAction(null, ref)).toMatchObject({ ok: false, message: R.endpointGone });
    // Another merchant's id for it: not found.
    expect(await actions.sendTestEventAction(null, { merchantId: gadgets, endpointId })).toMatchObject({
      ok: false,
      message: R.endpointGone,
    });
  });

  it("the log shows each attempt; a failed delivery is resent by hand; 'every failed since' says how many", async () => {
    const created = await add({ url: `${receiver.url}/failing` });
    if (!created.ok) throw new Error(created.message);
    const endpointId = created.data.id;
    receiver.behave({ kind: "status", status: 500, body: "database is down" });
    const requestId = await paidPayIn();
    await deliver();
    await database.db.update(outboundDeliveries).set({ status: "failed" }).where(eq(outboundDeliveries.endpointId, endpointId));
    const page = await render(LogPage({ searchParams: Promise.resolve({ merchant: coffee, request: requestId }) }));
    expect(page).toContain("database is down");
    expect(page).toContain("Failed");
    const [delivery] = await database.db.select().from(outboundDeliveries).where(eq(outboundDeliveries.endpointId, endpointId));
    receiver.behave({ kind: "status", status: 200 });
    expect(await actions.resendDeliveryAction(null, { merchantId: coffee, deliveryId: delivery!.id })).toMatchObject({ ok: true });
    expect(await actions.resendDeliveryAction(null, { merchantId: coffee, deliveryId: delivery!.id })).toMatchObject({
      ok: false,
      message: R.deliveryPending,
    });
    expect(await actions.resendDeliveryAction(null, { merchantId: gadgets, deliveryId: delivery!.id })).toMatchObject({
      ok: false,
      message: R.deliveryGone,
    });
    await deliver();
    const after = await render(LogPage({ searchParams: Promise.resolve({ merchant: coffee, request: requestId }) }));
    expect(after).toContain("Delivered");

    receiver.behave({ kind: "status", status: 503 });
    await paidPayIn();
    await deliver();
    await database.db.update(outboundDeliveries).set({ status: "failed" }).where(eq(outboundDeliveries.status, "pending"));
    const since = new Date(Date.now() - 3_600_000 + 7 * 3_600_000).toISOString().slice(0, 16);
    const resent = await actions.resendFailedAction(null, { merchantId: coffee, endpointId, since });
    expect(resent).toMatchObject({ ok: true, data: { count: 1 } });
    expect(await actions.resendFailedAction(null, { merchantId: coffee, endpointId, since: "yesterday" })).toMatchObject({
      ok: false,
      fieldErrors: { since: [R.sinceInvalid] },
    });
    // A filter that does not parse is named, not applied.
    const odd = await render(LogPage({ searchParams: Promise.resolve({ status: "lost", from: "31/12/2026" }) }));
    expect(odd).toContain("not a value the log can filter by");
  });

  it("an attempt cut off by a crash shows without an outcome, and the one after it as a repeat", async () => {
    const created = await add({ url: `${receiver.url}/crashed` });
    if (!created.ok) throw new Error(created.message);
    const requestId = await paidPayIn();
    const [delivery] = await database.db
      .select({ id: outboundDeliveries.id })
      .from(outboundDeliveries)
      .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
      .where(eq(outboundEvents.requestId, requestId));
    // What an instance killed between sending and recording leaves (lib/outbound-webhooks/crash.db.test.ts
    // shows a real kill -9 leaving it): the attempt begun, its lease lapsed, no outcome.
    await database.db.insert(outboundAttempts).values({ deliveryId: delivery!.id, at: new Date(Date.now() - 60_000), latencyMs: 0 });
    await database.db
      .update(outboundDeliveries)
      .set({ attempts: 1, leaseUntil: new Date(Date.now() - 30_000) })
      .where(eq(outboundDeliveries.id, delivery!.id));
    await deliver();
    const page = await render(LogPage({ searchParams: Promise.resolve({ merchant: coffee, request: requestId }) }));
    expect(page).toContain("Delivered");
    expect(page).toContain("1 attempt(s) without an outcome: the endpoint may have received this event more than once");
    expect(page).toContain("no outcome recorded: PayDesk stopped while sending; the endpoint may have received it");
    expect(page).toContain("a repeat: an earlier attempt may have arrived (same webhook-id)");
    expect(page).toMatch(/data-outcome="unknown"[^>]*>/);
    expect(page).toMatch(/data-outcome="recorded" data-repeat="true"/);
  });
});
