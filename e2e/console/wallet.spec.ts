/**
 * The merchant's wallet where money goes out (lib/wallet): before a Pay-Out is sent, finance sees
 * the balance the provider holds and how old it is, what already waits to be debited, and what
 * this one would leave — and is warned, on the form and again beside the button that sends, when
 * it is more than is available (the provider checks only at approval). The merchant is one of its
 * own at the sandbox, so its small balance touches no other test.
 */
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import type { BrowserContext, Page } from "@playwright/test";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { atSandbox, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

interface MadeMerchant {
  merchantId: string;
  orgId: string;
  name: string;
  submitKey: string;
  readKey: string;
}

/** An admin adds the sandbox's merchant to PayDesk with its keys (Settings → Merchants). */
async function addToPayDesk(page: Page, made: MadeMerchant): Promise<void> {
  await page.goto("/settings/merchants/new");
  await page.getByLabel("Display name").fill(made.name);
  await page.getByLabel("Org id").fill(made.orgId);
  await page.getByLabel("Merchant id (GUID)").fill(made.merchantId);
  await page.getByLabel("Submit API key").fill(made.submitKey);
  await page.getByLabel("Read API key (VIEWER role, optional)").fill(made.readKey);
  await page.getByRole("button", { name: "Add merchant" }).click();
  await expect(page.getByTestId("merchant-created")).toBeVisible();
}

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

test("finance sees the balance and what a Pay-Out leaves before sending it, and is warned when it is more than is available", async ({
  page,
  browser,
  sandbox,
}) => {
  skipWithoutRole(test, "admin", "finance");
  test.setTimeout(budget(90_000));
  const made = await sandbox.control<MadeMerchant>("POST", "/merchants", {
    name: `E2E Wallet ${randomBytes(3).toString("hex")}`,
    balance: "1000.00",
  });
  await addToPayDesk(page, made);

  const context = await browser.newContext({ storageState: storageStatePath("finance") });
  contexts.push(context);
  const finance = await context.newPage();
  await openCreateForm(finance, "payout", made.name);
  const wallet = finance.getByTestId("wallet-panel");
  await expect(wallet.getByTestId("wallet-balance")).toHaveText(/^฿1,000\.00read (just now|\d+ s ago)$/, { timeout: budget(15_000) });
  await expect(wallet.getByTestId("wallet-waiting")).toHaveText("฿0.00nothing waiting");
  await expect(wallet.getByTestId("wallet-available")).toHaveText("฿1,000.00");

  // Within the balance: what it costs and what is left, no warning.
  await finance.getByLabel("Amount").fill("600");
  await expect(wallet.getByTestId("wallet-this-one")).toContainText("฿600.00");
  await expect(wallet.getByTestId("wallet-left")).toHaveText("฿400.00");
  await expect(wallet.getByTestId("wallet-short")).toHaveCount(0);

  // Beyond it: said on the form as the amount is typed…
  await finance.getByLabel("Amount").fill("1,200");
  await expect(wallet.getByTestId("wallet-left")).toHaveText("−฿200.00");
  await expect(wallet.getByTestId("wallet-short")).toHaveText(
    "This is ฿200.00 more than is available. The provider checks the balance only when it approves a pay-out, and would refuse this one then, unless money comes in first.",
  );
  await expectNoAxeViolations(finance, { within: "main" });

  // …and again beside the button that sends, which then says what it does; Enter goes back.
  const refId1 = await refId1Input(finance).inputValue();
  await finance.getByLabel("PromptPay", { exact: true }).check();
  await finance.getByLabel("PromptPay id", { exact: true }).fill("0812345678");
  await finance.getByRole("button", { name: "Review Pay-Out" }).click();
  const dialog = finance.getByRole("dialog", { name: "Check before sending: Pay-Out" });
  await expect(dialog.getByTestId("confirm-short")).toHaveText(
    "More than is available, by ฿200.00: the provider will refuse it at approval unless money comes in first.",
  );
  await expect(dialog.getByRole("button", { name: "Back to edit" })).toBeFocused();
  await finance.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  expect(await atSandbox(sandbox, refId1)).toEqual([]);

  await finance.getByRole("button", { name: "Review Pay-Out" }).click();
  await dialog.getByRole("button", { name: "Send anyway" }).click();
  await landedOnRequest(finance);
  expect(await atSandbox(sandbox, refId1)).toMatchObject([{ status: "Pending", requestedAmount: 1200 }]);

  // The next one counts it as waiting (with its fee, once PayDesk has learnt the provider's rate).
  await openCreateForm(finance, "payout", made.name);
  await expect(wallet.getByTestId("wallet-waiting")).toHaveText(/^฿1,20[06]\.001 pay-out not yet paid out, with ฿[06]\.00 in fees/);
  await expect(wallet.getByTestId("wallet-available")).toHaveText(/^−฿20[06]\.00$/);

  // The overview, for the merchant the switcher holds: the same balance, and what is available after what waits.
  await finance.goto("/overview");
  const row = finance.getByTestId("overview-wallet");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("overview-wallet-balance")).toHaveText("฿1,000.00");
  await expect(row.getByTestId("overview-wallet-available")).toHaveText(/^−฿20[06]\.00$/);
  await expectNoAxeViolations(finance, { within: "main" });
});

