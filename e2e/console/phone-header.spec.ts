/**
 * The console's header on a 390×844 phone, in English and Thai: the page starts within the first
 * fifth of the screen (it once took a third), the account's controls fold behind one button that
 * opens them, and axe finds nothing. The language comes from the cookie, not the switcher (which
 * would save it on the shared demo admin).
 */
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "@playwright/test";
import { E2E } from "../support/config";

for (const { locale, account, signOut, heading } of [
  { locale: "en", account: "Account", signOut: "Sign out", heading: "Requests" },
  { locale: "th", account: "บัญชีของฉัน", signOut: "ออกจากระบบ", heading: "รายการคำขอ" },
]) {
  test(`on a 390×844 phone in ${locale === "en" ? "English" : "Thai"} the header leaves the screen to the page, and the account opens from one button`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: "paydesk_locale", value: locale, url: E2E.baseUrl }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/requests");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    const header = (await page.locator("body > div > header, header").first().boundingBox())!;
    expect(header.height, "the header's height on a 844 px tall screen").toBeLessThanOrEqual(844 / 5);

    const button = page.getByRole("button", { name: account });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: signOut })).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: signOut })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
