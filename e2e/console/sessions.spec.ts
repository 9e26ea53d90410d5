/**
 * Sessions end where they should: changing one's own password signs out one's other sessions (a
 * second browser), and keeps the one that changed it. The absolute 7-day limit is a rule of
 * lib/auth/current-session.ts, tested there with the clock moved.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "../support/config";

const FIRST = "correct horse battery staple";
const SECOND = "another horse, another battery";

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel(/^(One-time|Current) password$/).fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Save password" }).click();
}

test("changing one's password signs out one's other sessions and keeps this one", async ({ page, browser }) => {
  // Several deliberate password hashings (argon2, memory-hard) and three browsers: slow by design.
  test.slow();
  const email = `sessions-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Two Browsers");
  await page.getByRole("radio", { name: /^Viewer/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();

  const laptop = await freshPage(browser);
  await signIn(laptop, email, oneTimePassword);
  await expect(laptop).toHaveURL(/\/account\/password$/);
  await changePassword(laptop, oneTimePassword, FIRST);
  await expect(laptop.getByTestId("signed-in-as")).toBeVisible();

  const phone = await freshPage(browser);
  await signIn(phone, email, FIRST);
  await expect(phone.getByTestId("signed-in-as")).toBeVisible();

  // The laptop changes the password (say, the phone was lost).
  await laptop.goto("/account/password");
  await changePassword(laptop, FIRST, SECOND);
  await expect(laptop.getByTestId("password-success")).toHaveText("Your password is changed.");

  await phone.goto("/requests");
  await expect(phone).toHaveURL(/\/login/);
  await laptop.goto("/requests");
  await expect(laptop.getByTestId("signed-in-as")).toHaveText("Two Browsers · Viewer");

  // The old password opens nothing; the new one does.
  await signIn(phone, email, FIRST);
  await expect(phone.getByTestId("sign-in-error")).toBeVisible();
  await signIn(phone, email, SECOND);
  await expect(phone.getByTestId("signed-in-as")).toBeVisible();
  await laptop.context().close();
  await phone.context().close();
});
