/**
 * The two-factor rule for a role, which applies to everyone in it: so this runs alone, after every
 * other test (the `alone` project), and puts the rule back. A finance person without a second
 * factor is taken to set one up right after the password and can open nothing else until done;
 * an admin resets their second factor, and the rule takes them back to set it up again.
 */
import { expectNoAxeViolations } from "../support/axe";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { codeFor, freshPage, signIn, startAuthenticatorApp, TWO_FACTOR_PASSWORD } from "../support/two-factor";

async function setRule(admin: Page, finance: boolean) {
  await admin.goto("/settings/staff");
  const form = admin.getByTestId("second-factor-policy");
  const box = form.getByRole("checkbox", { name: "Finance" });
  if (finance) await box.check();
  else await box.uncheck();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByTestId("second-factor-policy-success")).toHaveText("Saved. It applies at each person's next click.");
}

test("a finance person under the rule must set up two-factor sign-in first; an admin's reset sends them back to it", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `policy-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(email);
  const name = `Policy Finance ${randomBytes(2).toString("hex")}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();

  await setRule(page, true);
  try {
    const person = await freshPage(browser);
    await signIn(person, email, oneTimePassword);
    await person.getByLabel("One-time password").fill(oneTimePassword);
    await person.getByLabel("New password", { exact: true }).fill(TWO_FACTOR_PASSWORD);
    await person.getByLabel("New password again").fill(TWO_FACTOR_PASSWORD);
    await person.getByRole("button", { name: "Save password" }).click();
    // Straight on to the second factor: nothing else opens until it is set up.
    await expect(person).toHaveURL(/\/account\/security$/);
    await expect(person.getByTestId("must-enrol")).toHaveText(
      "Your role must sign in with a second factor. Set up an authenticator app or add a passkey to continue to the console.",
    );
    await expectNoAxeViolations(person);
    await person.goto("/approvals");
    await expect(person).toHaveURL(/\/account\/security$/);
    await startAuthenticatorApp(person, TWO_FACTOR_PASSWORD);
    const key = (await person.getByTestId("totp-key").textContent())!;
    await person.getByLabel("Code from the app").fill(codeFor(key));
    await person.getByRole("button", { name: "Turn on" }).click();
    await person.getByRole("button", { name: "I have saved them" }).click();
    await expect(person.getByTestId("must-enrol")).toHaveCount(0);
    await person.goto("/approvals");
    await expect(person).toHaveURL(/\/approvals$/);

    // Lost phone: an admin resets it (only with another admin about), and the rule brings them back to set it up again.
    await page.goto("/settings/staff/new");
    await page.getByLabel("Email").fill(`second-admin-${Date.now()}@paydesk.local`);
    await page.getByLabel("Name").fill(`Second Admin ${randomBytes(2).toString("hex")}`);
    await page.getByRole("radio", { name: /^Admin/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("one-time-password")).toBeVisible();
    await page.goto("/settings/staff");
    await page.getByRole("link", { name }).click();
    await expect(page.getByTestId("person-second-factor")).toHaveText("On: this person signs in with an authenticator app's code.");
    await page.getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await expect(page.getByTestId("second-factor-reset-success")).toHaveText("Reset. They set it up again at their next sign-in.");
    await person.goto("/requests");
    await expect(person).toHaveURL(/\/account\/security$/);
  } finally {
    await setRule(page, false);
  }
});
