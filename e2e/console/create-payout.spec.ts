/**
 * Money out in the console: Pay-Out and Withdrawal against the sandbox, each through the
 * confirmation step that shows the amount and the destination in full.
 */
import { expectNoAxeViolations } from "../support/axe";
import { atSandbox, COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

test("a Pay-Out to a bank account: confirmed in full, then sent", async ({ page, sandbox }) => {
  await openCreateForm(page, "payout", COFFEE);
  await expect(page.getByTestId("approval-threshold")).toHaveText("Above ฿50,000.00, a second person must approve it before it is sent.");
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("1,500");
  await page.getByLabel("Bank", { exact: true }).selectOption("KBANK");
  await page.getByLabel("Account number").fill("123-4-56789-0");
  await page.getByLabel("Account name").fill("Somchai Jaidee");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();

  const dialog = page.getByRole("dialog", { name: "Check before sending: Pay-Out" });
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("฿1,500.00");
  await expect(dialog.getByTestId("confirm-destination")).toHaveText(
    "Kasikornbank · ธนาคารกสิกรไทย (KBANK)Account 1234567890Somchai Jaidee",
  );
  await expect(dialog.getByTestId("confirm-held")).toHaveCount(0);
  // Going back keeps everything; nothing was sent.
  await dialog.getByRole("button", { name: "Back to edit" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Account number")).toHaveValue("123-4-56789-0");
  expect(await atSandbox(sandbox, refId1)).toEqual([]);

  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toMatchObject([
    {
      status: "Pending",
      requestedAmount: 1500,
      direction: "PayOut",
      bankCode: "KBANK",
      bankAccountNo: "1234567890",
      bankAccountName: "Somchai Jaidee",
    },
  ]);
});

test("a Withdrawal to a destination registered at the sandbox", async ({ page, sandbox }) => {
  const registered = (
    await sandbox.control<{ merchants: Array<{ name: string; payoutDestinations: Array<{ id: string; accountNo: string }> }> }>(
      "GET",
      "/credentials",
    )
  ).merchants.find((m) => m.name === COFFEE)!.payoutDestinations[0]!;
  await openCreateForm(page, "withdrawal", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("2,000.25");
  await page.getByLabel("Saved destination", { exact: true }).check();
  await page.getByRole("combobox", { name: "Saved destination" }).selectOption(registered.id);
  await page.getByRole("button", { name: "Review Withdrawal" }).click();

  const dialog = page.getByRole("dialog", { name: "Check before sending: Withdrawal" });
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("฿2,000.25");
  await expect(dialog.getByTestId("confirm-destination")).toContainText(registered.accountNo);
  await expect(dialog.getByTestId("confirm-destination")).toContainText(`PayinBankAccountId ${registered.id}`);
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toMatchObject([
    { status: "Pending", requestedAmount: 2000.25, payinBankAccountId: registered.id },
  ]);
  const [stored] = await atSandbox(sandbox, refId1);
  expect(await sandbox.control("GET", `/requests/${stored!.id}`)).toMatchObject({ kind: "withdrawal" });
});

test("a Pay-Out to a PromptPay id", async ({ page, sandbox }) => {
  await openCreateForm(page, "payout", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("99.99");
  await page.getByLabel("PromptPay", { exact: true }).check();
  await page.getByLabel("PromptPay id", { exact: true }).fill("0812345678");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("confirm-destination")).toHaveText("PromptPay 0812345678");
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending", requestedAmount: 99.99, promptPayId: "0812345678" }]);
});

test("a Pay-Out whose recipient bears the fee: chosen on the form, said before sending, sent to the provider, shown on its page", async ({
  page,
  sandbox,
}) => {
  await openCreateForm(page, "payout", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("1,500");
  const feePayer = page.getByTestId("fee-payer");
  await expect(feePayer.getByRole("radio", { name: /^The merchant/ })).toBeChecked();
  await feePayer.getByRole("radio", { name: /^The recipient/ }).check();
  // The wallet would pay the amount alone.
  await expect(page.getByTestId("wallet-this-one")).toContainText("฿1,500.00");
  await expect(page.getByTestId("wallet-this-one")).toContainText(/the recipient's: they get ฿1,492\.50|fee not known yet/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Bank", { exact: true }).selectOption("KTB");
  await page.getByLabel("Account number").fill("6621234567");
  await page.getByLabel("Account name").fill("Somsri Rakdee");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Check before sending: Pay-Out" });
  await expect(dialog.getByTestId("confirm-fee-payer")).toHaveText("paid by the recipient (they get the amount less the fee)");
  await dialog.getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  // The provider took PayoutFeePayer: what it will send the recipient is the amount less its 0.5 % fee.
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ requestedAmount: 1500, payOutTotalAmountDecimal: 1492.5 }]);
  await expect(page.getByTestId("request-fee-payer")).toHaveText("The recipient");
});
