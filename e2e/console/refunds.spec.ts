/**
 * Refunding a paid Pay-In from its page: a Pay-Out to the customer that names the Pay-In, the
 * amount starting at what is left, and never more than the customer paid (lib/refunds).
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { atSandbox, COFFEE, landedOnRequest, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

test.beforeEach(({}) => {
  test.setTimeout(budget(90_000));
});

/** A control calls the provider through PayDesk's shared rate limit, which the reconciliation worker also draws on. */
const PROVIDER_CALL = { timeout: budget(25_000) };

/** A Pay-In made through the merchant API (the refund, not the Pay-In, is what these tests are about), paid in the sandbox from its page. */
async function paidPayIn(page: Page, amount = "150.00"): Promise<{ id: string; refId1: string }> {
  skipWithoutApiKey(test);
  const { id, refId1 } = await createViaApi({ operation: "payin", amount, payerName: "สมชาย ใจดี" });
  await page.goto(`/requests/${id}`);
  const panel = page.getByTestId("sandbox-controls");
  await panel.locator("summary").click();
  await panel.getByRole("button", { name: "Sandbox: Customer pays (mark paid)" }).click();
  await expect(page.getByTestId("sandbox-result")).toHaveText("Done. The request is now: Paid.", PROVIDER_CALL);
  return { id, refId1 };
}

const baht = (text: string | null) => Math.round(Number((text ?? "").replace(/[฿,]/g, "")) * 100);

