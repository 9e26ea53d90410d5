/**
 * The customer's checkout only falls back to PayDesk's Thai font, never preloads it (the console
 * loads it: e2e/console/rendering.spec.ts).
 */
import { expect, test } from "../support/sandbox";
import { makeRequest } from "../support/checkout";
import { budget } from "../support/config";

test("the checkout does not preload the font: phones with a Thai system font never download it", async ({ page, browser }) => {
  test.setTimeout(budget(60_000));
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
