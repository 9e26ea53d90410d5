/**
 * "Needs attention" from staff's side (lib/attention/inbox.ts): a slip a customer sends for an
 * unpaid Pay-In appears in the inbox with why and what to do, the nav's count follows it live, and
 * once the Pay-In is paid the item leaves by itself — in English and Thai, with no axe violations.
 */
import { expectNoAxeViolations } from "../support/axe";
import { storageStatePath } from "../support/auth-users";
import { makeRequest } from "../support/checkout";
import { budget, E2E } from "../support/config";
import { expect, test } from "../support/sandbox";
import { uniqueSlipRef, uploadSlip } from "../support/slips";

const navCount = async (page: import("@playwright/test").Page) =>
  Number(
    (await page
      .getByTestId("attention-count")
      .textContent({ timeout: 1_000 })
      .catch(() => "0")) || 0,
  );

test("a slip for an unpaid Pay-In waits in the inbox with why and what to do, the nav counts it live, and paying it takes it out", async ({
  page,
  browser,
  sandbox,
}) => {
  test.setTimeout(budget(120_000));
  await page.goto("/attention");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Needs attention");
  await expect(page.getByRole("navigation").getByRole("link", { name: /^Needs attention/ })).toHaveAttribute("aria-current", "page");
  // The nav asks for its count again when the live stream says a request changed.
  const asked = page
    .waitForResponse((r) => new URL(r.url()).pathname === "/api/attention/count" && r.ok(), { timeout: budget(15_000) })
    .then(
      () => true,
      () => false,
    );

  const made = await makeRequest(browser, { amount: "233.00" });
  await uploadSlip(browser, made.slipUrl!, uniqueSlipRef(), "โอนแล้วค่ะ");
  // Without a reload: the page and the nav's count follow the live stream.
  const slips = page.getByTestId("attention-slip");
  const item = slips.getByTestId("attention-item").filter({ hasText: made.refId1 });
  await expect(item).toBeVisible({ timeout: budget(15_000) });
  await expect(slips.getByRole("heading", { level: 2 })).toContainText("Slips to check");
  await expect(slips).toContainText("A customer sent a transfer slip nobody has decided on, for a Pay-In not paid");
  await expect(item.getByRole("link", { name: made.refId1 })).toHaveAttribute("href", /^\/slips\/slp_[0-9a-f]{20}$/);
  expect(await asked, "the nav asked for its count again, without a reload").toBe(true);
  // The count is everyone's: specs running beside this one add and settle items of their own at the
  // same time, so "one more than before" can be one more and one fewer. The nav shows what PayDesk
  // counts now, which includes this slip.
  const countNow = async () => ((await (await page.request.get("/api/attention/count")).json()) as { count: number }).count;
  await expect
    .poll(
      async () => {
        const [shown, counted] = [await navCount(page), await countNow()];
        return shown === counted ? shown : -1;
      },
      { timeout: budget(10_000) },
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // In Thai, from a Thai browser (the switcher would save the shared admin's choice).
  const thai = await browser.newContext({ storageState: storageStatePath("admin"), locale: "th-TH", baseURL: E2E.baseUrl });
  const thaiPage = await thai.newPage();
  await thaiPage.goto("/attention");
  await expect(thaiPage.getByRole("heading", { level: 1 })).toHaveText("ต้องดำเนินการ");
  await expect(thaiPage.getByTestId("attention-slip").getByRole("heading", { level: 2 })).toContainText("สลิปที่ต้องตรวจ");
  await expectNoAxeViolations(thaiPage);
  await thai.close();

  // Paid: nothing left to check, and the item goes by itself.
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  await expect(item).toHaveCount(0, { timeout: budget(15_000) });
});