test("a paid Pay-In is refunded in part from its page, and more than is left is refused beside the amount", async ({ page, sandbox }) => {
  const payIn = await paidPayIn(page, "1500.00");
  const refunds = page.getByTestId("refunds-panel");
  await expect(refunds.getByText("No refunds yet.")).toBeVisible();
  const paid = baht(await refunds.getByTestId("refund-paid").locator("dd").textContent());
  expect(paid).toBeGreaterThanOrEqual(15_000);
  await expect(refunds.getByTestId("refund-left").locator("dd")).toHaveText(
    await refunds.getByTestId("refund-paid").locator("dd").innerText(),
  );

  await refunds.getByRole("link", { name: "Refund the customer" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${payIn.id}/refund$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Refund Pay-In ${payIn.refId1}`);
  // The amount starts at what is left: everything the customer paid.
  expect(baht(await page.getByLabel("Amount").inputValue())).toBe(paid);
  // Written as people write it, with the thousands separator (฿1,500.xx → "1,500.xx").
  await expect(page.getByLabel("Amount")).toHaveValue(/^1,5\d\d\.\d\d$/);
  // The Pay-In's RefId1 goes along as RefId2, so the provider's records pair them too.
  await expect(page.getByLabel("RefId2 (optional)")).toHaveValue(payIn.refId1);
  await expectNoAxeViolations(page);
  const refundRefId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("100");
  await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
  await page.getByLabel("Account number").fill("123-4-56789-0");
  await page.getByLabel("Account name").fill("สมชาย ใจดี");
  await page.getByRole("button", { name: "Review refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Check before sending: Refund" });
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("฿100.00");
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  await expect(page.getByTestId("refund-of")).toHaveText(`Refund of Pay-In ${payIn.refId1}`);
  expect(await atSandbox(sandbox, refundRefId1)).toMatchObject([
    { status: "Pending", requestedAmount: 100, direction: "PayOut", refId2: payIn.refId1 },
  ]);

  // The Pay-Out list marks the refund; searching by the Pay-In's RefId1 (its RefId2) finds it.
  await page.goto(`/requests?merchant=all&tab=payout&q=${payIn.refId1}`);
  const refundRow = page.getByTestId("request-row").filter({ hasText: refundRefId1 });
  await expect(refundRow.getByTestId("refund-tag")).toHaveText("Refund");
  await page.goBack();

  // Back on the Pay-In: the refund, and what is left.
  await page.getByTestId("refund-of").getByRole("link").click();
  await expect(refunds.getByTestId("refund-refunded").locator("dd")).toHaveText("฿100.00");
  expect(baht(await refunds.getByTestId("refund-left").locator("dd").textContent())).toBe(paid - 10_000);
  await expect(refunds.getByTestId("refunds-table").getByRole("link", { name: refundRefId1 })).toBeVisible();
  await expect(page.locator('[data-testid="timeline-entry"][data-type="refund_requested"]')).toContainText(`Refund made · Demo Admin`);
  await expect(page.locator('[data-testid="timeline-entry"][data-type="refund_requested"]')).toContainText(`Refund ${refundRefId1}.`);
  await expectNoAxeViolations(page);

  // More than is left: refused beside the amount, with what is left; nothing reaches the provider.
  await refunds.getByRole("link", { name: "Refund the customer" }).click();
  expect(baht(await page.getByLabel("Amount").inputValue())).toBe(paid - 10_000);
  const secondRefId1 = await refId1Input(page).inputValue();
  // One baht more than is left.
  await page.getByLabel("Amount").fill(((paid - 10_000 + 100) / 100).toFixed(2));
  await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
  await page.getByLabel("Account number").fill("1234567890");
  await page.getByLabel("Account name").fill("สมชาย ใจดี");
  await page.getByRole("button", { name: "Review refund" }).click();
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  const left = `฿${((paid - 10_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByText(`At most ${left} is left to refund on this Pay-In.`)).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  expect(await atSandbox(sandbox, secondRefId1)).toEqual([]);
});

test("a request that is not a paid Pay-In offers no refund", async ({ page }) => {
  skipWithoutApiKey(test);
  const { id } = await createViaApi({ operation: "payin", amount: "120.00", payerName: "สมชาย ใจดี" });
  await page.goto(`/requests/${id}`);
  await expect(page.getByTestId("refunds-panel")).toHaveCount(0);
  await page.goto(`/requests/${id}/refund`);
  await expect(page.getByTestId("not-refundable")).toHaveText(
    "This request cannot be refunded: only a paid Pay-In can, up to what is left of what was paid.",
  );
  await expect(page.getByRole("button", { name: "Review refund" })).toHaveCount(0);
});

test("many refunds from a bulk file: a line over what is left is refused when checked; a good file refunds the Pay-In", async ({
  page,
}) => {
  const payIn = await paidPayIn(page);
  const paid = baht(await page.getByTestId("refunds-panel").getByTestId("refund-paid").locator("dd").textContent());
  const run = `RF${Date.now().toString(36).toUpperCase()}`;
  // A recipient of this run only: paying an earlier run's the same amount again would need an acknowledgement first.
  const promptPay = `08${String(Date.now()).slice(-8)}`;
  const file = (lines: string[]) => ({
    name: "refunds.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["ref_id1,amount,promptpay_id,refund_of", ...lines].join("\r\n"), "utf8"),
  });
  const upload = async (lines: string[]) => {
    await page.goto("/payouts/bulk");
    await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
    await page.getByLabel("CSV or Excel file").setInputFiles(file(lines));
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.waitForURL(/\/payouts\/bulk\/pb_[0-9a-f]+$/);
  };

  // Two lines for the same Pay-In: the second asks for more than the first leaves.
  await upload([`${run}-1,50,${promptPay},${payIn.refId1}`, `${run}-2,${(paid / 100).toFixed(2)},${promptPay},${payIn.id}`]);
  const lines = page.getByTestId("bulk-line");
  await expect(lines.nth(0).getByTestId("bulk-refund-of")).toHaveText(`Refund of ${payIn.refId1}`);
  await expect(lines.nth(1)).toContainText(`At most ฿${((paid - 5_000) / 100).toFixed(2)} is left to refund on this Pay-In.`);
  await expect(page.getByTestId("bulk-confirm")).toHaveCount(0);

  await upload([`${run}-3,50,${promptPay},${payIn.refId1}`]);
  await page.getByTestId("bulk-confirm").click();
  await expect(page.getByTestId("bulk-status")).toHaveText(/^(Done|Creating Pay-Outs) · 1 of 1 made$/, { timeout: budget(20_000) });
  await page.goto(`/requests/${payIn.id}`);
  await expect(page.getByTestId("refunds-panel").getByTestId("refund-refunded").locator("dd")).toHaveText("฿50.00");
  await expect(page.getByTestId("refunds-table").getByRole("link", { name: `${run}-3` })).toBeVisible();
});

test.describe("as an operator (no Pay-Outs)", () => {
  test.use({ storageState: storageStatePath("operator") });
  test.beforeEach(() => skipWithoutRole(test, "operator", "default"));

  test("sees a paid Pay-In's refunds but is offered no refund, and the refund page is forbidden", async ({ page, browser }) => {
    // The demo admin makes and pays the Pay-In in a browser of their own.
    const admin = await browser.newContext({ storageState: storageStatePath("default") });
    const { id } = await paidPayIn(await admin.newPage());
    await admin.close();
    await page.goto(`/requests/${id}`);
    await expect(page.getByTestId("refunds-panel")).toBeVisible();
    await expect(page.getByTestId("refund-link")).toHaveCount(0);
    await page.goto(`/requests/${id}/refund`);
    await expect(page.getByTestId("forbidden")).toBeVisible();
    await expect(page.getByRole("button", { name: "Review refund" })).toHaveCount(0);
  });
});
