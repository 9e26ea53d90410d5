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

test("webhooks refused for their secret are counted and the last ones shown, never with the secret sent", async ({ page, request }) => {
  const guessed = `whsec_e2e_${Date.now().toString(36)}`;
  const answer = await request.post("/api/webhooks/payment", { headers: { "X-PayDesk-Webhook-Secret": guessed }, data: { Id: "x", Parameters: [] } });
  expect(answer.status()).toBe(401);
  await page.goto("/webhooks");
  const panel = page.getByTestId("webhook-refusals");
  await expect(panel.getByRole("heading", { name: "Refused for their secret" })).toBeVisible();
  await expect(panel.getByTestId("refusals-last-hour")).not.toHaveText("0");
  await expect(panel.getByTestId("refusal-row").first()).toContainText("a secret PayDesk did not issue");
  await expect(panel.getByTestId("refusal-row").first()).toContainText("X-PayDesk-Webhook-Secret");
  await expect(page.locator("body")).not.toContainText(guessed);
});
