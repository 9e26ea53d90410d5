/**
 * Settings → Staff, end to end: an admin invites a person, who signs in with the one-time password
 * and must choose their own before anything else; the admin changes their role (it applies at
 * their next click) and disables them (they are out at their next click). Then the language
 * switcher, as that person: switched, and remembered after signing out and in again.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "../support/config";

const NEW_PASSWORD = "correct horse battery staple";

/** A signed-out browser of its own (the test's own page is the demo admin, and new contexts inherit that state unless told). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function invite(page: Page, person: { email: string; name: string; role: string }): Promise<string> {
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Name").fill(person.name);
  await page.getByRole("radio", { name: new RegExp(`^${person.role}`) }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("one-time-password-notice")).toContainText(`Account created for ${person.email}.`);
  return (await page.getByTestId("one-time-password").textContent())!.trim();
}

async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function choosePassword(page: Page, oneTimePassword: string) {
  await expect(page).toHaveURL(/\/account\/password$/);
  await page.getByLabel("One-time password").fill(oneTimePassword);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;

test("an invited person signs in with the one-time password and must choose their own first", async ({ page, browser }) => {
  // Several deliberate password hashings (argon2, memory-hard) and two browsers: slow by design.
  test.slow();
  const email = uniqueEmail("invited");
  const oneTimePassword = await invite(page, { email, name: "Invited Ingrid", role: "Operator" });
  await page.goto("/settings/staff");
  await expect(page.getByTestId(`staff-row-${email}`).getByTestId("staff-status")).toHaveText("Has not chosen a password yet");
  // The one-time password is not on the page any more.
  expect(await page.content()).not.toContain(oneTimePassword);

  const them = await freshPage(browser);
  await submitSignIn(them, email, oneTimePassword);
  await expect(them).toHaveURL(/\/account\/password$/);
  await expect(them.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  // Every console page sends them back here until they have.
  await them.goto("/requests");
  await expect(them).toHaveURL(/\/account\/password$/);

  // The form's rules, with the values kept.
  await them.getByLabel("One-time password").fill(oneTimePassword);
  await them.getByLabel("New password", { exact: true }).fill("too short");
  await them.getByLabel("New password again").fill("too shorT");
  await them.getByRole("button", { name: "Save password" }).click();
  await expect(them.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(
    /Choose a password of at least 12 characters\./,
  );
  await expect(them.getByLabel("New password again")).toHaveAccessibleDescription("The two new passwords differ; type the same one twice.");
  await expect(them.getByLabel("One-time password")).toHaveValue(oneTimePassword);
  await them.getByLabel("One-time password").fill("not-the-one-time-password");
  await them.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await them.getByLabel("New password again").fill(NEW_PASSWORD);
  await them.getByRole("button", { name: "Save password" }).click();
  await expect(them.getByLabel("One-time password")).toHaveAccessibleDescription(
    "That is not your current password. Check it and try again.",
  );

  await choosePassword(them, oneTimePassword);
  await expect(them).toHaveURL(/\/overview$/);
  await expect(them.getByTestId("signed-in-as")).toHaveText("Invited Ingrid · Operator");

  // The one-time password no longer opens the account; the chosen one does.
  await them.context().close();
  const again = await freshPage(browser);
  await submitSignIn(again, email, oneTimePassword);
  await expect(again.getByTestId("sign-in-error")).toBeVisible();
  await submitSignIn(again, email, NEW_PASSWORD);
  await expect(again.getByTestId("signed-in-as")).toBeVisible();
  await page.goto("/settings/staff");
  await expect(page.getByTestId(`staff-row-${email}`).getByTestId("staff-status")).toHaveText("Active");
  await again.context().close();
});

test("a role change applies at the person's next click, and disabling puts them out", async ({ page, browser }) => {
  const email = uniqueEmail("changed");
  const oneTimePassword = await invite(page, { email, name: "Changing Chai", role: "Viewer" });
  const them = await freshPage(browser);
  await submitSignIn(them, email, oneTimePassword);
  await choosePassword(them, oneTimePassword);
  const nav = them.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Audit" })).toHaveCount(0);

  await page.goto("/settings/staff");
  await page.getByTestId(`staff-row-${email}`).getByRole("link", { name: "Changing Chai" }).click();
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("staff-access-success")).toHaveText("Saved. It applies at the person's next click.");

  await them.reload();
  await expect(them.getByTestId("signed-in-as")).toHaveText("Changing Chai · Finance");
  await expect(nav.getByRole("link", { name: "Audit" })).toBeVisible();

  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByTestId("staff-account-success")).toHaveText("Account disabled.");
  await expect(page.getByRole("button", { name: "Enable account" })).toBeVisible();
  await page.goto("/settings/staff");
  await expect(page.getByTestId(`staff-row-${email}`).getByTestId("staff-status")).toHaveText("Disabled");

  await them.goto("/requests");
  await expect(them).toHaveURL(/\/login/);
  await submitSignIn(them, email, NEW_PASSWORD);
  await expect(them.getByTestId("sign-in-error")).toHaveText("This account is disabled; ask an admin.");
  await them.context().close();
});

test("an admin cannot disable themselves or change their own role", async ({ page }) => {
  await page.goto("/settings/staff");
  await page
    .getByRole("row", { name: /\(you\)/ })
    .getByRole("link")
    .click();
  await expect(page.getByTestId("staff-self")).toContainText("This is your own account");
  await expect(page.getByRole("button", { name: "Disable account" })).toHaveCount(0);
});

test("an invite with a taken email says so beside the field and keeps what was typed", async ({ page }) => {
  await page.goto("/settings/staff/new");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter the person's email address.");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Enter the person's name.");
  await page.getByLabel("Email").fill("ADMIN@paydesk.local");
  await page.getByLabel("Name").fill("Second Admin");
  await page.getByLabel(/Every merchant/).uncheck();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Pick at least one merchant, or allow every merchant.")).toBeVisible();
  await page.getByLabel("Siam Coffee Roasters").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
    "A person with this email address already has an account. Find them in the staff list instead.",
  );
  await expect(page.getByLabel("Name")).toHaveValue("Second Admin");
  await expect(page.getByLabel("Siam Coffee Roasters")).toBeChecked();
});

test("the language switcher switches to Thai, and the choice follows the person after signing out and in", async ({ page, browser }) => {
  const email = uniqueEmail("thai");
  const oneTimePassword = await invite(page, { email, name: "Somsri", role: "Finance" });
  const them = await freshPage(browser);
  await submitSignIn(them, email, oneTimePassword);
  await choosePassword(them, oneTimePassword);
  await expect(them.locator("html")).toHaveAttribute("lang", "en");

  await them.getByRole("group", { name: "Language" }).getByRole("button", { name: "ไทย" }).click();
  await expect(them.getByRole("navigation", { name: "คอนโซล" }).getByRole("link", { name: "บันทึกการใช้งาน" })).toBeVisible();
  await expect(them.locator("html")).toHaveAttribute("lang", "th");
  await expect(them.getByTestId("signed-in-as")).toHaveText("Somsri · การเงิน");
  await expect(them.getByRole("button", { name: "ไทย" })).toHaveAttribute("aria-pressed", "true");
  await them.goto("/audit");
  await expect(them.getByRole("heading", { level: 1, name: "บันทึกการใช้งาน" })).toBeVisible();

  // Signed out: the sign-in page stays Thai (the cookie on this browser).
  await them.getByRole("button", { name: "ออกจากระบบ" }).click();
  await expect(them).toHaveURL(/\/login$/);
  await expect(them.getByRole("heading", { name: "เข้าสู่ระบบ PayDesk" })).toBeVisible();

  // Another browser, no cookie, English sign-in page: once signed in, the console is Thai (the account).
  const elsewhere = await freshPage(browser);
  await submitSignIn(elsewhere, email, NEW_PASSWORD);
  await expect(elsewhere.getByTestId("signed-in-as")).toHaveText("Somsri · การเงิน");
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "th");
  await elsewhere.getByRole("button", { name: "English" }).click();
  await expect(elsewhere.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit" })).toBeVisible();
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "en");
  await them.context().close();
  await elsewhere.context().close();
});
