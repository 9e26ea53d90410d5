/**
 * Bulk Pay-Outs from staff's side (lib/bulk): the template downloads; a file with a bad line is
 * shown with the line's problem in words and cannot be confirmed; a file that is not CSV is refused
 * beside the field; a good file is confirmed and each line becomes one Pay-Out, live, with a link
 * to it, and the page passes axe.
 */
import { expectNoAxeViolations } from "../support/axe";
import { COFFEE } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

const csv = (lines: string[]) => ({
  name: "sellers.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(["ref_id1,amount,bank_code,account_no,account_name,promptpay_id,description", ...lines].join("\r\n"), "utf8"),
});

test("a file is checked line by line before anything is sent, and once confirmed each line becomes one Pay-Out", async ({
  page,
  sandbox,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  // Recipients of this run only: a line paying one of an earlier run's (a retry) the same amount again would need an acknowledgement.
  const { account, promptPay } = recipientsOfThisRun();
  await page.goto("/payouts/bulk");
  await expect(page.getByRole("heading", { level: 1, name: "Bulk Pay-Outs" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Bulk Pay-Outs" })).toBeVisible();

  const template = await page.request.get("/api/bulk-payouts/template");
  expect(template.status()).toBe(200);
  expect(template.headers()["content-type"]).toContain("text/csv");
  expect((await template.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "ref_id1,amount,bank_code,account_no,account_name,promptpay_id,description,ref_id2,ref_id3,refund_of",
  );

  // A workbook that is not one (a ZIP cut short): refused beside the field, nothing recorded.
  await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
  await page
    .getByLabel("CSV or Excel file")
    .setInputFiles({ name: "sellers.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByTestId("bulk-file-error")).toHaveText(
    "This .xlsx file could not be read as an Excel workbook. Open it in Excel and save it again (Excel Workbook or CSV).",
  );

  // The refusal keeps the merchant chosen (React resets a form after an action: a refused file must
  // not quietly move the next upload to another merchant).
  const chosen = () =>
    page.getByLabel("Merchant paying out").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
  expect(await chosen()).toBe(COFFEE);

  // A bad amount: the line says so, and the file cannot be confirmed.
  await page.getByLabel("CSV or Excel file").setInputFiles(csv([`${run}-1,12.345,,,,0812345678,`, `${run}-2,20,,,,0812345678,`]));
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.waitForURL(/\/payouts\/bulk\/pb_[0-9a-f]+$/);
  await expect(page.getByTestId("bulk-fix-first")).toContainText("1 line has problems");
  await expect(page.getByRole("main")).toContainText(COFFEE);
  await expect(page.getByTestId("bulk-line").first()).toContainText("An amount has at most 2 decimals (satang).");
  await expect(page.getByTestId("bulk-confirm")).toHaveCount(0);
  await page.getByRole("button", { name: "Discard this file" }).click();
  await expect(page.getByTestId("bulk-status")).toHaveText("Canceled");

  // The same lines as an Excel workbook are read as the CSV would be (then discarded: the CSV goes on).
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Pay-Outs");
  sheet.addRow(["ref_id1", "amount", "bank_code", "account_no", "account_name", "promptpay_id"]);
  sheet.addRow([`${run}-X1`, 1250.5, "กสิกรไทย", account, "สมชาย ใจดี", null]);
  sheet.addRow([`${run}-X2`, 20, null, null, null, promptPay]);
  await page.goto("/payouts/bulk");
  await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
  await page.getByLabel("CSV or Excel file").setInputFiles({
    name: "sellers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.waitForURL(/\/payouts\/bulk\/pb_[0-9a-f]+$/);
  await expect(page.getByTestId("bulk-summary")).toHaveText("2 lines, 2 ready, ฿1,270.50 in total");
  await expect(page.getByTestId("bulk-line").first()).toContainText(`Kasikornbank ${account}`);
  await page.getByRole("button", { name: "Discard this file" }).click();
  await expect(page.getByTestId("bulk-status")).toHaveText("Canceled");

  // A good file: two lines, a bank account and a PromptPay id.
  await page.goto("/payouts/bulk");
  await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
  await page
    .getByLabel("CSV or Excel file")
    .setInputFiles(csv([`${run}-3,"1,250.50",KBANK,${account},สมชาย ใจดี,,Commission`, `${run}-4,20,,,,${promptPay},`]));
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.waitForURL(/\/payouts\/bulk\/pb_[0-9a-f]+$/);
  await expect(page.getByTestId("bulk-summary")).toHaveText("2 lines, 2 ready, ฿1,270.50 in total");
  // Before confirming: what goes out at once (both: below the demo merchant's ฿50,000.00 approval threshold).
  await expect(page.getByTestId("bulk-split-now")).toHaveText("2 Pay-Outs (฿1,270.50) go to the provider as soon as you confirm.");
  await expect(page.getByTestId("bulk-split-held")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByTestId("bulk-confirm").click();

  // Without a reload the lines become requests, each once, each with a link to it.
  await expect(page.getByTestId("bulk-status")).toHaveText(/^(Done|Creating Pay-Outs) · 2 of 2 made$/, { timeout: budget(20_000) });
  const lines = page.getByTestId("bulk-line");
  for (const i of [0, 1]) await expect(lines.nth(i).getByRole("link")).toBeVisible();
  for (const refId1 of [`${run}-3`, `${run}-4`]) {
    const atProvider = await sandbox.control<unknown[]>("GET", `/requests?refId1=${refId1}`);
    expect(atProvider).toHaveLength(1);
  }
  // The results, for the merchant's spreadsheet: each line with its request.
  const batchId = /pb_[0-9a-f]+/.exec(page.url())![0];
  const results = await page.request.get(`/api/bulk-payouts/${batchId}/results`);
  expect(results.status()).toBe(200);
  const rows = (await results.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(rows).toHaveLength(3);
  expect(rows[1]).toMatch(new RegExp(`^2,${run}-3,1250\\.50,KBANK,${account},สมชาย ใจดี,(sent|existing),req_[0-9a-f]+,`));
  expect(rows[2]).toMatch(new RegExp(`^3,${run}-4,20\\.00,PromptPay,${promptPay},,(sent|existing),req_[0-9a-f]+,`));
  await lines.nth(0).getByRole("link").click();
  await expect(page).toHaveURL(/\/requests\/req_[0-9a-f]+$/);
  await expect(page.getByText(`${run}-3`).first()).toBeVisible();

  // The recent files fit a 390 px phone: no sideways scrolling, each file's merchant and size still said.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/payouts/bulk");
  const recent = page.getByTestId("bulk-batches");
  await expect(recent).toBeVisible();
  expect(await recent.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  await expect(recent.locator("tbody tr").first()).toContainText(COFFEE);
});

/** A bank account and a PromptPay id (a Thai mobile number) no other run has paid. */
function recipientsOfThisRun() {
  const digits = String(Date.now()).slice(-8);
  return { account: `90${digits}`, promptPay: `08${digits}` };
}

test("the same file uploaded again is not confirmed until a person ticks the box naming how many lines pay again and how much", async ({
  page,
}) => {
  const { promptPay } = recipientsOfThisRun();
  // Empty ref_id1: PayDesk makes one per line, so nothing but the recipient and amount tells the copies apart.
  const file = csv([`,31.50,,,,${promptPay},`, `,32.50,,,,${promptPay},`]);
  const uploadFile = async () => {
    await page.goto("/payouts/bulk");
    await page.getByLabel("Merchant paying out").selectOption({ label: COFFEE });
    await page.getByLabel("CSV or Excel file").setInputFiles(file);
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.waitForURL(/\/payouts\/bulk\/pb_[0-9a-f]+$/);
  };
  await uploadFile();
  await expect(page.getByTestId("bulk-duplicates")).toHaveCount(0);
  await page.getByTestId("bulk-confirm").click();
  await expect(page.getByTestId("bulk-status")).toHaveText(/^(Done|Creating Pay-Outs) · 2 of 2 made$/, { timeout: budget(20_000) });

  await uploadFile();
  const again = page.url();
  await expect(page.getByTestId("bulk-same-file")).toBeVisible();
  await expect(page.getByTestId("bulk-duplicates")).toContainText("2 lines (฿64.00) pay a recipient the same amount again");
  await expect(page.getByTestId("bulk-duplicate-line")).toHaveCount(2);
  await expectNoAxeViolations(page);
  // Without the box ticked, confirming does nothing.
  await page.getByTestId("bulk-confirm").click();
  await expect(page.getByTestId("bulk-status")).toHaveText("Checked, not sent");
  const ack = page.getByLabel("I have checked: pay these 2 lines (฿64.00) again.");
  await ack.check();
  await page.getByTestId("bulk-confirm").click();
  await expect(page.getByTestId("bulk-status")).toHaveText(/^(Done|Creating Pay-Outs) · 2 of 2 made$/, { timeout: budget(20_000) });
  expect(page.url()).toBe(again);
  const lines = page.getByTestId("bulk-line");
  for (const i of [0, 1]) await expect(lines.nth(i).getByRole("link")).toBeVisible();
});
