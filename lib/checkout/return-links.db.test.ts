/**
 * A checkout made through the merchant API sends the customer back to the shop: "Back to <shop>"
 * once the payment has ended (also in the templates the page's script swaps in when it ends in
 * front of the customer), a cancel link while it is open — each with PayDesk's id, and only under
 * an origin the merchant still allows. Rendered as the page is, from the stored request.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { CheckoutPage } from "../../components/checkout/checkout-page";
import { merchants, paymentRequests } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type MerchantApi } from "../provider/client";
import { applyToRequest } from "../requests/apply";
import { payInRequest } from "../requests/contract";
import { createRequest } from "../requests/create";
import { checkoutTokenFor } from "./token";
import { loadCheckout } from "./view";
import { scaled } from "@/lib/testing/vitest-project";

const secret = "r".repeat(44);

describe("return and cancel links on the checkout", () => {
  let database: TestDatabase;
  let sb: TestSandbox;
  let api: MerchantApi;
  let merchantRowId: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    sb = await startTestSandbox("spec");
    merchantRowId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Siam Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    await database.db
      .update(merchants)
      .set({ allowedReturnOrigins: ["https://shop.example.com"] })
      .where(eq(merchants.id, merchantRowId));
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null }).forMerchant({
      ...sb.coffee,
      label: "Siam Coffee",
    });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const newCheckout = async (urls: { returnUrl?: string; cancelUrl?: string }) => {
    const result = await createRequest(
      database.db,
      api,
      { kind: "payin", payIn: payInRequest({ refId1: ref("RL"), payerName: "สมหญิง", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null, columns: urls },
    );
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  const page = async (row: { id: string; expireAt: Date | null; createdAt: Date }, locale: "th" | "en" = "th") => {
    const found = await loadCheckout(database.db, checkoutTokenFor(row, { secret }), "https://pay.example.co.th", { secret });
    return renderToStaticMarkup(CheckoutPage({ token: "t", locale, found, serverNow: Date.now(), hubBase: null }));
  };
  const hrefOf = (html: string, testId: string) =>
    new RegExp(`<a href="([^"]+)"[^>]*data-testid="${testId}"`).exec(html)?.[1]?.replaceAll("&amp;", "&");

  it("while open: a cancel link with PayDesk's id, and the back link ready in the outcome templates", async () => {
    const row = await newCheckout({ returnUrl: "https://shop.example.com/orders/7?x=1", cancelUrl: "https://shop.example.com/cart" });
    const html = await page(row);
    expect(hrefOf(html, "cancel-to-shop")).toBe(`https://shop.example.com/cart?paydesk_id=${row.id}`);
    expect(html).toContain("ยกเลิกและกลับไปที่ Siam Coffee");
    // Each outcome template carries the way back, so the script shows it when the payment ends in front of the customer.
    const templates = html.slice(html.indexOf("data-templates"));
    expect(templates.match(/data-testid="back-to-shop"/g)?.length).toBe(4);
    expect(hrefOf(templates, "back-to-shop")).toBe(`https://shop.example.com/orders/7?x=1&paydesk_id=${row.id}`);
  });

  it("once paid: the receipt leads back to the shop, and nothing leads to the cancel URL", async () => {
    const row = await newCheckout({ returnUrl: "https://shop.example.com/orders/8", cancelUrl: "https://shop.example.com/cart" });
    await applyToRequest(
      database.db,
      row.id,
      { type: "provider_status", status: "Paid", statusCode: null, reason: null },
      { actor: "webhook" },
    );
    const html = await page(row, "en");
    expect(hrefOf(html, "back-to-shop")).toBe(`https://shop.example.com/orders/8?paydesk_id=${row.id}`);
    expect(html).toContain("Back to Siam Coffee");
    expect(html).not.toContain("cancel-to-shop");
  });

  it("links nowhere an admin no longer allows, and nowhere for a checkout made without URLs", async () => {
    const row = await newCheckout({ returnUrl: "https://shop.example.com/orders/9", cancelUrl: "https://shop.example.com/cart" });
    const plain = await newCheckout({});
    await database.db
      .update(merchants)
      .set({ allowedReturnOrigins: ["https://new-shop.example.com"] })
      .where(eq(merchants.id, merchantRowId));
    for (const html of [await page(row), await page(plain)]) {
      expect(html).not.toContain("back-to-shop");
      expect(html).not.toContain("cancel-to-shop");
    }
    const [stored] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(stored!.returnUrl).toBe("https://shop.example.com/orders/9");
  });
});
