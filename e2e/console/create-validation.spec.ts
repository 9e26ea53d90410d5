/**
 * Every validation rule family of the create forms, with the message a person sees (the same
 * schema runs in the browser and the server action; lib/requests/forms.test.ts covers each rule).
 */
import { expectNoAxeViolations } from "../support/axe";
import { COFFEE, fillPayIn, landedOnRequest, openCreateForm, refId1Input, uniqueRefId1, typeRefId1 } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

const errorOf = (page: import("@playwright/test").Page, field: string) => page.getByTestId(`${field}-error`);

test("an empty Pay-In says what each required field needs, and sends nothing", async ({ page }) => {
  await openCreateForm(page, "payin", COFFEE);
  await refId1Input(page).fill("");
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await expect(errorOf(page, "refId1")).toHaveText("Enter a RefId1 (your reference for this request).");
  await expect(errorOf(page, "payerName")).toHaveText("Enter the payer's name.");
  await expect(errorOf(page, "amount")).toHaveText("Enter the amount in baht, such as 1,250.50.");
  await expect(refId1Input(page)).toBeFocused();
  await expect(page).toHaveURL(/\/new\/payin$/);
});

test("the amount: digits, at most 2 decimals, more than 0, within the merchant's range shown beside it", async ({ page }) => {
  await openCreateForm(page, "payin", COFFEE);
  await expect(page.getByTestId("amount-range")).toHaveText("Allowed for this merchant: ฿20.00 – ฿50,000.00");
  const amount = page.getByLabel("Amount");
  // Messages appear at the first send, then follow what is typed.
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  for (const [value, message] of [
    ["12,50", "Write the amount in baht with digits, such as 1250 or 1,250.50."],
    ["100.005", "An amount has at most 2 decimals (satang)."],
    ["0", "The amount must be more than 0."],
    ["-20", "The amount must be more than 0."],
    ["19.99", "The minimum for this merchant is ฿20.00."],
    ["50,000.01", "The maximum for this merchant is ฿50,000.00."],
  ]) {
    await amount.fill(value!);
    await expect(errorOf(page, "amount"), `amount ${value}`).toHaveText(message!);
    await expect(amount).toHaveAttribute("aria-invalid", "true");
  }
  await amount.fill("50,000.00");
  await expect(errorOf(page, "amount")).toHaveCount(0);
});

test("RefId1: at most 25 English letters, digits, - and _", async ({ page }) => {
  await openCreateForm(page, "payin", COFFEE);
  const input = refId1Input(page);
  await input.fill("A".repeat(26));
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await expect(errorOf(page, "refId1")).toHaveText("RefId1 is at most 25 characters (the provider's limit).");
  await input.fill("ORDER-ไทย");
  await expect(errorOf(page, "refId1")).toHaveText("RefId1 may use only English letters, digits, - and _.");
  await page.getByRole("button", { name: "New RefId1" }).click();
  await expect(input).toHaveValue(/^PD\d{6}-[0-9A-Z]{8}$/);
  await expect(errorOf(page, "refId1")).toHaveCount(0);
});

test("RefId1 already used by this merchant is flagged while typing, and the form will not send it", async ({ page }) => {
  const refId1 = uniqueRefId1("E2E-DUP");
  await openCreateForm(page, "payin", COFFEE);
  await typeRefId1(page, refId1);
  await fillPayIn(page, { amount: "30" });
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await landedOnRequest(page);

  await openCreateForm(page, "payin", COFFEE);
  await refId1Input(page).fill(refId1);
  const taken = "This merchant already has a request with this RefId1. Use a new one (“New RefId1” makes one).";
  await expect(errorOf(page, "refId1")).toHaveText(taken);
  await fillPayIn(page, { amount: "30" });
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await expect(errorOf(page, "refId1")).toHaveText(taken);
  await expect(page).toHaveURL(/\/new\/payin$/);
});

test("customer contact: an e-mail address and a Thai phone number, or nothing; lengths are limited", async ({ page }) => {
  await openCreateForm(page, "payin", COFFEE);
  await page.getByLabel("Customer e-mail (optional)").fill("somchai@");
  await page.getByLabel("Customer phone (optional)").fill("12345");
  await page.getByLabel("Description (optional)").fill("x".repeat(501));
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  await expect(errorOf(page, "customerEmail")).toHaveText("Enter an e-mail address such as name@example.com, or leave it empty.");
  await expect(errorOf(page, "customerPhone")).toHaveText(
    "Enter a Thai phone number such as 0812345678 or +66812345678, or leave it empty.",
  );
  await expect(errorOf(page, "description")).toHaveText("At most 500 characters.");
  // Values stay as typed.
  await expect(page.getByLabel("Customer e-mail (optional)")).toHaveValue("somchai@");
});

test("a Pay-Out destination: a bank from the list, 10–15 digits, a name; a PromptPay id; a saved destination", async ({ page }) => {
  await openCreateForm(page, "payout", COFFEE);
  await page.getByLabel("Amount").fill("100");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(errorOf(page, "bankCode")).toHaveText("Choose a bank from the list.");
  await expect(errorOf(page, "accountNo")).toHaveText("A bank account number is 10 to 15 digits.");
  await expect(errorOf(page, "accountName")).toHaveText("Enter the account holder's name.");
  await page.getByLabel("Account number").fill("12345");
  await expect(errorOf(page, "accountNo")).toHaveText("A bank account number is 10 to 15 digits.");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByLabel("PromptPay", { exact: true }).check();
  await page.getByLabel("PromptPay id", { exact: true }).fill("1812345678");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(errorOf(page, "promptPayId")).toHaveText("A PromptPay id is a 10-digit phone number (0…) or a 13-digit citizen or tax id.");

  await page.getByLabel("Saved destination", { exact: true }).check();
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(errorOf(page, "savedAccountId")).toHaveText("Choose a saved destination.");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test.describe("in Thai", () => {
  test.use({ locale: "th-TH" });

  test("labels and messages follow the browser's language", async ({ page }) => {
    await page.goto("/new/payin");
    const picker = page.getByTestId("merchant-picker");
    if (await picker.isVisible()) await picker.getByRole("button", { name: COFFEE }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("รับเงิน (Pay-In)");
    await page.getByLabel("จำนวนเงิน").fill("1.234");
    await page.getByRole("button", { name: "สร้างรายการรับเงิน" }).click();
    await expect(errorOf(page, "amount")).toHaveText("จำนวนเงินมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง (สตางค์)");
    await expect(errorOf(page, "payerName")).toHaveText("กรอกชื่อผู้จ่าย");
  });
});

test("the create pages have no accessibility violations (axe)", async ({ page }) => {
  await page.goto("/new");
  const picker = page.getByTestId("merchant-picker");
  // These pages' own content; the shared header is checked by its own specs.
  await expectNoAxeViolations(page, { within: "main" });
  await picker.getByRole("button", { name: COFFEE }).click();
  await expect(page.getByTestId("operations")).toBeVisible();
  await expectNoAxeViolations(page, { within: "main" });
  for (const operation of ["payin", "payout"] as const) {
    await openCreateForm(page, operation, COFFEE);
    await page.getByRole("button", { name: operation === "payin" ? "Create Pay-In" : "Review Pay-Out" }).click();
    await expect(errorOf(page, "amount")).toBeVisible();
    await expectNoAxeViolations(page, { within: "main", what: operation });
  }
  await page.getByLabel("Amount").fill("10");
  await page.getByLabel("PromptPay", { exact: true }).check();
  await page.getByLabel("PromptPay id", { exact: true }).fill("0812345678");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, { within: "main", what: "confirmation" });
});
