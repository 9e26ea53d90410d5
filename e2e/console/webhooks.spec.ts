import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../support/config";

test("the webhook log names filters it cannot read, and still shows the page", async ({ page }) => {
  const response = await page.goto("/webhooks?verdict=great&from=2026-02-31&event=PaymentIn.Success");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Provider webhooks" })).toBeVisible();
  const notice = page.getByTestId("filter-problems");
  await expect(notice).toContainText("could not be read");
  await expect(notice).toContainText("Verdict");
  await expect(notice).toContainText("From");
  await expect(notice).not.toContainText("Event");
  await expect(page.getByLabel("Event")).toHaveValue("PaymentIn.Success");
});

test("webhooks refused for their secret are counted and the last ones shown, never with the secret sent", async ({ page, request }) => {
  const guessed = `whsec_e2e_${Date.now().toString(36)}`;
  const answer = await request.post("/api/webhooks/payment", {
    headers: { "X-PayDesk-Webhook-Secret": guessed },
    data: { Id: "x", Parameters: [] },
  });
  expect(answer.status()).toBe(401);
  await page.goto("/webhooks");
  const panel = page.getByTestId("webhook-refusals");
  await expect(panel.getByRole("heading", { name: "Refused for their secret" })).toBeVisible();
  await expect(panel.getByTestId("refusals-last-hour")).not.toHaveText("0");
  // Other specs running beside this one send refused webhooks too (another merchant's secret), so
  // the newest row need not be this one: look for a row with this refusal's reason.
  const ours = panel.getByTestId("refusal-row").filter({ hasText: "a secret PayDesk did not issue" }).first();
  await expect(ours).toBeVisible();
  await expect(ours).toContainText("X-PayDesk-Webhook-Secret");
  await expect(page.locator("body")).not.toContainText(guessed);
});

/** The demo's webhook secret, from the sandbox PayDesk started with (null on a deployed PayDesk). */
function webhookCredentials(): { secret: string; header: string; merchantId: string; orgId: string } | null {
  const file = path.join(E2E.dataDir, "sandbox", "credentials.json");
  if (E2E.external || !fs.existsSync(file)) return null;
  const creds = JSON.parse(fs.readFileSync(file, "utf8")) as {
    webhookSecret: string | null;
    webhookHeader: string;
    merchants: { merchantId: string; orgId: string }[];
  };
  return creds.webhookSecret
    ? {
        secret: creds.webhookSecret,
        header: creds.webhookHeader,
        merchantId: creds.merchants[0]!.merchantId,
        orgId: creds.merchants[0]!.orgId,
      }
    : null;
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("a webhook body with a very long line stays in its own box: the page never scrolls sideways, on a phone or a desktop", async ({
  page,
  request,
}) => {
  const creds = webhookCredentials();
  test.skip(!creds, "needs the sandbox's webhook secret (a local run starts it)");
  // One unbroken 1,500-character value, as a token or an encoded image would be.
  const marker = `LONG${Date.now().toString(36)}`;
  const job = {
    Id: randomUUID(),
    Type: "Payment.Success",
    Parameters: [
      { Name: "EVENT_TYPE", Value: "PaymentIn.Success" },
      { Name: "PMR_ID", Value: randomUUID() },
      { Name: "PMR_REF_ID1", Value: marker },
      { Name: "MERCHANT_ID", Value: creds!.merchantId },
      { Name: "ORG_ID", Value: creds!.orgId },
      { Name: "TX_AMOUNT", Value: "10.00" },
      { Name: "NOTE", Value: `${marker}${"x".repeat(1_500)}` },
    ],
  };
  const answer = await request.post("/api/webhooks/payment", { headers: { [creds!.header]: creds!.secret }, data: job });
  expect(answer.status()).toBeLessThan(500);

  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/webhooks");
    const row = page.getByTestId("webhook-row").filter({ hasText: marker });
    await row.getByText("Show the body").click();
    const body = row.locator("pre");
    await expect(body).toBeVisible();
    await expect(body).toContainText(marker);
    expect(await scrollsSideways(page), `the page scrolls sideways at ${viewport.width} px`).toBe(false);
    // The long line wraps inside the box rather than hiding off to its right.
    expect(await body.evaluate((pre) => pre.scrollWidth <= pre.clientWidth), `the body's lines wrap at ${viewport.width} px`).toBe(true);
  }
});
