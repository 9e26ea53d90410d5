/**
 * A request's page: every field, the provider's answer, the timeline with who did
 * what, the customer's links with copy buttons and QR codes, the countdown, "checking with the
 * provider" for a lost answer, and — in sandbox mode — buttons that make the provider act.
 * The first test makes its request through the create form (it reads "Created · Demo Admin" on the
 * timeline); the others, which are about the page and not about who made the request, through the
 * merchant API (e2e/support/api.ts), which is faster.
 */
import { lastCopied, recordClipboard } from "../support/clipboard";
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { budget, E2E } from "../support/config";
import { COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

test.beforeEach(({}) => {
  // Each test creates through the form, then waits on the provider (see PROVIDER_CALL).
  test.setTimeout(budget(60_000));
});

async function createPayIn(page: Page, amount = "325.00"): Promise<{ id: string; refId1: string }> {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Payer's name").fill("สมชาย ใจดี");
  await page.getByLabel("Amount").fill(amount);
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  return { id: await landedOnRequest(page), refId1 };
}

/** A Pay-In made through the merchant API, its page open. */
async function openPayInMadeByApi(page: Page, amount: string): Promise<{ id: string; refId1: string }> {
  skipWithoutApiKey(test);
  const { id, refId1 } = await createViaApi({ operation: "payin", amount, payerName: "สมชาย ใจดี" });
  await page.goto(`/requests/${id}`);
  return { id, refId1 };
}

const timeline = (page: Page) => page.getByTestId("timeline-entry");
/** The sandbox's buttons are folded at the bottom of the page: opened first. */
async function openSandbox(page: Page) {
  const panel = page.getByTestId("sandbox-controls");
  await panel.locator("summary").click();
  await expect(panel).toHaveAttribute("open");
  return panel;
}
/** A control or a re-check calls the provider through PayDesk's shared rate limit (20 per 10 s), which the reconciliation worker also draws on. */
const PROVIDER_CALL = { timeout: budget(25_000) };

test("a pending Pay-In: fields, links to copy, both QR codes, bank details, countdown and timeline", async ({ page, context, sandbox }) => {
  await recordClipboard(context);
  const { id, refId1 } = await createPayIn(page);

  await expect(page.getByRole("heading", { level: 1 })).toContainText(refId1);
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Pending/);
  const fields = page.getByTestId("request-fields");
  await expect(fields).toContainText(id);
  await expect(fields).toContainText("สมชาย ใจดี");
  await expect(fields).toContainText("฿325.00");
  await expect(fields).toContainText(/Amount the customer pays\s*฿325\.\d\d/);

  // The checkout link: signed, on PayDesk's own address, copied exactly, with a QR of itself.
  const link = page.getByTestId("checkout-link");
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^${E2E.baseUrl}/checkout/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
  await page.getByRole("button", { name: "Copy: Checkout link" }).click();
  await expect(page.getByText("Copied").first()).toBeVisible();
  expect(await lastCopied(page)).toBe(href);
  await expect(page.getByTestId("checkout-link-qr")).toHaveAttribute("data-qr-value", href);
  await expect(page.getByRole("link", { name: "Open" })).toHaveAttribute("href", href);

  // The slip link: PayDesk's address + the provider's slipUploadUrl.
  const stored = await sandbox.control<{ slipUploadUrl: string }>(
    "GET",
    `/requests/${(await fields.getByText(/^[0-9a-f-]{36}$/).textContent())!}`,
  );
  await expect(page.getByTestId("slip-link")).toHaveText(`${E2E.baseUrl}${stored.slipUploadUrl}`);
  await page.getByRole("button", { name: "Copy: Slip upload link" }).click();
  expect(await lastCopied(page)).toBe(`${E2E.baseUrl}${stored.slipUploadUrl}`);

  // The payment QR as the customer sees it, the account to pay into, the time left.
  await expect(page.getByRole("img", { name: /^PromptPay QR for ฿325\.\d\d$/ })).toBeVisible();
  await expect(page.getByTestId("bank-details")).toContainText("Account number");
  await expect(page.getByTestId("expiry-countdown")).toHaveText(/^Time left to pay: 1\d:\d\d$/);

  // The timeline: who and what, newest first.
  await expect(timeline(page)).toHaveCount(2);
  await expect(timeline(page).nth(1)).toContainText("Created · Demo Admin");
  await expect(timeline(page).nth(0)).toContainText("Provider accepted it · provider");
  await expect(timeline(page).nth(0)).toContainText("Status changed from Submitting to Pending.");
});

