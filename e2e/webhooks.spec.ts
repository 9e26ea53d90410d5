import { expect, test } from "@playwright/test";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "console", "a staff page: the console project signs in");
});

test("the webhook log names filters it cannot read, and still shows the page", async ({ page }) => {
  const response = await page.goto("/webhooks?verdict=great&from=2026-02-31&event=PaymentIn.Success");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  const notice = page.getByTestId("filter-problems");
  await expect(notice).toContainText("could not be read");
  await expect(notice).toContainText("Verdict");
  await expect(notice).toContainText("From");
  await expect(notice).not.toContainText("Event");
  await expect(page.getByLabel("Event")).toHaveValue("PaymentIn.Success");
});
