/**
 * Adding a second factor and confirming it is you, from a person's side: a first
 * authenticator app or passkey needs the password again; a passkey-only person adds an app only
 * after a fresh check with the passkey (Chromium's virtual authenticator); too many wrong codes lock
 * confirming for the session, and then even the right code is refused, in words that say until when,
 * while signing in stays open.
 */
import { expect, test } from "@playwright/test";
import { E2E } from "../support/config";
import {
  addVirtualAuthenticator,
  codeFor,
  freshPage,
  invitedPerson,
  personWithTwoFactor,
  signIn,
  startAuthenticatorApp,
  TWO_FACTOR_PASSWORD,
} from "../support/two-factor";

test.beforeEach(({}) => {
  test.slow();
});

test("a first authenticator app needs the password again, and a missing or wrong one is refused in words", async ({
  page: admin,
  browser,
}) => {
  const { page } = await invitedPerson(admin, browser, "Viewer", "First App");
  await page.goto("/account/security");
  const section = page.getByRole("region", { name: "Authenticator app" });

  await section.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByTestId("totp-password-error")).toHaveText(
    "Enter your password to confirm it is you: it is needed before a first passkey or authenticator app.",
  );
  await expect(page.getByTestId("totp-key")).toHaveCount(0);

  await startAuthenticatorApp(page, "not my password");
  await expect(page.getByTestId("totp-password-error")).toHaveText("That password is not right. Enter the password you sign in with.");
  await expect(page.getByTestId("totp-key")).toHaveCount(0);

  await startAuthenticatorApp(page, TWO_FACTOR_PASSWORD);
  await expect(page.getByTestId("totp-key")).toBeVisible();

  // Thai words for the same refusal.
  await page.reload();
  await page.getByRole("button", { name: "ไทย" }).click();
  await page.getByRole("button", { name: "ตั้งค่าแอปยืนยันตัวตน" }).click();
  await expect(page.getByTestId("totp-password-error")).toHaveText("กรอกรหัสผ่านเพื่อยืนยันว่าเป็นคุณ: ต้องใช้ก่อนเพิ่มพาสคีย์หรือแอปยืนยันตัวตนเป็นครั้งแรก");
  await page.getByRole("button", { name: "English" }).click();
});

test("five wrong step-up codes lock confirming for the session: the right code is then refused, saying until when, and signing in still works", async ({
  page: admin,
  browser,
}) => {
  const { page, email, key } = await personWithTwoFactor(admin, browser, "Admin", "Locked Step-Up");
  /** Waits for the server's answer to the action a click sends (a server action is a POST with a Next-Action header). */
  const answerTo = async (click: () => Promise<void>) => {
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined);
    await click();
    await answered;
  };
  const wrong = codeFor(key) === "000000" ? "111111" : "000000";
  const locked =
    /^Too many wrong tries\. Confirming it is you is locked until \d{2}:\d{2} \(in 1[45] min\); even the right code or password is refused until then\. Signing in is not affected\.$/;

  // A payouts API key asks for a fresh code: the step-up dialog.
  await page.goto("/settings/developers");
  await page.getByTestId("developer-merchants").getByRole("link").first().click();
  await page.getByLabel("Name").fill("Guessed key");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  const said = dialog.getByRole("alert");
  const tryCode = (code: string) =>
    answerTo(async () => {
      await dialog.getByLabel("Code from your app").fill(code);
      await dialog.getByRole("button", { name: "Confirm" }).click();
    });
  for (let i = 1; i <= 4; i++) {
    await tryCode(wrong);
    await expect(said).toContainText("That code is not right");
  }
  await tryCode(wrong);
  await expect(said).toHaveText(locked);
  // The right code now: still refused, with the same words; no key is made.
  await tryCode(codeFor(key, 1));
  await expect(said).toHaveText(locked);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);

  // The same lock holds the security page's checks of a current code.
  await page.goto("/account/security");
  const form = page.getByTestId("recovery-codes-new-form");
  await form.getByLabel("Current code from your app").fill(codeFor(key, 1));
  await answerTo(() => form.getByRole("button", { name: "Make new recovery codes" }).click());
  await expect(page.getByTestId("recovery-codes-new-error")).toHaveText(locked);
  await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

  // Signing in is not locked: a new browser signs in with the password and a code.
  const other = await freshPage(browser);
  await signIn(other, email, TWO_FACTOR_PASSWORD);
  await other.getByLabel("Authentication code").fill(codeFor(key, 1));
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByTestId("signed-in-as")).toHaveAttribute("title", email);
  await other.context().close();
});

test("a first passkey needs the password; then adding an authenticator app needs a fresh check with the passkey", async ({
  page: admin,
  browser,
}) => {
  test.skip(!E2E.consoleUrl, "passkeys need the console at a host name: set E2E_CONSOLE_URL (PayDesk's CONSOLE_URL)");
  const { page } = await invitedPerson(admin, browser, "Finance", "Passkey First", E2E.consoleUrl!);
  await addVirtualAuthenticator(page);
  await page.goto("/account/security");
  const passkeys = page.getByRole("region", { name: "Passkeys" });

  await passkeys.getByLabel("Name for the new passkey").fill("Work laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey-password-error")).toHaveText(
    "Enter your password to confirm it is you: it is needed before a first passkey or authenticator app.",
  );
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Your password").fill(TWO_FACTOR_PASSWORD);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkeys-success")).toHaveText("Passkey “Work laptop” added.");

  // With a passkey, the app needs a fresh check with it: no password field, the step-up dialog instead.
  await page.reload();
  const app = page.getByRole("region", { name: "Authenticator app" });
  await expect(app.getByLabel("Your password")).toHaveCount(0);
  await startAuthenticatorApp(page, null);
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("totp-key")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Use your passkey" }).click();
  await expect(dialog).toBeHidden();
  const key = (await page.getByTestId("totp-key").textContent())!;
  await page.getByLabel("Code from the app").fill(codeFor(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
});