test("the sandbox's 'mark paid' makes the provider act, and the page shows the outcome", async ({ page }) => {
  await openPayInMadeByApi(page, "150.00");
  const panel = await openSandbox(page);
  await expect(panel.getByRole("heading")).toHaveText("Sandbox controls");
  await panel.getByRole("button", { name: "Sandbox: Customer pays (mark paid)" }).click();
  await expect(page.getByTestId("sandbox-result")).toHaveText("Done. The request is now: Paid.", PROVIDER_CALL);
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Paid/);
  // Paid: the receipt instead of the QR and the link to send.
  await expect(page.getByTestId("receipt-panel")).toBeVisible();
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  await expect(page.getByTestId("expiry-countdown")).toHaveCount(0);
  await expect(timeline(page).filter({ hasText: "Sandbox control · Demo Admin" })).toContainText("Sandbox: Customer pays (mark paid).");
  await expect(timeline(page).filter({ hasText: "Provider status · reconciliation" })).toContainText(
    "Status changed from Pending to Paid.",
  );
  await expect(panel.getByRole("button")).toHaveCount(0);
  // Learnt by reconciliation, so the provider's fee is computed from the rate its record gave (the
  // demo merchant's 1.5 %) and said to be; the wallet is credited with the rest.
  const fields = page.getByTestId("request-fields");
  const paid = /Paid so far\s*฿([\d,]+\.\d\d)/.exec((await fields.textContent()) ?? "")?.[1];
  const paidSatang = Math.round(Number(paid!.replaceAll(",", "")) * 100);
  const fee = Math.floor((paidSatang * 150 + 5_000) / 10_000);
  const baht = (satang: number) => `฿${(satang / 100).toFixed(2)}`;
  await expect(page.getByTestId("request-fee")).toHaveText(baht(fee));
  await expect(fields).toContainText("computed from the provider's 1.5 % rate, as the provider computes it");
  await expect(page.getByTestId("request-net")).toHaveText(baht(paidSatang - fee));
  await expect(fields).toContainText("Credited to the wallet");
});

test("a Pay-Out is paid out in part, then in full, through the sandbox; a bad amount is refused beside the field", async ({ page }) => {
  await openCreateForm(page, "payout", COFFEE);
  await page.getByLabel("Amount").fill("1,000");
  await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
  await page.getByLabel("Account number").fill("1234567890");
  await page.getByLabel("Account name").fill("Somchai Jaidee");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  await expect(page.getByTestId("request-fields")).toContainText("Kasikornbank 1234567890 · Somchai Jaidee");

  const panel = await openSandbox(page);
  await panel.getByLabel("Amount (THB)").fill("12.345");
  await panel.getByRole("button", { name: "Sandbox: Partial pay-out" }).click();
  await expect(page.getByText("An amount in baht has at most 2 decimals (satang).")).toBeVisible();
  await expect(panel.getByLabel("Amount (THB)")).toHaveValue("12.345");

  await panel.getByLabel("Amount (THB)").fill("400");
  await panel.getByRole("button", { name: "Sandbox: Partial pay-out" }).click();
  await expect(page.getByTestId("sandbox-result")).toHaveText("Done. The request is now: Pending.", PROVIDER_CALL);
  await expect(page.getByTestId("request-fields")).toContainText(/Paid so far\s*฿400\.00/);
  await panel.getByRole("button", { name: "Sandbox: Pay out in full" }).click();
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Paid/, PROVIDER_CALL);
  await expect(page.getByTestId("request-fields")).toContainText(/Paid so far\s*฿1,000\.00/);
  // Paid in two transfers: the fee on the whole (0.5 %) on top of what was paid out.
  await expect(page.getByTestId("request-fee")).toHaveText("฿5.00", PROVIDER_CALL);
  await expect(page.getByTestId("request-net")).toHaveText("฿1,005.00");
  await expect(page.getByTestId("request-fields")).toContainText("Debited from the wallet");
});

test("a lost answer shows 'checking with the provider', and 'Re-check now' settles it @deployed", async ({ page, sandbox }) => {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  // The provider creates the request, then its answer is lost (an empty 500).
  await sandbox.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "http500", when: "after", match: { refId1 } });
  await page.getByLabel("Payer's name").fill("สมชาย ใจดี");
  await page.getByLabel("Amount").fill("88.00");
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await landedOnRequest(page);
  await expect(page.getByTestId("unknown-notice")).toContainText("Checking with the provider");
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Checking with the provider/);
  await page.getByRole("button", { name: "Re-check now" }).click();
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Pending/, PROVIDER_CALL);
  await expect(page.getByTestId("unknown-notice")).toHaveCount(0);
  await expect(timeline(page).filter({ hasText: "Re-checked on request · Demo Admin" })).toBeVisible();
});

test("another merchant's or a made-up request id is simply not found", async ({ page }) => {
  const response = await page.goto("/requests/req_00000000000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("request-not-found")).toContainText("Request not found");
});

test("the page has no axe violations", async ({ page }) => {
  await openPayInMadeByApi(page, "99.00");
  await expectNoAxeViolations(page);
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStatePath("viewer") });
  test.beforeEach(() => skipWithoutRole(test, "viewer", "default"));

  test("sees the request and may re-check it, but gets no sandbox buttons", async ({ page }) => {
    // Viewers cannot create; the merchant's key makes the request.
    skipWithoutApiKey(test);
    const { id } = await createViaApi({ operation: "payin", amount: "77.00" });
    await page.goto(`/requests/${id}`);
    await expect(page.getByTestId("signed-in-as")).toContainText("Viewer");
    await expect(page.getByTestId("status-badge").first()).toHaveText(/Pending/);
    await expect(page.getByRole("button", { name: "Re-check now" })).toBeVisible();
    await expect(page.getByTestId("checkout-link")).toBeVisible();
    // The sandbox's panel, like the QR, is drawn once the page has loaded and is idle: the QR drawn, it would be there.
    await expect(page.getByTestId("payment-qr").locator("svg")).toBeVisible();
    await expect(page.getByTestId("sandbox-controls")).toHaveCount(0);
  });
});
