/**
 * Creating Pay-In and Pay-In P2P requests in the console against the sandbox: the happy paths and
 * the provider's refusals shown in words with their code.
 */
import {
  atSandbox,
  COFFEE,
  fillPayIn,
  GADGETS,
  landedOnRequest,
  openCreateForm,
  refId1Input,
  uniqueRefId1,
  typeRefId1,
} from "../support/create-forms";
import { expect, test } from "../support/sandbox";

test.describe("creating a Pay-In", () => {
  test("shows the operations, the merchant's range and THB, and lands on the new request sent to the provider", async ({
    page,
    sandbox,
  }) => {
    await page.goto("/new");
    const picker = page.getByTestId("merchant-picker");
    await picker.getByRole("button", { name: COFFEE }).click();
    const operations = page.getByTestId("operations");
    await expect(operations.locator("a > span:first-child")).toHaveText(["Pay-In", "Pay-In P2P", "Pay-Out", "Withdrawal"]);
    await operations.getByRole("link", { name: /^Pay-In Ask/ }).click();

    await expect(page.getByTestId("create-merchant")).toContainText(COFFEE);
    await expect(page.getByTestId("amount-range")).toHaveText("Allowed for this merchant: ฿20.00 – ฿50,000.00");
    await expect(page.getByLabel("Currency")).toHaveText("THB");
    const refId1 = await refId1Input(page).inputValue();
    expect(refId1).toMatch(/^PD\d{6}-[0-9A-Z]{8}$/);

    await fillPayIn(page, { amount: "1,250.50" });
    await page.getByLabel("Customer e-mail (optional)").fill("somchai@example.com");
    await page.getByLabel("Customer phone (optional)").fill("081-234-5678");
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await landedOnRequest(page);

    const [created, ...others] = await atSandbox(sandbox, refId1);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      status: "Pending",
      requestedAmount: 1250.5,
      customerEmail: "somchai@example.com",
      customerPhone: "0812345678",
    });
  });
});

test.describe("creating a Pay-In P2P", () => {
  test("matches a pending pay-out and lands on the new request", async ({ page, sandbox }) => {
    // Something to pay into: a pending pay-out at the provider (any merchant, last 24 h).
    const merchant = sandbox.merchants[1]!;
    await sandbox.provider("SubmitPayOutRequest", merchant, {
      RefId1: uniqueRefId1("E2E-P2PO"),
      RequestedAmount: 500,
      QrProvider: "PP",
      BankCode: "KBANK",
      BankAccountNo: "0123456789",
      BankAccountName: "Somsri Rakdee",
      PromptPayId: "0812345678",
    });

    await openCreateForm(page, "p2p", COFFEE);
    await expect(page.getByLabel("Customer e-mail (optional)")).toHaveCount(0);
    const refId1 = uniqueRefId1("E2E-P2P");
    await typeRefId1(page, refId1);
    await fillPayIn(page, { amount: "25.00" });
    await page.getByRole("button", { name: "Create P2P Pay-In" }).click();
    await landedOnRequest(page);
    expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending", requestedAmount: 25 }]);
  });

  test("a provider refusal stays on the form with the code in words, the values kept and a new RefId1", async ({ page, sandbox }) => {
    // No pending pay-out is anywhere near 190,000.00 (Chiang Mai Gadgets takes up to 200,000.00).
    await openCreateForm(page, "p2p", GADGETS);
    const refId1 = await refId1Input(page).inputValue();
    await fillPayIn(page, { payerName: "Somsri Rakdee", amount: "190,000.00" });
    await page.getByRole("button", { name: "Create P2P Pay-In" }).click();

    const rejection = page.getByTestId("provider-rejection");
    await expect(rejection).toContainText(
      "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later. (ERROR_NO_P2P_ACCOUNT_MATCH)",
    );
    await expect(page).toHaveURL(/\/new\/p2p$/);
    await expect(page.getByLabel("Payer's name")).toHaveValue("Somsri Rakdee");
    await expect(page.getByLabel("Amount")).toHaveValue("190,000.00");
    await expect(refId1Input(page)).not.toHaveValue(refId1);
    await expect(refId1Input(page)).toHaveValue(/^PD\d{6}-/);
    expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Rejected", statusCode: "ERROR_NO_P2P_ACCOUNT_MATCH" }]);
  });

  test("a Pay-In the provider has no account for (SCB QR at Chiang Mai Gadgets) is refused in words", async ({ page }) => {
    await openCreateForm(page, "payin", GADGETS);
    await fillPayIn(page, { amount: "150" });
    await page.getByLabel("SCB bill payment").check();
    await page.getByRole("button", { name: "Create Pay-In" }).click();
    await expect(page.getByTestId("provider-rejection")).toContainText("(ERROR_NO_PAYIN_ACCOUNT_MATCH)");
  });
});
