/**
 * Through the browser: a thief holds a person's session. The admin resets the
 * person's password, which signs the thief's browser out. A session on the new one-time password
 * cannot reach the passkey page, and the passkey registration posted straight to the server (the
 * very request the security page sends) is refused there; it can switch language, sign out and
 * choose its password, and only then reach the security page.
 */
import { expect, test, type Request } from "@playwright/test";
import { E2E } from "../support/config";
import { freshPage, invitedPerson, signIn } from "../support/two-factor";

test.beforeEach(({}) => {
  // The passkey section is offered only where passkeys work (CONSOLE_URL, a host name), as in passkeys.spec.ts.
  test.skip(!E2E.consoleUrl, "passkeys need the console at a host name: set E2E_CONSOLE_URL (PayDesk's CONSOLE_URL)");
});

const OWN_PASSWORD = "the owner's own long password";

test("a reset signs the other browser out; on a one-time password only the password, sign-out and language work", async ({
  page: admin,
  browser,
}) => {
  // Several deliberate password hashings (argon2, memory-hard) and three browsers: slow by design.
  test.slow();
  const { page: thief, email } = await invitedPerson(admin, browser, "Viewer", "Reset Person", E2E.consoleUrl!);

  // The request the security page sends to begin adding a passkey, kept (not let through) to be sent again later.
  await thief.goto("/account/security");
  const passkeys = thief.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name for the new passkey").fill("Thief's key");
  let beginRegistration: Request | null = null;
  await thief.route("**/account/security", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
      beginRegistration ??= route.request();
      await route.abort();
    } else await route.continue();
  });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect.poll(() => beginRegistration !== null).toBe(true);
  await thief.unroute("**/account/security");

  // The admin resets the password: the thief's browser is signed out at its next request.
  await admin.goto("/settings/staff");
  await admin.getByTestId(`staff-row-${email}`).getByRole("link", { name: "Reset Person" }).click();
  await admin.getByRole("button", { name: "Make a new one-time password" }).click();
  const oneTimePassword = (await admin.getByTestId("one-time-password").textContent())!.trim();
  await thief.goto("/requests");
  await expect(thief).toHaveURL(/\/login/);

  // On the one-time password: every page sends to the password page, the passkey page too.
  const owner = await freshPage(browser, E2E.consoleUrl!);
  await signIn(owner, email, oneTimePassword);
  await expect(owner).toHaveURL(/\/account\/password$/);
  await owner.goto("/account/security");
  await expect(owner).toHaveURL(/\/account\/password$/);
  await expect(owner.getByRole("region", { name: "Passkeys" })).toHaveCount(0);

  // The registration posted straight to the server with this session is refused by the door: no challenge handed out.
  const sent = beginRegistration!;
  const direct = await owner.request.post(sent.url(), {
    headers: {
      "next-action": sent.headers()["next-action"]!,
      "content-type": sent.headers()["content-type"] ?? "text/plain;charset=UTF-8",
      origin: new URL(sent.url()).origin,
      accept: "text/x-component",
    },
    data: sent.postDataBuffer() ?? "[]",
    maxRedirects: 0,
  });
  const answer = await direct.text();
  expect(answer).toContain("Choose your own password first (you are still on a one-time password), then try again.");
  expect(answer).not.toContain("challenge");

  // The language switches, in both directions.
  await owner.getByRole("button", { name: "ไทย" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "ตั้งรหัสผ่านของคุณ" })).toBeVisible();
  await owner.getByRole("button", { name: "English" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();

  // Signing out works; signed in again, the password is chosen and the security page opens.
  await owner.getByRole("button", { name: "Sign out" }).click();
  await expect(owner).toHaveURL(/\/login/);
  await signIn(owner, email, oneTimePassword);
  await expect(owner).toHaveURL(/\/account\/password$/);
  await owner.getByLabel("One-time password").fill(oneTimePassword);
  await owner.getByLabel("New password", { exact: true }).fill(OWN_PASSWORD);
  await owner.getByLabel("New password again").fill(OWN_PASSWORD);
  await owner.getByRole("button", { name: "Save password" }).click();
  await expect(owner.getByTestId("signed-in-as")).toBeVisible();
  await owner.goto("/account/security");
  await expect(owner.getByRole("region", { name: "Passkeys" })).toBeVisible();

  await thief.context().close();
  await owner.context().close();
});
