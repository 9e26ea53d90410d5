/**
 * The merchant API from a shop's side: an admin's key and return origin made in Settings →
 * Developers, and the example shop (examples/shop.mjs) started against a PayDesk.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { budget } from "./config";

/**
 * Allows `origin` for the merchant's checkouts and makes a key (the form's default scopes, plus
 * `moreScopes` ticked); answers the key, shown once.
 */
export async function makeApiKey(page: Page, merchant: string, origin: string, moreScopes: string[] = []): Promise<string> {
  await page.goto("/settings/developers");
  await page.getByTestId("developer-merchants").getByRole("link", { name: merchant }).click();
  await page.getByLabel("Allowed origins").fill(origin);
  await page.getByRole("button", { name: "Save origins" }).click();
  await expect(page.getByTestId("return-origins-form").getByText("Saved.")).toBeVisible();
  await page.getByLabel("Name").fill(`E2E shop ${Date.now()}`);
  for (const scope of moreScopes) await page.getByRole("checkbox", { name: scope }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const key = (await shown.locator("code").textContent())!.trim();
  expect(key).toMatch(/^pdk_test_/);
  // Shown once: gone after a reload.
  await page.reload();
  expect(await page.content()).not.toContain(key);
  return key;
}

export interface Shop {
  url: string;
  stop(): void;
}

export async function startShop(paydeskUrl: string, key: string, port: number): Promise<Shop> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(process.cwd(), "examples", "shop.mjs")], {
    env: { ...process.env, PAYDESK_URL: paydeskUrl, PAYDESK_KEY: key, SHOP_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the example shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("the example shop did not start");
}

/** The customer's way through: the shop's Pay, PayDesk's checkout, paid by `pay`, back at the shop, which says paid. */
export async function payAtShop(customer: Page, shop: Shop, merchant: string, pay: (providerId: string) => Promise<void>): Promise<void> {
  await customer.goto(shop.url);
  await customer.getByRole("button", { name: "Pay" }).click();
  await expect(customer).toHaveURL(/\/checkout\//);
  const live = customer.getByTestId("checkout-live");
  await expect(live).toHaveAttribute("data-stream", "open");
  await expect(customer.getByTestId("cancel-to-shop")).toHaveAttribute("href", new RegExp(`^${shop.url}/\\?paydesk_id=req_`));
  await pay((await live.getAttribute("data-session-id"))!);
  await expect(live).toHaveAttribute("data-state", "paid", { timeout: budget(15_000) });
  // Settled on PayDesk's own word, not only the hub's: then the way back is the receipt's.
  await expect(customer.locator("[data-templates]")).toHaveCount(0, { timeout: budget(20_000) });
  const back = customer.getByTestId("back-to-shop");
  await expect(back).toHaveText(`Back to ${merchant}`);
  await back.click();
  await expect(customer).toHaveURL(new RegExp(`^${shop.url}/return\\?paydesk_id=req_`));
  await expect(customer.getByRole("heading")).toHaveText(/^Thank you: order ORDER-\d+ is paid\.$/);
}

/** A figure on the shop's order page ("Paid", "Left to refund" …), in satang. */
export async function shopFigure(page: Page, name: string): Promise<number> {
  const text = await page
    .locator("dt", { hasText: new RegExp(`^${name}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  const match = /^฿(\d+)\.(\d\d)$/.exec(text ?? "");
  if (!match) throw new Error(`the shop's ${name} is ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
