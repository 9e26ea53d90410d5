import { expect, test } from "@playwright/test";
import { E2E } from "./support/config";

/** The console project browses in English (signed in); the customer project is a Thai phone (signed out). */
const isThai = (projectName: string) => projectName === "customer";

test.describe("home page", () => {
  test("names PayDesk and says whether the provider is reachable, in the browser's language", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "PayDesk" })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveText(isThai(testInfo.project.name) ? "เชื่อมต่อได้" : "Reachable");
  });

  test("runs with the project's locale and time zone", async ({ page }, testInfo) => {
    await page.goto("/");
    const { language, timeZone } = await page.evaluate(() => ({
      language: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }));
    if (testInfo.project.name === "customer") {
      expect(language).toBe("th-TH");
      expect(timeZone).toBe("Asia/Bangkok");
    } else {
      expect(language).not.toBe("th-TH");
    }
  });
});

test.describe("home page in Thai", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!isThai(testInfo.project.name), "the customer project is the Thai browser");
  });

  test("speaks Thai to a Thai browser, and English once English is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByText("สร้างและติดตามคำขอชำระเงิน ทั้งรับชำระ (Pay-In), P2P, โอนจ่าย (Pay-Out) และถอนเงิน (Withdrawal)")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "ผู้ให้บริการชำระเงิน" })).toBeVisible();
    await expect(page.getByTestId("provider-kind")).toHaveText(/^sandbox ของ PayDesk \(โปรไฟล์ \w+\)$/);
    await expect(page.getByRole("link", { name: "เข้าสู่ระบบ" })).toHaveAttribute("href", "/login");

    // Signed out, the choice is kept in this browser's cookie only.
    await page.getByRole("group", { name: "ภาษา" }).getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Payment provider" })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveText("Reachable");
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("group", { name: "Language" }).getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("home page, signed in", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "console", "the console project is signed in");
  });

  test("follows the language cookie over the browser's, and offers the console", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Open the console" })).toHaveAttribute("href", "/requests");
    await expect(page.getByText(/^Signed in as /)).toBeVisible();
    // The cookie, not the switcher: the switcher would save Thai on the demo admin's account, which other tests use in English.
    await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByRole("link", { name: "เปิดคอนโซล" })).toHaveAttribute("href", "/requests");
    await expect(page.getByText(/^เข้าสู่ระบบในชื่อ /)).toBeVisible();
  });
});
