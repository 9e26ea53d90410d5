/**
 * The merchant API from a shop's side (spec profile; the live profile's run is in
 * live-profile.spec.ts): an admin makes an API key and allows the shop's origin in Settings →
 * Developers, the example shop (examples/shop.mjs, plain Node) creates a checkout and sends the
 * customer there, the sandbox pays it, the checkout leads back to the shop, and the shop marks the
 * order paid only after asking PayDesk's API.
 */
import { freePort } from "../lib/db/testing/postgres-server";
import { E2E } from "./support/config";
import { COFFEE } from "./support/create-forms";
import { expect, test } from "./support/sandbox";
import { makeApiKey, payAtShop, startShop } from "./support/shop";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "console", "an admin's settings, then the shop: the console project signs in as the demo admin");
  test.setTimeout(120_000);
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
