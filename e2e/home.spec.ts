import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("names PayDesk and says whether the provider is reachable", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "PayDesk" })).toBeVisible();
    await expect(page.getByTestId("provider-status")).toHaveText("Reachable");
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
