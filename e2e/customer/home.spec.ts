import { expect, test } from "@playwright/test";
import { E2E } from "../support/config";

test.describe("home page, signed out", () => {
  test("is the sign-in page: the provider's address and status are for staff only", async ({ page }) => {
    const response = await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("button", { name: "เข้าสู่ระบบ", exact: true })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveCount(0);
    if (E2E.sandboxUrl) expect(await response!.text()).not.toContain(E2E.sandboxUrl);
  });

  test("runs with the project's locale and time zone", async ({ page }) => {
    await page.goto("/login");
    const { language, timeZone } = await page.evaluate(() => ({
      language: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }));
    expect(language).toBe("th-TH");
    expect(timeZone).toBe("Asia/Bangkok");
  });
});