test("the statement: a day of the wallet read and reconciled on demand, what does not match in words, and its CSV", async ({
  page,
  sandbox,
}) => {
  skipWithoutRole(test, "admin");
  test.setTimeout(budget(90_000));
  // A merchant of its own, opened with a balance set at the provider (a movement PayDesk did not cause), then a Pay-Out paid.
  const made = await sandbox.control<MadeMerchant>("POST", "/merchants", {
    name: `E2E Statement ${randomBytes(3).toString("hex")}`,
    balance: "5000.00",
  });
  await addToPayDesk(page, made);
  await openCreateForm(page, "payout", made.name);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("Amount").fill("1,000");
  await page.getByLabel("PromptPay", { exact: true }).check();
  await page.getByLabel("PromptPay id", { exact: true }).fill("0812345678");
  await page.getByRole("button", { name: "Review Pay-Out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send to the provider" }).click();
  await landedOnRequest(page);
  const [atProvider] = await atSandbox(sandbox, refId1);
  await sandbox.control("POST", `/requests/${atProvider!.id}/payout`, {});
  // PayDesk learns it was paid: asked at once rather than waiting for its next scheduled check.
  await page.getByRole("button", { name: "Re-check now" }).click();
  await expect(page.getByTestId("status-badge").first()).toHaveText(/Paid|Approved/, { timeout: budget(25_000) });

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
  // The header's merchant (chosen when the Pay-Out was made) is the statement's.
  await page.goto("/statement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Statement: ${made.name}`);
  await page.getByLabel("Day (Bangkok)").fill(today);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByTestId("statement-not-yet")).toBeVisible();
  await page.getByTestId("statement-run").click();
  await expect(page.getByTestId("statement-run-result")).toHaveText("Read 2 movements; 1 finding.", { timeout: budget(20_000) });
  await expect(page.getByTestId("statement-status")).toContainText("1 finding to look at");
  await expect(page.getByTestId("statement-opening")).toHaveText("฿0.00");
  await expect(page.getByTestId("statement-credits")).toHaveText("฿5,000.00");
  await expect(page.getByTestId("statement-debits")).toHaveText("฿1,005.00");
  await expect(page.getByTestId("statement-fees")).toHaveText("฿5.00");
  await expect(page.getByTestId("statement-closing")).toHaveText("฿3,995.00");
  // The opening balance set at the provider names no request: found, in words; the Pay-Out's debit matches it.
  const findings = page.getByTestId("statement-findings").getByRole("listitem");
  await expect(findings).toHaveCount(1);
  await expect(findings).toContainText("Wallet movement with no request: A credit of ฿5,000.00 in the wallet");
  const movements = page.getByTestId("statement-movements").getByRole("row");
  await expect(movements).toHaveCount(3);
  await expect(movements.nth(2)).toContainText(refId1);
  await expect(movements.nth(2)).toContainText("−฿1,005.00");
  await expectNoAxeViolations(page, { within: "main" });

  const download = await page.request.get((await page.getByTestId("statement-export").getAttribute("href"))!);
  expect(download.status()).toBe(200);
  const csv = (await download.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("line,at_bangkok,movement_id,amount,balance_after,request_id,ref_id1,kind,description,tags");
  expect(csv.map((l) => l.split(",")[0])).toEqual([
    "line",
    "opening",
    "movement",
    "movement",
    "finding",
    "credits",
    "debits",
    "fees",
    "closing",
  ]);
  expect(csv.find((l) => l.startsWith("movement") && l.includes(refId1))).toContain(",-1005.00,3995.00,");
  // The findings' Thai words are held in lib/wallet/statement.db.test.ts: switching this shared person's language here would
  // change it for every test signed in as them meanwhile.
});
