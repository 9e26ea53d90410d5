/**
 * One merchant context: the header's switcher says what the page shows. "All merchants" is a choice
 * of its own (and where nothing was chosen yet); "New request" follows the switcher; the list
 * filters by it; a request's page names its own merchant in the header.
 */
import type { Page } from "@playwright/test";
import { makeRequest } from "../support/checkout";
import { COFFEE, GADGETS } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

const switcher = (page: Page) => page.locator("#merchant-switcher");
const shownInHeader = (page: Page) => switcher(page).locator("option:checked");

test("the header, the list, New request and a request's page agree on the merchant", async ({ page, context, browser }) => {
  test.setTimeout(budget(60_000));
  await context.clearCookies({ name: "paydesk-merchant" });
  const gadgetsRequest = await makeRequest(browser, { amount: "140.00", merchant: GADGETS });

  // Nothing chosen yet: all merchants, in the header and in the list.
  await page.goto("/requests");
  await expect(shownInHeader(page)).toHaveText("All merchants");
  await expect(page.getByTestId("list-scope")).toHaveText("Showing All my merchants");
  // New request asks which merchant, as the header says "All merchants".
  await page.goto("/new/payin");
  await expect(page.getByTestId("merchant-picker")).toBeVisible();

  // One merchant chosen in the header: New request is for it without asking, the list shows only it.
  await switcher(page).selectOption({ label: COFFEE });
  await expect(page.getByTestId("create-merchant")).toContainText(COFFEE);
  await expect(page.getByTestId("merchant-picker")).toHaveCount(0);
  await page.goto("/requests");
  await expect(shownInHeader(page)).toHaveText(COFFEE);
  await expect(page.getByTestId("list-scope")).toHaveText(`Showing ${COFFEE}`);

  // Another merchant's request: the header names that merchant, and says why.
  await page.goto(`/requests/${gadgetsRequest.id}`);
  await expect(shownInHeader(page)).toHaveText(GADGETS);
  await expect(page.getByTestId("merchant-switcher-note")).toHaveText("this request's merchant");
  await expect(switcher(page)).toHaveAccessibleDescription("this request's merchant");

  // Switching from there leaves the request for the list, which follows the new choice.
  await switcher(page).selectOption({ label: "All merchants" });
  await expect(page).toHaveURL(/\/requests$/);
  await expect(shownInHeader(page)).toHaveText("All merchants");
  await expect(page.getByTestId("list-scope")).toHaveText("Showing All my merchants");
  await expect(page.getByTestId("merchant-switcher-note")).toHaveCount(0);
});

test("a list link naming a merchant shows that merchant in the header until the person switches", async ({ page, context }) => {
  await context.clearCookies({ name: "paydesk-merchant" });
  await page.goto("/requests");
  const gadgetsId = await switcher(page).locator("option", { hasText: GADGETS }).getAttribute("value");
  await page.goto(`/requests?merchant=${gadgetsId}&status=all`);
  await expect(page.getByTestId("list-scope")).toHaveText(`Showing ${GADGETS}`);
  await expect(shownInHeader(page)).toHaveText(GADGETS);

  await switcher(page).selectOption({ label: COFFEE });
  // The link's merchant is dropped, its other filters kept.
  await expect(page).toHaveURL(/\/requests\?status=all$/);
  await expect(page.getByTestId("list-scope")).toHaveText(`Showing ${COFFEE}`);
  await expect(shownInHeader(page)).toHaveText(COFFEE);
});
