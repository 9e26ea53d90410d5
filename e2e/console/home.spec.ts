import { expect, test } from "@playwright/test";
import { E2E } from "../support/config";

test.describe("home page, signed in", () => {
  test("names PayDesk, says whether the provider is reachable, and offers the console", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "PayDesk" })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveText("Reachable");
    await expect(page.getByRole("link", { name: "Open the console" })).toHaveAttribute("href", "/overview");
    await expect(page.getByText(/^Signed in as /)).toBeVisible();
    const language = await page.evaluate(() => navigator.language);
    expect(language).not.toBe("th-TH");
  });

  test("follows the language cookie over the browser's", async ({ page, context }) => {
    // The cookie, not the switcher: the switcher would save Thai on the demo admin's account, which other tests use in English.
    await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(
      page.getByText("สร้างและติดตามคำขอชำระเงิน ทั้งรับชำระ (Pay-In), P2P, โอนจ่าย (Pay-Out) และถอนเงิน (Withdrawal) ผ่าน Payment Request Service"),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "ผู้ให้บริการชำระเงิน" })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveText("เชื่อมต่อได้");
    if (E2E.sandboxUrl) await expect(page.getByTestId("provider-kind")).toHaveText(/^sandbox ของ PayDesk \(โปรไฟล์ \w+\)$/);
    await expect(page.getByRole("link", { name: "เปิดคอนโซล" })).toHaveAttribute("href", "/overview");
    await expect(page.getByText(/^เข้าสู่ระบบในชื่อ /)).toBeVisible();
  });
});
