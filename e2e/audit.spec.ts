/**
 * The audit log, as an admin: the settings actions just done are there (who, what, outcome, on
 * whom, from which IP, Bangkok time), and the filters narrow it, live in the URL and survive the
 * back button. A refused sign-in is there too; a finance person can read the log, a viewer cannot.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { demoUser, NO_DEMO_USERS, storageStatePath } from "./support/auth-users";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "console", "staff pages: the console project signs in as the demo admin");
});

const rows = (page: Page) => page.getByTestId("audit-row");
const filter = (page: Page, label: string) => page.getByTestId("audit-filters").getByLabel(label);
/** Today in Bangkok, as the date inputs want it. */
const bangkokToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());

test("shows who did what and filters it by person, action, outcome, merchant and day, in the URL", async ({ page }) => {
  // Something to find: invite a person, disable them, and try (and fail) to disable oneself... via the UI.
  const tag = randomBytes(3).toString("hex");
  const email = `audited-${tag}@paydesk.local`;
  const name = `Audited Anong ${tag}`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("one-time-password")).toBeVisible();
  await page.getByRole("link", { name: `Edit ${email}` }).click();
  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByTestId("staff-account-success")).toHaveText("Account disabled.");

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  const disable = rows(page).filter({ hasText: name }).filter({ hasText: "Disable an account" }).first();
  await expect(disable).toContainText("Demo Admin");
  await expect(disable).toContainText("Done");
  await expect(disable).toContainText(/\d{2}:\d{2}:\d{2}/);
  await expect(disable.locator("td").nth(5)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1|[0-9a-f:.]+)$/);

  // By action: only invites.
  await filter(page, "Action").selectOption("staff.invite");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=staff\.invite(&|$)/);
  await expect(rows(page).first()).toBeVisible();
  for (const action of await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-action"))))
    expect(action).toBe("staff.invite");
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);

  // And by person, outcome and today's Bangkok date together.
  await filter(page, "Person").selectOption({ label: "Demo Admin (admin@paydesk.local)" });
  await filter(page, "Outcome").selectOption("ok");
  await filter(page, "From (day)").fill(bangkokToday());
  await filter(page, "To (day, included)").fill(bangkokToday());
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${bangkokToday()}`));
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  // A day in the past has none of today's rows.
  await filter(page, "From (day)").fill("2020-01-01");
  await filter(page, "To (day, included)").fill("2020-01-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("audit-empty")).toHaveText("No entries match these filters.");

  // The back button returns to the previous filters (the URL decides what is listed).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`from=${bangkokToday()}`));
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(filter(page, "Action")).toHaveValue("");
});

test("filters by merchant: a change to a merchant is recorded against it", async ({ page }) => {
  await page.goto("/settings/merchants");
  await page.getByRole("link", { name: "Chiang Mai Gadgets" }).click();
  await expect(page).toHaveURL(/\/settings\/merchants\/mer_/);
  const merchantPath = new URL(page.url()).pathname;
  const merchantId = merchantPath.split("/").at(-1)!;
  // Saved unchanged: replacing the demo merchant's keys would break the other tests' provider calls.
  await page.getByTestId("limits-form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("limits-success")).toHaveText("Saved.");

  await page.goto(`/audit?merchant=${merchantId}`);
  await expect(filter(page, "Merchant")).toHaveValue(merchantId);
  await expect(rows(page).first()).toBeVisible();
  for (const text of await rows(page).allTextContents()) expect(text).toContain("Chiang Mai Gadgets");
  await expect(rows(page).filter({ hasText: "Change merchant name or limits" }).first()).toBeVisible();
});

test("a refused sign-in is recorded, with the address it came from", async ({ page, browser }) => {
  const address = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
  const email = `nobody-${Date.now()}@paydesk.local`;
  const stranger = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/login");
  await strangerPage.getByLabel("Email").fill(email);
  await strangerPage.getByLabel("Password").fill("a wrong guess");
  await strangerPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(strangerPage.getByTestId("sign-in-error")).toBeVisible();
  await stranger.close();

  await page.goto("/audit?action=auth.sign-in&outcome=failed");
  const row = rows(page).filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(address);
  await expect(row).toContainText("Unknown");
  await expect(row).toContainText("Refused");
});

test("a filter the page cannot read is named, not an error", async ({ page }) => {
  await page.goto("/audit?from=e2e&outcome=sideways");
  await expect(page.getByTestId("audit-ignored")).toContainText("outcome, from");
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
});

test.describe("who may read it", () => {
  test.use({ storageState: storageStatePath("viewer") });
  test("a viewer gets the 403 page", async ({ page }) => {
    test.skip(!demoUser("viewer"), NO_DEMO_USERS);
    expect((await page.goto("/audit"))?.status()).toBe(403);
  });
});
