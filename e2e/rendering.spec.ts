/**
 * What the console draws on any device: status icons as SVG (Unicode symbols such as ⏸ and ⌛ are
 * empty boxes in common Linux and Android fonts), and a Thai font PayDesk serves itself. The customer's
 * checkout only falls back to that font, never preloads it.
 */
import { expect, test } from "./support/sandbox";
import { makeRequest } from "./support/checkout";

const GLYPHS = /[⏸↗?…✓✕⌛–]/;
const servedFont = (url: string, base: string) => url.startsWith(base) && new URL(url).pathname.endsWith(".woff2");

test("a request's status badge draws its icon in SVG, with no symbol character", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== "console", "staff pages: the console project signs in");
  const made = await makeRequest(browser, { amount: "120.00" });
  await page.goto(`/requests/${made.id}`);
  const badge = page.getByTestId("status-badge").first();
  await expect(badge).toBeVisible();
  await expect(badge.locator("svg")).toHaveCount(1);
  expect(await badge.textContent()).not.toMatch(GLYPHS);
});

test("the console loads its Thai font from PayDesk", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "console", "staff pages: the console project signs in");
  const font = page.waitForResponse((r) => servedFont(r.url(), baseURL!) && r.ok(), { timeout: 20_000 });
  await page.goto("/requests");
  // Thai is on every page (the language switcher names it in Thai): the Thai face is drawn.
  await font;
});

test("the checkout does not preload the font: phones with a Thai system font never download it", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== "customer", "the customer's pages run on the phone project");
  test.setTimeout(60_000);
  const made = await makeRequest(browser, { amount: "130.00" });
  await page.goto(made.checkoutUrl);
  await expect(page.getByTestId("amount")).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  // The fallback face is declared with the device's own Thai fonts first, for Thai characters only.
  const face = await page.evaluate(() => {
    for (const sheet of Array.from(document.styleSheets))
      for (const rule of Array.from(sheet.cssRules))
        if (rule instanceof CSSFontFaceRule && rule.cssText.includes(".woff2")) return rule.cssText;
    return null;
  });
  expect(face).toMatch(/src: local\(/);
  expect(face).toMatch(/unicode-range: U\+0?E01-0?E5B/i);
});
