/**
 * Staff decide on a slip: on its page, "does not match" needs a why (said in the person's language,
 * nothing typed lost), the decision is recorded with who and when, leaves the request's state as
 * the provider has it, lands on the request's timeline and in the audit log in words, moves the
 * slip between the Slips page's views and out of "Needs attention". In English and Thai, with axe.
 */
import { expectNoAxeViolations } from "../support/axe";
import { devices, expect, test, type Page } from "@playwright/test";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { makeRequest } from "../support/checkout";
import { budget, E2E } from "../support/config";
import { uniqueSlipRef, uploadSlip } from "../support/slips";

test.beforeEach(({}) => {
  skipWithoutRole(test, "admin");
  test.setTimeout(budget(150_000));
});

test("a slip found not to match, then matching: recorded, audited, on the timeline and the views, in English and Thai", async ({
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "325.00" });
  await uploadSlip(browser, made.slipUrl!, uniqueSlipRef(), "");
  const staff = await browser.newContext({
    ...devices["Desktop Chrome"],
    locale: "en-GB",
    timezoneId: "Asia/Bangkok",
    storageState: storageStatePath("admin"),
    baseURL: E2E.baseUrl,
  });
  try {
    const page = await staff.newPage();
    await page.goto(`/requests/${made.id}`);
    const slipId = (await page.getByTestId("slip-entry").getAttribute("data-slip-id"))!;

    // It waits for a person in "Needs attention", linked to the slip's page.
    await page.goto("/attention");
    await page.getByTestId("attention-slip").getByRole("link", { name: made.refId1 }).click();
    await expect(page).toHaveURL(new RegExp(`/slips/${slipId}$`));

    // "Does not match" with no note: the form says why, in words, beside the note.
    const form = page.getByTestId("slip-decision-form");
    await form.getByLabel("It does not match").check();
    await form.getByRole("button", { name: "Record the decision" }).click();
    await expect(form.getByText("Say why it does not match: the next person reads this.")).toBeVisible();
    await expect(form.getByLabel("Note")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await form.getByLabel("Note").fill("The slip says ฿352.00, the request ฿325.00");
    await form.getByRole("button", { name: "Record the decision" }).click();
    await expect(page.getByTestId("slip-decision-success")).toHaveText("Recorded.");
    await expect(page.getByTestId("slip-decision-now")).toHaveText(/^Does not match — Demo Admin, /);
    await expect(page.getByText("Note: The slip says ฿352.00, the request ฿325.00")).toBeVisible();
    await expectNoAxeViolations(page);

    // The request's state is the provider's: still waiting for payment. The timeline says what was decided.
    await page.getByTestId("slip-request-link").click();
    await expect(page.getByTestId("status-badge").first()).toHaveAttribute("data-state", "pending");
    const decided = page.locator('[data-testid="timeline-entry"][data-type="slip_decided"]');
    await expect(decided).toContainText("Slip decided");
    await expect(decided).toContainText("Staff found the slip does not match this request.");
    await expect(decided).toContainText("The slip says ฿352.00, the request ฿325.00");

    // The views: among "does not match" and "matches no open request", not "to check"; gone from the inbox.
    const row = (p: Page) => p.locator(`[data-testid="slip-row"][data-slip-id="${slipId}"]`);
    await page.goto("/slips?view=does_not_match");
    await expect(row(page).getByTestId("slip-standing")).toHaveText("Does not match");
    await page.goto("/slips?view=unmatched");
    await expect(row(page)).toHaveCount(1);
    await page.goto("/slips?view=to_check");
    await expect(page.getByRole("link", { name: "To check", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(row(page)).toHaveCount(0);
    await page.goto("/attention");
    await expect(page.getByRole("link", { name: made.refId1 })).toHaveCount(0);

    // The audit log says it in words.
    await page.goto("/audit?action=slip.decide");
    const audited = page.getByTestId("audit-row").filter({ hasText: slipId }).first();
    await expect(audited).toContainText("Decide whether a slip matches its request");

    // In Thai: the same page and rule in Thai; changing the decision to "matches".
    await staff.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    await page.goto(`/slips/${slipId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByRole("heading", { level: 2, name: "สลิปตรงกับคำขอหรือไม่" })).toBeVisible();
    const thai = page.getByTestId("slip-decision-form");
    await thai.getByLabel("หมายเหตุ").fill("");
    await thai.getByRole("button", { name: "บันทึกการตัดสิน" }).click();
    await expect(thai.getByText("ระบุเหตุผลที่ไม่ตรง เพื่อให้ผู้ตรวจคนถัดไปเข้าใจ")).toBeVisible();
    await expectNoAxeViolations(page);
    await thai.getByLabel(/^ตรงกัน/).check();
    await thai.getByRole("button", { name: "บันทึกการตัดสิน" }).click();
    await expect(page.getByTestId("slip-decision-success")).toHaveText("บันทึกแล้ว");
    await expect(page.getByTestId("slip-decision-now")).toHaveText(/^ตรงกัน — Demo Admin เมื่อ /);
    await expectNoAxeViolations(page);
    await page.goto("/slips?view=matches");
    await expect(row(page).getByTestId("slip-standing")).toHaveText("ตรงกัน");
    await page.goto("/audit?action=slip.decide");
    await expect(page.getByTestId("audit-row").filter({ hasText: slipId }).first()).toContainText("ตัดสินว่าสลิปตรงกับคำขอหรือไม่");

    // On a phone the page fits its width: the picture, the comparison and the form one under another.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/slips/${slipId}`);
    await expect(page.getByTestId("slip-decision-form")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SLIP_SCREENSHOT) await page.screenshot({ path: process.env.SLIP_SCREENSHOT, fullPage: true });
  } finally {
    await staff.close();
  }
});
