/**
 * What a role cannot do is not offered, and the pages refuse it (403). The server actions refuse a
 * direct call too: app/(console)/new/actions.db.test.ts calls them with each role.
 */
import { skipWithoutRole, storageStatePath } from "../support/auth-users";
import { COFFEE } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

test.describe("an operator", () => {
  test.use({ storageState: storageStatePath("operator") });
  test.beforeEach(() => skipWithoutRole(test, "operator"));

  test("is offered Pay-In and P2P only; the money-out pages and the approvals queue answer 403 @deployed", async ({ page }) => {
    await page.goto("/new");
    const picker = page.getByTestId("merchant-picker");
    if (await picker.isVisible()) await picker.getByRole("button", { name: COFFEE }).click();
    const operations = page.getByTestId("operations");
    await expect(operations.locator("a > span:first-child")).toHaveText(["Pay-In", "Pay-In P2P"]);
    await expect(page.getByText("Your role cannot create the other kinds of request.")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Approvals" })).toHaveCount(0);

    for (const path of ["/new/payout", "/new/withdrawal", "/approvals"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByTestId("forbidden")).toBeVisible();
    }
    expect((await page.goto("/new/payin"))?.status()).toBe(200);
  });
});

test.describe("a viewer", () => {
  test.use({ storageState: storageStatePath("viewer") });
  test.beforeEach(() => skipWithoutRole(test, "viewer"));

  test("cannot open the create pages at all @deployed", async ({ page }) => {
    for (const path of ["/new", "/new/payin", "/new/p2p"]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
    }
  });
});
