/**
 * The slip upload route for a request that is over, against a real sandbox: a form left open while
 * the request was paid or expired gets a clear answer, and nothing reaches the provider.
 */
import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type MerchantApi, type PaymentApi } from "@/lib/provider/client";
import { createRequest } from "@/lib/requests/create";
import { reconcileRequest } from "@/lib/requests/reconcile";
import type { SlipLink } from "@/lib/slips/link";
import { payInRequest } from "@/lib/requests/contract";

// The handler's surroundings outside Next: the database and the provider client it is wired to.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, api: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/provider", () => ({ paymentApi: async () => surroundings.api }));

const { POST } = await import("./route");

describe("POST …/upload for a request that is over", () => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let provider: PaymentApi;
  let coffee: MerchantApi;
  let merchantRowId: string;
  let photo: Uint8Array;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    sb = await startTestSandbox("spec");
    provider = createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, limiter: null });
    coffee = provider.forMerchant({ ...sb.coffee, label: "Coffee" });
    surroundings.db = database.db as Db;
    surroundings.api = provider;
    merchantRowId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    photo = new Uint8Array(
      await sharp({ create: { width: 40, height: 60, channels: 3, background: { r: 240, g: 240, b: 240 } } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  /** A Pay-In the provider then `settle`s ("pay" or "expire"), and PayDesk has learnt so. */
  async function settled(settle: "pay" | "expire"): Promise<{ link: SlipLink; providerId: string }> {
    const created = await createRequest(
      database.db,
      coffee,
      { kind: "payin", payIn: payInRequest({ refId1: ref("E"), payerName: "สมชาย", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    const providerId = created.request.providerId!;
    await sb.control("POST", `/requests/${providerId}/${settle}`, {});
    const learnt = await reconcileRequest(database.db, coffee, created.request, { providerMerchantId: sb.coffee.merchantId });
    expect(learnt.state).toBe(settle === "pay" ? "paid" : "expired");
    const [, , orgId, paymentRequestId, token] = (created.request.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
    return { link: { orgId: orgId!, paymentRequestId: paymentRequestId!, token: token! }, providerId };
  }

  const post = (link: SlipLink) => {
    const form = new FormData();
    form.append("image", new Blob([photo as BlobPart], { type: "image/jpeg" }), "slip.jpg");
    for (const field of ["first4", "last4", "note"]) form.append(field, "");
    form.append("duplicatesSeen", "0");
    return POST(
      new Request(`http://paydesk.test/payin-slip-upload/${link.orgId}/${link.paymentRequestId}/${link.token}/upload`, {
        method: "POST",
        body: form,
      }),
      { params: Promise.resolve({ ...link }) },
    );
  };
  const forwarded = (providerId: string) => sb.ctx.store.all("slips").filter((s) => s.requestId === providerId);

  it("answers 409 already_paid for a paid request and forwards nothing", async () => {
    const { link, providerId } = await settled("pay");
    const response = await post(link);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ problem: "already_paid" });
    expect(forwarded(providerId)).toHaveLength(0);
  });

  it("answers 409 request_ended for an expired request and forwards nothing", async () => {
    const { link, providerId } = await settled("expire");
    const response = await post(link);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ problem: "request_ended" });
    expect(forwarded(providerId)).toHaveLength(0);
  });
});
