/**
 * P2P on the customer's checkout (customer project: a phone, th-TH). The provider pairs a P2P Pay-In
 * with the oldest pending pay-out of any merchant that has enough left (docs/provider-facts.md §5.5), so the
 * customer pays that pay-out's account — another company's — for the amount asked, satang and all,
 * none added (§5.1). The page says who they pay and why, and never that the satang identify them.
 */
import { expectNoAxeViolations } from "../support/axe";
import { makeRequest } from "../support/checkout";
import { GADGETS, uniqueRefId1 } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

test.beforeEach(({}) => {
  test.setTimeout(budget(60_000));
});

test("a P2P paired with another merchant's pay-out explains who is paid and why, in Thai and English, without the satang claim", async ({
  page,
  browser,
  sandbox,
}) => {
  // Above every other pay-out the suite makes, so only this one can take the Pay-In (Chiang Mai Gadgets takes up to 200,000).
  const coffee = sandbox.merchants[0]!;
  const amount = 190_000 + Math.floor(Math.random() * 9_000);
  await sandbox.provider("SubmitPayOutRequest", coffee, {
    RefId1: uniqueRefId1("E2E-P2P"),
    RequestedAmount: amount,
    QrProvider: "PP",
    BankCode: "KBANK",
    BankAccountNo: "0987654322",
    BankAccountName: "Somchai Supplies Co., Ltd.",
  });
  const made = await makeRequest(browser, { kind: "p2p", amount: `${amount}.00`, merchant: GADGETS });
  await page.goto(made.checkoutUrl);

  const bank = page.getByTestId("bank-details");
  await expect(bank).toContainText("Somchai Supplies Co., Ltd.");
  const payee = page.getByTestId("p2p-payee");
  await expect(payee).toContainText(`ไม่ใช่บัญชีของ ${GADGETS}`);
  await expect(payee).toContainText("จับคู่การโอนของคุณกับยอดที่ต้องจ่ายให้เจ้าของบัญชีนี้");
  await expect(page.getByText("กรุณาโอนยอดนี้ให้ตรงทุกสตางค์", { exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("เศษสตางค์ใช้ยืนยัน");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("p2p-payee")).toContainText(`not an account of ${GADGETS}`);
  await expect(page.getByTestId("p2p-payee")).toContainText("pairs your transfer with a payment it owes this account holder");
  await expect(page.getByText("Transfer exactly this amount.", { exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("the satang tell us");
  await expectNoAxeViolations(page);
});

test("a QR Pay-In keeps the satang explanation and says nothing about another payee", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "176.00" });
  await page.goto(made.checkoutUrl);
  await expect(page.getByText("กรุณาโอนยอดนี้ให้ตรงทุกสตางค์ เพราะเศษสตางค์ใช้ยืนยันว่าเป็นการชำระของคุณ")).toBeVisible();
  await expect(page.getByTestId("p2p-payee")).toHaveCount(0);
});
