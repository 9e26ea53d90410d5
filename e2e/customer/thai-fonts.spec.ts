/**
 * Thai is drawn in PayDesk's own font on every kind of page, on a computer without a Thai font:
 * the browser runs with a fontconfig that hides every Thai system font
 * (e2e/support/thai-fonts.ts), and for each page the browser is asked which font drew each piece
 * of Thai (CSS.getPlatformFontsForNode). Staff pages in the `console` project — sign-in, the forced
 * first password change, the console, Security (2FA enrolment), E-mail, Password — as a person the
 * test invites, in Thai; customer pages in the `customer` project — checkout and the slip page, in
 * Thai and in English (where "ไทย" is the one Thai word).
 */
import { expect, test } from "../support/sandbox";
import { makeRequest } from "../support/checkout";
import { budget, CHROMIUM_ARGS, testBrowserPath } from "../support/config";
import { expectThaiInWebFont, fontconfigWithoutThai } from "../support/thai-fonts";

test.use({
  launchOptions: {
    executablePath: testBrowserPath(),
    args: CHROMIUM_ARGS,
    env: { ...(process.env as Record<string, string>), FONTCONFIG_FILE: fontconfigWithoutThai() },
  },
});

test.describe("customer pages", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` } });

  test("checkout and slip page draw their Thai in PayDesk's font, in Thai and in English", async ({ page, browser }) => {
    test.setTimeout(budget(120_000));
    const made = await makeRequest(browser, { amount: "123.00" });

    await page.goto(made.checkoutUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expectThaiInWebFont(page, ["ไทย"]);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectThaiInWebFont(page, ["ไทย"]);

    expect(made.slipUrl, "a Pay-In has a slip page").toBeTruthy();
    await page.goto(made.slipUrl!);
    // The checkout's switch to English is remembered (a cookie): back to Thai first.
    await page.getByRole("link", { name: "ไทย" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("อัปโหลดสลิปการโอน");
    await expectThaiInWebFont(page, ["อัปโหลดสลิปการโอน", "ยังไม่มีรูปสลิป", "ไทย"]);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectThaiInWebFont(page, ["ไทย"]);
  });
});

function rnd(): number {
  return Math.floor(Math.random() * 250) + 1;
}
