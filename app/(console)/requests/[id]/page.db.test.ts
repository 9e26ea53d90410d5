import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

/** The request page says loudly when its merchant has no read key: nothing about the request can be confirmed. */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({
  requirePermission: async (): Promise<StaffSession> => ({
    userId: "usr_v",
    email: "v@x",
    name: "V",
    role: "viewer",
    merchantIds: null,
    locale: null,
  }),
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://paydesk.example", isSandbox: false }),
}));
vi.mock("@/lib/provider", () => ({ merchantApi: async () => undefined }));
vi.mock("@/components/live/live-updates", () => ({ LiveUpdates: () => null }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: vi.fn() }),
}));

const RequestPage = (await import("./page")).default;
const render = async (id: string) => renderToStaticMarkup(await RequestPage({ params: Promise.resolve({ id }) }));

describe("the request page and its merchant's read key", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const merchant = (id: string, extra: Partial<typeof merchants.$inferInsert> = {}) => ({
      id,
      displayName: id,
      orgId: "org",
      merchantId: id,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
      ...extra,
    });
    await database.db
      .insert(merchants)
      .values([
        merchant("mer_blind"),
        merchant("mer_seeing", { readKeyEncrypted: "v1:y", readKeyLast4: "efgh" }),
        merchant("mer_applying", { applyUnconfirmedWebhooks: true }),
      ]);
    const request = (id: string, merchantId: string) => ({
      id,
      merchantId,
      kind: "payout" as const,
      refId1: id,
      requestedAmount: "10.00",
      status: "pending",
      input: {},
      idempotencyKey: id,
      providerId: randomUUID(),
    });
    await database.db
      .insert(paymentRequests)
      .values([request("req_blind", "mer_blind"), request("req_seeing", "mer_seeing"), request("req_applying", "mer_applying")]);
  });
  afterAll(async () => database?.dispose());

  it("warns on each request of a merchant without a read key, in both languages", async () => {
    expect(await render("req_blind")).toContain("PayDesk cannot confirm this request&#x27;s outcome with the provider");
    expect(await render("req_applying")).toContain("an admin chose to apply its webhooks WITHOUT confirmation");
    expect(await render("req_seeing")).not.toContain("no-read-key-notice");
    surroundings.locale = "th";
    try {
      expect(await render("req_blind")).toContain("PayDesk ยืนยันผลของคำขอนี้กับผู้ให้บริการไม่ได้");
    } finally {
      surroundings.locale = "en";
    }
  });
});
