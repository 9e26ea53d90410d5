/**
 * A console list that follows the live stream (components/live/live-updates.tsx) must not miss a
 * change made after the server rendered it but before its stream listened: on a busy machine or a
 * slow network that gap is seconds, and a webhook landing in it was announced to nobody, so the
 * list stayed as rendered until something else changed. Here the stream is held back on purpose
 * while a Pay-In is paid; once it opens, the list must catch up by itself.
 */
import type { Page, Route } from "@playwright/test";
import { makeRequest } from "../support/checkout";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

/** Holds the page's /api/events stream back until `release` is called. */
async function holdStream(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events", async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a webhook that lands before the list's stream listens still shows once it does, without a reload", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "182.00" });
  const release = await holdStream(page);
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Provider webhooks" })).toBeVisible();
  const row = page.getByTestId("webhook-row").filter({ hasText: made.refId1 });
  await expect(row).toHaveCount(0);
  await page.evaluate(() => ((window as Window & { __notReloaded?: boolean }).__notReloaded = true));

  // Paid at the provider; its webhook reaches PayDesk and is applied while the stream is held.
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  const other = await page.context().newPage();
  try {
    await other.goto("/webhooks");
    await expect(other.getByTestId("webhook-row").filter({ hasText: made.refId1 })).not.toHaveCount(0, { timeout: budget(15_000) });
  } finally {
    await other.close();
  }

  release();
  await expect(row).not.toHaveCount(0, { timeout: budget(10_000) });
  expect(await page.evaluate(() => (window as Window & { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});
