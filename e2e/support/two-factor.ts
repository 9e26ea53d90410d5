/**
 * A new person with two-factor sign-in, for the tests that need one: invited by the demo admin
 * (`admin` is a page signed in as them), their own password chosen, an authenticator app turned on.
 * The app's codes are computed from the key the page shows, as a phone would.
 */
import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E } from "./config";

export const TWO_FACTOR_PASSWORD = "correct horse battery staple";

/** The app's code `stepsAhead` 30-second steps from now (a code is accepted once, one step either side). */
export const codeFor = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** A browser of its own, signed out, at PayDesk's address (or `baseURL`: the console's host name, for passkeys). */
export async function freshPage(browser: Browser, baseURL = E2E.baseUrl): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Invites a person in `role` (limited to `merchants` by name, when given) and signs them in on a
 * page of their own (at `baseURL`), their own password chosen.
 */
export async function invitedPerson(
  admin: Page,
  browser: Browser,
  role: "Finance" | "Admin" | "Operator" | "Viewer",
  name: string,
  baseURL = E2E.baseUrl,
  merchants?: string[],
): Promise<{ page: Page; email: string }> {
  const email = `two-factor-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;
  await admin.goto("/settings/staff/new");
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("Name").fill(name);
  await admin.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  if (merchants) {
    await admin.getByLabel(/Every merchant/).uncheck();
    for (const merchant of merchants) await admin.getByLabel(merchant).check();
  }
  await admin.getByRole("button", { name: "Create account" }).click();
  const oneTimePassword = (await admin.getByTestId("one-time-password").textContent())!.trim();

  const page = await freshPage(browser, baseURL);
  await signIn(page, email, oneTimePassword);
  await expect(page).toHaveURL(/\/account\/password$/);
  await page.getByLabel("One-time password").fill(oneTimePassword);
  await page.getByLabel("New password", { exact: true }).fill(TWO_FACTOR_PASSWORD);
  await page.getByLabel("New password again").fill(TWO_FACTOR_PASSWORD);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  return { page, email };
}

/**
 * On the account's security page: starts turning the authenticator app on. A person with no second
 * factor yet gives their password again first (`password`); one with a passkey is asked for a fresh
 * check with it instead (null: no password field).
 */
export async function startAuthenticatorApp(page: Page, password: string | null): Promise<void> {
  const section = page.getByRole("region", { name: "Authenticator app" });
  if (password !== null) await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Set up an authenticator app" }).click();
}

/** Invites a person in `role`, signs them in on a page of their own, and turns on their app; answers the page and the app's key. */
export async function personWithTwoFactor(
  admin: Page,
  browser: Browser,
  role: "Finance" | "Admin" | "Operator" | "Viewer",
  name: string,
): Promise<{ page: Page; email: string; key: string; recovery: string[] }> {
  const { page, email } = await invitedPerson(admin, browser, role, name);
  await page.goto("/account/security");
  await startAuthenticatorApp(page, TWO_FACTOR_PASSWORD);
  const key = (await page.getByTestId("totp-key").textContent())!;
  await page.getByLabel("Code from the app").fill(codeFor(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-code");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByTestId("totp-status")).toContainText("On since");
  return { page, email, key, recovery };
}

/**
 * Chromium's virtual authenticator on the page's browser (CDP WebAuthn): a platform authenticator
 * that keeps discoverable credentials and verifies the person, answering without a prompt.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
