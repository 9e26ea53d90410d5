/**
 * Two-factor sign-in from a person's side: a new person turns on an authenticator app on the
 * account's security page (the test computes the app's codes from the key the page shows), keeps
 * the recovery codes, then signs in with password and code; a code used once is refused the second
 * time, and a recovery code works once. In Thai too, and the page passes axe.
 */
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test, type Page } from "@playwright/test";
import { codeFor, freshPage, signIn as signInWithPassword, startAuthenticatorApp, TWO_FACTOR_PASSWORD } from "../support/two-factor";

test.beforeEach(({}) => {
  // Several deliberate password hashings (argon2) and three sign-ins.
  test.slow();
});

const PASSWORD = TWO_FACTOR_PASSWORD;

async function signIn(page: Page, email: string, password: string, code?: string) {
  await signInWithPassword(page, email, password);
  if (code === undefined) return;
  await expect(page.getByTestId("sign-in-error")).toHaveText(
    "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  );
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a person turns on an authenticator app, signs in with a code, a replayed code is refused, a recovery code works once", async ({
  page,
  browser,
}) => {
  const email = `two-factor-${Date.now()}-${randomBytes(2).toString("hex")}@paydesk.local`;
  await page.goto("/settings/staff/new");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Two Factor");
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();

  const person = await freshPage(browser);
  await signIn(person, email, oneTimePassword);
  await expect(person).toHaveURL(/\/account\/password$/);
  await person.getByLabel("One-time password").fill(oneTimePassword);
  await person.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await person.getByLabel("New password again").fill(PASSWORD);
  await person.getByRole("button", { name: "Save password" }).click();
  await expect(person.getByTestId("signed-in-as")).toBeVisible();

  // Turning it on: the key, then a first code.
  await person.getByRole("link", { name: "Security" }).click();
  await expect(person.getByRole("heading", { level: 1 })).toHaveText("Sign-in security");
  await expect(person.getByTestId("totp-status")).toContainText("Off.");
  await startAuthenticatorApp(person, PASSWORD);
  await expect(person.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await person.getByTestId("totp-key").textContent())!;
  await person.getByLabel("Code from the app").fill("123456");
  await person.getByRole("button", { name: "Turn on" }).click();
  await expect(person.getByTestId("totp-confirm-error")).toContainText("That code is not right");
  await person.getByLabel("Code from the app").fill(codeFor(key));
  await person.getByRole("button", { name: "Turn on" }).click();
  const codes = person.getByTestId("recovery-code");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await expectNoAxeViolations(person);
  await person.getByRole("button", { name: "I have saved them" }).click();
  await expect(person.getByTestId("totp-status")).toContainText("On since");
  await expect(person.getByText("10 of 10 recovery codes left.")).toBeVisible();

  // Signing in again: the password alone is not enough.
  const later = await freshPage(browser);
  const next = codeFor(key, 1);
  await signIn(later, email, PASSWORD, next);
  await expect(later).toHaveURL(/\/overview/);
  // The same code once more, in another browser: refused.
  const replay = await freshPage(browser);
  await signIn(replay, email, PASSWORD, next);
  await expect(replay.getByTestId("sign-in-error")).toHaveText(
    "That code is not right, or was used already. Enter the current code from your app, or an unused recovery code.",
  );
  await expect(replay.getByLabel("Password")).toHaveValue(PASSWORD);
  // A recovery code works, once.
  await replay.getByLabel("Authentication code").fill(recovery[0]!);
  await replay.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(replay).toHaveURL(/\/overview/);
  const again = await freshPage(browser);
  await signIn(again, email, PASSWORD, recovery[0]!);
  await expect(again.getByTestId("sign-in-error")).toContainText("That code is not right, or was used already.");

  // Where the person is signed in: the browsers above; one ended from here is signed out at its next click.
  await replay.goto("/account/security");
  await expect(replay.getByText("9 of 10 recovery codes left.")).toBeVisible();
  const rows = replay.getByTestId("session-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrome on (Windows|Linux)/);
  await rows.filter({ hasNotText: "This browser" }).first().getByRole("button", { name: /^End/ }).click();
  await expect(rows).toHaveCount(2);
  await replay.getByRole("button", { name: "End all other sessions" }).click();
  await expect(replay.getByTestId("sessions-success")).toHaveText("1 other session ended.");
  await expect(rows).toHaveCount(1);
  for (const other of [person, later]) {
    await other.goto("/requests");
    await expect(other).toHaveURL(/\/login/);
  }

  // In Thai.
  await replay.getByRole("button", { name: "ไทย" }).click();
  await expect(replay.getByRole("heading", { level: 1 })).toHaveText("ความปลอดภัยในการเข้าสู่ระบบ");
  await expect(replay.getByTestId("totp-status")).toContainText("เปิดตั้งแต่");
  await expectNoAxeViolations(replay);
});
