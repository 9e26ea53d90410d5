/**
 * Passkeys from a person's side, with Chromium's virtual authenticator (CDP WebAuthn): a new person
 * adds a passkey on the account's security page, signs out and signs in with the passkey alone,
 * then with the password and the passkey as the second factor; removing it asks for a fresh check
 * (step-up), answered with the passkey. Passkeys need a host name, so these pages are opened at
 * the console's address (CONSOLE_URL: localhost), not at 127.0.0.1. In Thai too, and axe.
 */
import { expectNoAxeViolations } from "../support/axe";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../support/config";
import { addVirtualAuthenticator, invitedPerson, signIn, TWO_FACTOR_PASSWORD } from "../support/two-factor";

test.beforeEach(({}) => {
  test.skip(!E2E.consoleUrl, "passkeys need the console at a host name: set E2E_CONSOLE_URL (PayDesk's CONSOLE_URL)");
  test.slow();
});

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("a person adds a passkey, signs in with it alone and as the second factor, and removes it after a fresh check", async ({
  page: admin,
  browser,
}) => {
  const { page, email } = await invitedPerson(admin, browser, "Finance", "Passkey Person", E2E.consoleUrl!);
  await addVirtualAuthenticator(page);

  await page.goto("/account/security");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  // A name is asked for first, in words beside the field.
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey-name-error")).toHaveText(
    "Give the passkey a name you will recognise, like “Work laptop” or “Phone”.",
  );
  await section.getByLabel("Name for the new passkey").fill("Work laptop");
  // A first second factor: the password again.
  await section.getByLabel("Your password").fill(TWO_FACTOR_PASSWORD);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkeys-success")).toHaveText("Passkey “Work laptop” added.");
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);
  await expect(page.getByTestId("passkey-row")).toContainText("Not used yet");
  await expectNoAxeViolations(page);

  // The passkey alone: no email, no password.
  await page.goto("/requests");
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveAttribute("title", email);

  // With the password, the passkey is the second factor.
  await signOut(page);
  await signIn(page, email, TWO_FACTOR_PASSWORD);
  await expect(page.getByTestId("sign-in-error")).toHaveText("Use your passkey to finish signing in.");
  await expect(page.getByLabel("Authentication code")).toHaveCount(0);
  await page.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveAttribute("title", email);

  // Thai.
  await page.goto("/account/security");
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(page.getByRole("heading", { name: "พาสคีย์" })).toBeVisible();
  await expect(page.getByTestId("passkey-row")).toContainText("ใช้ล่าสุด");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();

  // Removing it needs a fresh check, with the passkey, then goes ahead.
  await page.getByRole("button", { name: "Remove: Work laptop" }).click();
  const dialog = page.getByTestId("step-up-dialog");
  await expect(dialog).toContainText("This needs a fresh check with your passkey");
  await dialog.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page.getByTestId("passkeys-success")).toHaveText("Passkey “Work laptop” removed.");
  await expect(page.getByTestId("passkey-row")).toHaveCount(0);

  // Gone: the password alone signs in again.
  await page.goto("/requests");
  await signOut(page);
  await signIn(page, email, TWO_FACTOR_PASSWORD);
  await expect(page.getByTestId("signed-in-as")).toHaveAttribute("title", email);
});

test("at the login page, a passkey nobody registered does not sign in, and says so", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E.consoleUrl!, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await page.goto("/login");
  // The virtual authenticator holds no passkey for this site: the browser finds none to offer.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText("The passkey was not used (cancelled, or the time ran out).");
  await context.close();
});
