/**
 * Money-out ceilings a person meets in the console: a Pay-Out over the merchant's ceiling is refused
 * beside the amount, in words, before the confirmation (nothing sent); a bulk file just over its
 * 1 MB limit is refused in words on the upload page (not "Something went wrong").
 */
import { atSandbox, COFFEE, openCreateForm, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

test("a Pay-Out over the merchant's ceiling is refused beside the amount, and nothing is sent", async ({ page, sandbox }) => {
  await openCreateForm(page, "payout", COFFEE);
  await expect(page.getByTestId("payout-ceiling")).toHaveText("A single one is at most ฿2,000,000.00 for this merchant.");
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("99,999,999,999.00");
  await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
  await page.getByLabel("Account number").fill("123-4-56789-0");
  await page.getByLabel("Account name").fill("Somchai Jaidee");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(page.getByText(/A single Pay-Out or Withdrawal of this merchant is at most ฿2,000,000\.00\./)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await atSandbox(sandbox, refId1)).toEqual([]);
  // Within the ceiling the same form goes on to the confirmation.
  await page.getByLabel("Amount").fill("2,000,000.00");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(page.getByRole("dialog", { name: "Check before sending: Pay-Out" })).toBeVisible();
});

test("a bulk file just over 1 MB is refused in words on the upload page, the merchant still chosen", async ({ page }) => {
  await page.goto("/payouts/bulk");
  await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
  const line = "1.00,0812345678\r\n";
  const body = "amount,promptpay_id\r\n" + line.repeat(Math.ceil(1_100_000 / line.length));
  await page.getByLabel("CSV or Excel file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(body, "utf8") });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByTestId("bulk-file-error")).toHaveText("The file is too large: at most 1000 KB.");
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page).toHaveURL(/\/payouts\/bulk$/);
  expect(await page.getByLabel("Merchant paying out").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
    COFFEE,
  );
});
