/**
 * What a page shows between a click and the next page, when it fails unexpectedly, and at an
 * address PayDesk has no page for: in English and Thai, with axe. The failures come from the pages
 * that fail on purpose in demo mode (lib/demo-failure.ts), so this needs PayDesk on its sandbox.
 */
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "@playwright/test";
import { skipWithoutRole } from "../support/auth-users";
import { E2E } from "../support/config";

const LANGUAGES = [
  {
    locale: "en",
    browser: "en-GB",
    loading: "Loading the page…",
    error: "Something went wrong",
    reference: "Error reference",
    retry: "Try again",
    notFound: "Page not found",
  },
  {
    locale: "th",
    browser: "th-TH",
    loading: "กำลังโหลดหน้า…",
    error: "เกิดข้อผิดพลาด",
    reference: "รหัสอ้างอิงข้อผิดพลาด",
    retry: "ลองอีกครั้ง",
    notFound: "ไม่พบหน้านี้",
  },
] as const;

test.beforeEach(({}) => {
  skipWithoutRole(test, "default");
});

for (const language of LANGUAGES) {
  test.describe(`in ${language.locale}`, () => {
    test.use({ locale: language.browser });
    test.beforeEach(async ({ context }) => {
      // The language switcher's cookie, which the pages follow when the account has no saved choice.
      await context.addCookies([{ name: "paydesk_locale", value: language.locale, url: E2E.baseUrl }]);
    });

    test("a slow console page says it is loading until it arrives", async ({ page }) => {
      await page.goto("/requests");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("page-loading")).toHaveCount(0);
      // Hold the next page's data (Next's RSC request, prefetch included) until the loading state was checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/webhooks",
        async (route) => {
          if (route.request().headers()["rsc"]) await held;
          await route.continue();
        },
      );
      await page.locator('nav a[href="/webhooks"]').first().click();
      await expect(page.getByTestId("page-loading")).toHaveText(language.loading);
      await expect(page.getByRole("status").filter({ hasText: language.loading })).toBeVisible();
      // It covers none of the header's controls (it once sat over the merchant select).
      const pill = (await page.getByTestId("page-loading").boundingBox())!;
      for (const control of await page.locator("header select, header button, header a").all()) {
        const box = await control.boundingBox();
        if (!box) continue;
        const overlaps =
          pill.x < box.x + box.width && box.x < pill.x + pill.width && pill.y < box.y + box.height && box.y < pill.y + pill.height;
        expect(overlaps, `the loading pill covers ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
      }
      expect(new URL(page.url()).pathname).toBe("/requests");
      await expectNoAxeViolations(page);
      release();
      await page.waitForURL((url) => url.pathname === "/webhooks");
      await expect(page.getByTestId("page-loading")).toHaveCount(0);
    });

    test("an unexpected failure of a console page keeps the console, says so, and gives the server's reference", async ({ page }) => {
      test.skip(!E2E.sandboxUrl, "the failing pages exist only in demo mode (PayDesk on its sandbox)");
      const response = await page.goto("/demo/console-failure");
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1, name: language.error })).toBeVisible();
      await expect(page.getByTestId("error-reference")).toContainText(new RegExp(`${language.reference} \\S+`));
      await expect(page.getByRole("button", { name: language.retry })).toBeVisible();
      await expect(page.getByRole("navigation").locator('a[href="/requests"]').first()).toBeVisible();
      await expect(page.getByTestId("database-unreachable")).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test("an unexpected failure outside the console says so, with the reference and a way to try again", async ({ page }) => {
      test.skip(!E2E.sandboxUrl, "the failing pages exist only in demo mode (PayDesk on its sandbox)");
      const response = await page.goto("/demo/page-failure");
      expect(response?.status()).toBe(500);
      await expect(page.getByTestId("page-error").getByRole("heading", { level: 1, name: language.error })).toBeVisible();
      await expect(page.getByTestId("error-reference")).toContainText(new RegExp(`${language.reference} \\S+`));
      await expect(page.getByRole("button", { name: language.retry })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("an address without a page says so, with a way back", async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: language.notFound })).toBeVisible();
      await expect(page.getByTestId("page-not-found").getByRole("link")).toHaveAttribute("href", "/");
      await expectNoAxeViolations(page);
    });
  });
}
