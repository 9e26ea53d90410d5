/**
 * The merchant API from a shop's side (spec profile; the live profile's run is in
 * live-profile.spec.ts): an admin makes an API key and allows the shop's origin in Settings →
 * Developers, the example shop (examples/shop.mjs, plain Node) creates a checkout and sends the
 * customer there, the sandbox pays it, the checkout leads back to the shop, and the shop marks the
 * order paid only after asking PayDesk's API; then the shop refunds part of it to the customer's
 * PromptPay and follows the refund through the API.
 */
import { freePort } from "../../lib/db/testing/postgres-server";
import { budget, E2E } from "../support/config";
import { COFFEE, GADGETS } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { makeApiKey, payAtShop, shopFigure, startShop } from "../support/shop";

test.beforeEach(({}) => {
  test.setTimeout(budget(120_000));
});

test("a shop takes a payment through the merchant API: checkout, paid, back at the shop, confirmed by API", async ({
  page,
  browser,
  sandbox,
}) => {
  const port = await freePort();
  const key = await makeApiKey(page, COFFEE, `http://127.0.0.1:${port}`);
  const shop = await startShop(E2E.baseUrl, key, port);
  // The customer, on a phone-sized page of their own (no staff session).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
  try {
    await payAtShop(await context.newPage(), shop, COFFEE, (providerId) => sandbox.control("POST", `/requests/${providerId}/pay`, {}));
  } finally {
    await context.close();
    shop.stop();
  }
  expect(key).toMatch(/^pdk_test_/);
});

test("the shop refunds part of a paid order: on its way, then refunded once paid out; more than is left is refused and nothing sent", async ({
  page,
  browser,
  sandbox,
}) => {
  const port = await freePort();
  // Another merchant than the first test's: each sets its merchant's allowed origins to its own shop's, and they run at once.
  const key = await makeApiKey(page, GADGETS, `http://127.0.0.1:${port}`, ["payouts:write"]);
  const shop = await startShop(E2E.baseUrl, key, port);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const order = await context.newPage();
    await payAtShop(order, shop, GADGETS, (providerId) => sandbox.control("POST", `/requests/${providerId}/pay`, {}));
    await order.getByRole("link", { name: "Your order" }).click();
    await expect(order.getByRole("heading")).toHaveText(/^Order ORDER-\d+: paid$/);
    const paid = await shopFigure(order, "Paid");
    expect(paid).toBeGreaterThanOrEqual(350_00);
    expect(await shopFigure(order, "Left to refund")).toBe(paid);

    await order.getByLabel("Amount").fill("100.00");
    await order.getByLabel("Customer's PromptPay number").fill("0812345678");
    await order.getByRole("button", { name: "Refund" }).click();
    await expect(order.getByRole("alert")).toHaveCount(0);
    const refund = order.getByRole("listitem");
    await expect(refund).toHaveCount(1);
    await expect(refund).toHaveText(/^Refund ORDER-\d+-R1: ฿100\.00, pending$/);
    expect(await shopFigure(order, "Refunds on their way")).toBe(100_00);
    expect(await shopFigure(order, "Left to refund")).toBe(paid - 100_00);

    // The provider pays the customer: PayDesk hears it (webhook), and the shop's next look says refunded.
    const [atProvider] = await sandbox.control<Array<{ id: string }>>("GET", `/requests?refId1=${await refund.getAttribute("data-ref")}`);
    await sandbox.control("POST", `/requests/${atProvider!.id}/payout`, {});
    await expect(async () => {
      await order.reload();
      expect(await shopFigure(order, "Refunded")).toBe(100_00);
    }).toPass({ timeout: budget(15_000) });
    await expect(refund).toHaveText(/^Refund ORDER-\d+-R1: ฿100\.00, paid$/);
    expect(await shopFigure(order, "Refunds on their way")).toBe(0);

    // One satang more than is left: PayDesk refuses it with what is left, and sends nothing.
    const left = paid - 100_00;
    await order.getByLabel("Amount").fill(((left + 1) / 100).toFixed(2));
    await order.getByLabel("Customer's PromptPay number").fill("0812345678");
    await order.getByRole("button", { name: "Refund" }).click();
    await expect(order.getByRole("alert")).toContainText(`amount: At most ฿${(left / 100).toFixed(2)} is left to refund on this Pay-In.`);
    await expect(refund).toHaveCount(1);
    expect(await shopFigure(order, "Left to refund")).toBe(left);
    const refundRef = (await refund.getAttribute("data-ref"))!;
    expect(await sandbox.control<unknown[]>("GET", `/requests?refId1=${refundRef.replace(/-R1$/, "-R2")}`)).toEqual([]);
  } finally {
    await context.close();
    shop.stop();
  }
});
