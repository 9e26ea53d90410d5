/**
 * What the console draws on any device: status icons as SVG (Unicode symbols such as ⏸ and ⌛ are
 * empty boxes in common Linux and Android fonts), and a Thai font PayDesk serves itself. The customer's
 * checkout only falls back to that font, never preloads it.
 */
import { expect, test } from "../support/sandbox";
import { makeRequest } from "../support/checkout";
import { budget } from "../support/config";

const GLYPHS = /[⏸↗?…✓✕⌛–]/;
const servedFont = (url: string, base: string) => url.startsWith(base) && new URL(url).pathname.endsWith(".woff2");

test("a request's status badge draws its icon in SVG, with no symbol character", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "120.00" });
  await page.goto(`/requests/${made.id}`);
  const badge = page.getByTestId("status-badge").first();
  await expect(badge).toBeVisible();
  await expect(badge.locator("svg")).toHaveCount(1);
  expect(await badge.textContent()).not.toMatch(GLYPHS);
});

test("the console loads its Thai font from PayDesk", async ({ page, baseURL }) => {
  const font = page.waitForResponse((r) => servedFont(r.url(), baseURL!) && r.ok(), { timeout: budget(20_000) });
  await page.goto("/requests");
  // Thai is on every page (the language switcher names it in Thai): the Thai face is drawn.
  await font;
});
