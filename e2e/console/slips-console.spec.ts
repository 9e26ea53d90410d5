/**
 * Slips in the console: a slip a customer uploads on the slip page is seen by staff — its thumbnail
 * on the request's timeline, its own page (full size, what its QR says beside the request), the
 * picture fetched through PayDesk with the staff session, and a row on the Slips page — in English
 * and Thai, with no axe violations. Staff look as a viewer, the role with the least access that
 * may, who sees the decision but cannot make it (e2e/console/slip-decision.spec.ts makes it).
 */
import { expectNoAxeViolations } from "../support/axe";
import { devices, expect, request as apiRequest, test, type Page } from "@playwright/test";
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { makeRequest } from "../support/checkout";
import { budget, E2E } from "../support/config";
import { NOBODY as nobody, uniqueSlipRef as uniqueRef, uploadSlip } from "../support/slips";

test.beforeEach(({}) => {
  skipWithoutRole(test, "admin", "viewer");
  test.setTimeout(budget(120_000));
});

/** A picture the browser actually fetched and decoded. */
const isShown = (img: ReturnType<Page["locator"]>) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

test("a slip uploaded on the slip page: thumbnail on the timeline, full size through PayDesk, a row on the Slips page, in English and Thai", async ({
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "219.00" });
  const reference = uniqueRef();
  const shownReference = `${reference.slice(0, 4)}…${reference.slice(-4)}`;
  await uploadSlip(browser, made.slipUrl!, reference, "โอนจากบัญชีภรรยา");

  const staff = await browser.newContext({
    ...devices["Desktop Chrome"],
    locale: "en-GB",
    timezoneId: "Asia/Bangkok",
    storageState: storageStatePath("viewer"),
    baseURL: E2E.baseUrl,
  });
  try {
    const page = await staff.newPage();
    await page.goto(`/requests/${made.id}`);
    const entry = page.locator('[data-testid="timeline-entry"][data-type="slip_uploaded"]');
    const slip = entry.getByTestId("slip-entry");
    const slipId = (await slip.getAttribute("data-slip-id"))!;
    expect(slipId).toMatch(/^slp_[0-9a-f]{20}$/);
    const thumbnail = slip.getByRole("img");
    await expect(thumbnail).toHaveAttribute("alt", new RegExp(`^Slip uploaded .+, reference ${shownReference}$`));
    await expect.poll(() => isShown(thumbnail)).toBe(true);
    await expect(slip).toContainText(`Reference: ${shownReference}`);
    await expect(entry).toContainText("โอนจากบัญชีภรรยา");
    await expectNoAxeViolations(page);

    // The thumbnail opens the slip's page: full size, its QR read by the server beside the request.
    await slip.getByTestId("slip-full-size").click();
    await expect(page).toHaveURL(new RegExp(`/slips/${slipId}$`));
    await expect.poll(() => isShown(page.getByTestId("slip-picture"))).toBe(true);
    await expect(page.getByTestId("slip-qr-reference")).toContainText(`${reference} (Siam Commercial Bank, from the slip's QR)`);
    await expect(page.getByTestId("slip-typed")).toHaveText(`The customer typed ${shownReference} (the same as the QR)`);
    await expect(page.getByTestId("slip-amount")).toContainText("Not in the slip's QR");
    await expect(page.getByTestId("slip-request-amount")).toContainText(/฿219\.\d\d to pay$/);
    await expect(page.getByTestId("slip-decision-now")).toHaveText("Nobody has decided yet.");
    await expect(page.getByText("Your role can see slips but not decide on them.")).toBeVisible();
    await expect(page.getByTestId("slip-decision-form")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The picture alone opens in a new tab, from PayDesk, for this session only.
    const [tab] = await Promise.all([staff.waitForEvent("page"), page.getByRole("link", { name: /Open the picture on its own/ }).click()]);
    await expect(tab).toHaveURL(new RegExp(`/api/slips/${slipId}/image$`));
    await tab.close();
    const answer = await page.request.get(`/api/slips/${slipId}/image`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/jpeg");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    expect([...(await answer.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // Without a session: the picture is refused, the Slips page sends to sign-in.
    const anonymous = await apiRequest.newContext({ baseURL: E2E.baseUrl, storageState: nobody });
    expect((await anonymous.get(`/api/slips/${slipId}/image`)).status()).toBe(401);
    expect((await anonymous.get(`/api/slips/${slipId}/thumbnail`)).status()).toBe(401);
    await anonymous.dispose();
    const signedOut = await browser.newContext({ baseURL: E2E.baseUrl, storageState: nobody });
    const door = await signedOut.newPage();
    await door.goto("/slips");
    await expect(door).toHaveURL(/\/login\?callbackUrl=%2Fslips$/);
    await signedOut.close();

    // The Slips page, reached from the console's navigation.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Slips" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Slips");
    const row = page.locator(`[data-testid="slip-row"][data-slip-id="${slipId}"]`);
    await expect(row).toContainText(made.refId1);
    await expect(row).toContainText(/฿219\.\d\d/);
    await expect(row).toContainText(`Reference: ${shownReference}`);
    await expect(row).toContainText("Note: โอนจากบัญชีภรรยา");
    await expect(row.getByTestId("slip-standing")).toHaveText("To check");
    await expect.poll(() => isShown(row.getByRole("img"))).toBe(true);
    await expect(row.getByRole("img")).toHaveAttribute("alt", new RegExp(`reference ${shownReference}$`));
    await expectNoAxeViolations(page);

    // A page link cut short is said to be so, with the way back.
    await page.goto("/slips?cursor=cut-sh");
    await expect(page.getByText("This page link is not valid (it may have been cut short).")).toBeVisible();
    await page.getByRole("link", { name: "Show the newest slips" }).click();
    await page.locator(`[data-testid="slip-row"][data-slip-id="${slipId}"]`).click({ position: { x: 300, y: 10 } });
    await expect(page).toHaveURL(new RegExp(`/slips/${slipId}$`));

    // The same in Thai.
    await staff.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    await page.goto(`/requests/${made.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    const thaiSlip = page.getByTestId("slip-entry");
    await expect(thaiSlip.getByRole("img")).toHaveAttribute("alt", new RegExp(`^สลิปที่อัปโหลดเมื่อ .+ เลขอ้างอิง ${shownReference}$`));
    await expect(thaiSlip).toContainText(`เลขอ้างอิง: ${shownReference}`);
    await expect(thaiSlip.getByRole("link")).toHaveAccessibleName(/เปิดสลิป/);
    await expectNoAxeViolations(page);
    await page.goto(`/slips/${slipId}`);
    await expect(page.getByTestId("slip-qr-reference")).toContainText(`${reference} (ธนาคารไทยพาณิชย์ จาก QR ของสลิป)`);
    await expect(page.getByTestId("slip-typed")).toHaveText(`ลูกค้ากรอก ${shownReference} (ตรงกับ QR)`);
    await expect(page.getByText("บทบาทของคุณดูสลิปได้ แต่ตัดสินสลิปไม่ได้")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/slips");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("สลิป");
    const thaiRow = page.locator(`[data-testid="slip-row"][data-slip-id="${slipId}"]`);
    await expect(thaiRow).toContainText(`เลขอ้างอิง: ${shownReference}`);
    await expect(thaiRow).toContainText("หมายเหตุ: โอนจากบัญชีภรรยา");
    await expect(thaiRow.getByTestId("slip-standing")).toHaveText("รอตรวจ");
    await expectNoAxeViolations(page);
  } finally {
    await staff.close();
  }
});
