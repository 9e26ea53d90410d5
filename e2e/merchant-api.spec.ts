/**
 * The merchant API from a shop's side: an admin makes an API key and allows the shop's origin in
 * Settings → Developers, the example shop (examples/shop.mjs, plain Node) creates a checkout and
 * sends the customer there, the sandbox pays it, the checkout leads back to the shop, and the shop
 * marks the order paid only after asking PayDesk's API.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../lib/db/testing/postgres-server";
import { E2E } from "./support/config";
import { COFFEE } from "./support/create-forms";
import { expect, test } from "./support/sandbox";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "console", "an admin's settings, then the shop: the console project signs in as the demo admin");
  test.setTimeout(120_000);
});

let shop: ChildProcess | null = null;
test.afterAll(() => {
  shop?.kill();
});

async function startShop(key: string, port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, [path.join(process.cwd(), "examples", "shop.mjs")], {
    env: { ...process.env, PAYDESK_URL: E2E.baseUrl, PAYDESK_KEY: key, SHOP_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the example shop did not start");
}

test("a shop takes a payment through the merchant API: checkout, paid, back at the shop, confirmed by API", async ({ page, browser, sandbox }) => {
  const port = E2E.ownPortsFrom ?? (await freePort());

  // The admin: the shop's origin, then a key (shown once).
  await page.goto("/settings/developers");
  await page.getByTestId("developer-merchants").getByRole("link", { name: COFFEE }).click();
  await page.getByLabel("Allowed origins").fill(`http://127.0.0.1:${port}`);
  await page.getByRole("button", { name: "Save origins" }).click();
  await expect(page.getByTestId("return-origins-form").getByText("Saved.")).toBeVisible();
  await page.getByLabel("Name").fill(`E2E shop ${Date.now()}`);
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const key = (await shown.locator("code").textContent())!.trim();
  expect(key).toMatch(/^pdk_test_/);
  await page.reload();
  expect(await page.content()).not.toContain(key);

  const shopUrl = await startShop(key, port);

  // The customer, on a phone-sized page of their own (no staff session).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
  const customer = await context.newPage();
  try {
    await customer.goto(shopUrl);
    await customer.getByRole("button", { name: "Pay" }).click();
    await expect(customer).toHaveURL(/\/checkout\//);
    const live = customer.getByTestId("checkout-live");
    await expect(live).toHaveAttribute("data-stream", "open");
    await expect(customer.getByTestId("cancel-to-shop")).toHaveAttribute("href", new RegExp(`^${shopUrl}/\\?paydesk_id=req_`));
    const providerId = await live.getAttribute("data-session-id");
    await sandbox.control("POST", `/requests/${providerId}/pay`, {});
    await expect(live).toHaveAttribute("data-state", "paid", { timeout: 10_000 });
    // Settled on PayDesk's own word, not only the hub's: then the way back is the receipt's.
    await expect(customer.locator("[data-templates]")).toHaveCount(0, { timeout: 15_000 });
    const back = customer.getByTestId("back-to-shop");
    await expect(back).toHaveText(`Back to ${COFFEE}`);
    await back.click();
    await expect(customer).toHaveURL(new RegExp(`^${shopUrl}/return\\?paydesk_id=req_`));
    await expect(customer.getByRole("heading")).toHaveText(/^Thank you: order ORDER-\d+ is paid\.$/);
  } finally {
    await context.close();
  }
});
