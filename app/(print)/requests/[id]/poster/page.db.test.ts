import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { promptPayPayload } from "@/sandbox/promptpay";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Db } from "@/lib/db/client";
import { merchants, paymentRequests } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

/** The QR poster opens only a Pay-In in the viewer's scope, and prints a QR only while it can be paid. */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, locale: "en" as "en" | "th" }));
vi.mock("@/lib/auth/current-session", () => ({
  requirePermission: async (): Promise<StaffSession> => ({
    userId: "usr_v",
    email: "v@x",
    name: "V",
    role: "viewer",
    merchantIds: ["mer_mine"],
    locale: null,
  }),
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/i18n/server", () => ({ getLocale: async () => surroundings.locale }));
// Only env() is the test's own; the rest of the module (the log's settings) stays real.
vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  env: () => ({ PUBLIC_BASE_URL: "https://paydesk.example" }),
}));
vi.mock("@/lib/secrets", () => ({ authSecret: () => "a-test-secret-that-is-long-enough-0123456789" }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  notFound: () => {
    throw new Error("NOT_FOUND");
  },
}));

const PosterPage = (await import("./page")).default;
const render = async (id: string) => renderToStaticMarkup(await PosterPage({ params: Promise.resolve({ id }) }));
const payload = promptPayPayload({
  promptPayId: "0812345678",
  amountSatang: 41_537,
  bankCode: "KBANK",
  accountNo: "1234567890",
  refId1: "POSTER-1",
});

describe("the QR poster page", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    const merchant = (id: string, displayName: string) => ({
      id,
      displayName,
      orgId: "org",
      merchantId: id,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await database.db.insert(merchants).values([merchant("mer_mine", "Siam Coffee Roasters"), merchant("mer_other", "Somebody Else")]);
    const request = (id: string, merchantId: string, extra: Partial<typeof paymentRequests.$inferInsert> = {}) => ({
      id,
      merchantId,
      kind: "payin" as const,
      refId1: id,
      requestedAmount: "415.00",
      generatedAmount: "415.37",
      status: "pending",
      input: {},
      idempotencyKey: id,
      providerId: randomUUID(),
      providerResponse: { qrCode: payload, isQrAvailable: true },
      expireAt: new Date(Date.now() + 15 * 60_000),
      ...extra,
    });
    await database.db
      .insert(paymentRequests)
      .values([
        request("req_open", "mer_mine"),
        request("req_paid", "mer_mine", { status: "paid", paidAmount: "415.37" }),
        request("req_theirs", "mer_other"),
        request("req_payout", "mer_mine", { kind: "payout", generatedAmount: null, providerResponse: null }),
      ]);
  });
  afterAll(async () => database?.dispose());

  it("prints the merchant, the amount to pay and the checkout's QR payload, with the instruction in Thai and English", async () => {
    const html = await render("req_open");
    expect(html).toContain("Siam Coffee Roasters");
    expect(html).toContain("฿415.37");
    expect(html).toContain(`data-qr-value="${payload}"`);
    expect(html).toContain("สแกน QR ด้วยแอปธนาคาร แล้วชำระ ฿415.37 พอดี");
    expect(html).toContain("Scan the QR with your banking app and pay exactly ฿415.37.");
  });

  it("says in the viewer's language that a settled request has no QR to print, and prints none", async () => {
    const html = await render("req_paid");
    expect(html).toContain("There is no QR to print");
    expect(html).not.toContain("data-qr-value");
    surroundings.locale = "th";
    try {
      expect(await render("req_paid")).toContain("ไม่มี QR ให้พิมพ์");
    } finally {
      surroundings.locale = "en";
    }
  });

  it("is not found for another merchant's request, a pay-out or a made-up id", async () => {
    for (const id of ["req_theirs", "req_payout", "req_nothing"]) await expect(render(id), id).rejects.toThrow("NOT_FOUND");
  });
});
