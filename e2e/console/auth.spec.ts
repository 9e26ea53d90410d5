import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { anyUser, demoUser, NO_DEMO_USERS, NO_USER, ROLES, signIn, storageStatePath, submitSignIn, type Role } from "../support/auth-users";
import { E2E } from "../support/config";

// Runs in the `console` project only (the `customer` project ignores this file): staff sign-in is
// a desktop flow, and its stored sessions come from the console's `setup` dependency.

// What each role's nav shows (lib/navigation/console-sections.ts). "Approvals" carries the number
// waiting beside it when there are any (other tests hold Pay-Outs at the same time).
const APPROVALS = /^Approvals(, \d+ waiting)?$/;
// …and "Needs attention" the number of items waiting for this person.
const ATTENTION = /^Needs attention(, \d+ items?)?$/;
const NAV: Record<Role, Array<string | RegExp>> = {
  viewer: ["Overview", ATTENTION, "Requests", "Slips", "Provider webhooks"],
  operator: ["Overview", ATTENTION, "Requests", "New request", "Slips", "Provider webhooks"],
  finance: [
    "Overview",
    ATTENTION,
    "Requests",
    "New request",
    APPROVALS,
    "Bulk Pay-Outs",
    "Slips",
    "Provider webhooks",
    "Statement",
    "Audit",
  ],
  admin: [
    "Overview",
    ATTENTION,
    "Requests",
    "New request",
    APPROVALS,
    "Bulk Pay-Outs",
    "Slips",
    "Provider webhooks",
    "Statement",
    "Settings",
    "Audit",
  ],
};
const ROLE_LABEL: Record<Role, string> = { viewer: "Viewer", operator: "Operator", finance: "Finance", admin: "Admin" };
const INVALID = "That email and password do not match an account. Check both and try again.";

const signInError = (page: Page) => page.getByTestId("sign-in-error");
/**
 * Failed attempts count per IP too (20 per 15 minutes). Tests that fail on purpose come from their
 * own documentation-range address, so repeated local runs never lock 127.0.0.1 for the others.
 */
const ownAddress = () => ({ "X-Forwarded-For": `198.51.100.${1 + (randomBytes(1)[0]! % 250)}` });

test.describe("signing in and out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const role of ROLES) {
    test(`${role} signs in and sees only the sections the role may open @deployed`, async ({ page }) => {
      const user = demoUser(role);
      test.skip(!user, NO_DEMO_USERS);
      await page.goto("/login");
      await signIn(page, user!);
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByTestId("signed-in-as")).toHaveText(`${user!.name} · ${ROLE_LABEL[role]}`);
      const links = page.getByRole("navigation", { name: "Console" }).getByRole("link");
      await expect(links).toHaveCount(NAV[role].length);
      for (const [i, name] of NAV[role].entries()) await expect(links.nth(i)).toHaveAccessibleName(name);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    });
  }

  test.describe("refusals", () => {
    test.use({ extraHTTPHeaders: ownAddress() });

    test("an empty form says which field is missing", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("Enter your email address.")).toBeVisible();
      await expect(page.getByText("Enter your password.")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    });

    test("after a wrong password the focus is on the password field, ready for the next try", async ({ page }) => {
      const user = anyUser();
      test.skip(!user, NO_USER);
      await submitSignIn(page, user!.email, `${user!.password}-wrong`);
      await expect(signInError(page)).toHaveText(INVALID);
      await expect(page.getByLabel("Password")).toBeFocused();
    });

    test("a wrong password and an unknown email get the same answer; the right password then works", async ({ page }) => {
      const user = anyUser();
      test.skip(!user, NO_USER);
      await submitSignIn(page, user!.email, `${user!.password}-wrong`);
      await expect(signInError(page)).toHaveText(INVALID);
      // The email stays filled in; the password is cleared for the next try.
      await expect(page.getByLabel("Email")).toHaveValue(user!.email);
      await expect(page.getByLabel("Password")).toHaveValue("");

      await submitSignIn(page, `nobody-${Date.now()}@paydesk.local`, "whatever it is");
      await expect(signInError(page)).toHaveText(INVALID);

      await submitSignIn(page, user!.email, user!.password);
      await expect(page.getByTestId("signed-in-as")).toBeVisible();
    });

    test("a disabled account is told so, after the right password", async ({ page }) => {
      const user = demoUser("disabled");
      test.skip(!user, NO_DEMO_USERS);
      await submitSignIn(page, user!.email, `${user!.password}-wrong`);
      await expect(signInError(page)).toHaveText(INVALID);
      await submitSignIn(page, user!.email, user!.password);
      await expect(signInError(page)).toHaveText("This account is disabled; ask an admin.");
      await expect(page).toHaveURL(/\/login/);
    });

    test("a burst of failed attempts locks the account with a message saying when to retry", async ({ page }) => {
      test.skip(E2E.external, "would lock this machine's address on a shared deployment");
      const email = `burst-${Date.now()}-${randomBytes(3).toString("hex")}@paydesk.local`;
      for (let attempt = 1; attempt <= 4; attempt++) {
        await submitSignIn(page, email, `guess ${attempt}`);
        await expect(signInError(page)).toHaveText(INVALID);
      }
      await submitSignIn(page, email, "guess 5");
      await expect(signInError(page)).toHaveText("Too many failed sign-ins for this account; try again in 15 minutes.");
      await submitSignIn(page, email, "guess 6");
      await expect(signInError(page)).toHaveText(/^Too many failed sign-ins for this account; try again in 1[45] minutes\.$/);
    });
  });

  test("signing out ends the session @deployed", async ({ page }) => {
    const user = demoUser("operator") ?? anyUser();
    test.skip(!user, NO_USER);
    await page.goto("/login");
    await signIn(page, user!);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/requests");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Frequests$/);
    await expect(page.getByRole("heading", { name: "Sign in to PayDesk" })).toBeVisible();
  });

  test("a session cookie renewed after signing out is void, and signing in again comes back to the page", async ({ page, context }) => {
    const user = demoUser("operator") ?? anyUser();
    test.skip(!user, NO_USER);
    await page.goto("/login");
    await signIn(page, user!);
    // A response in flight while signing out (a prefetch, the event stream) can set the cookie again.
    const stale = await context.cookies();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.addCookies(stale);
    await page.goto("/requests?status=paid");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Frequests%3Fstatus%3Dpaid$/);
    await signIn(page, user!);
    await expect(page).toHaveURL(/\/requests\?status=paid$/);
  });

  test("a console page asked for while signed out opens after signing in", async ({ page }) => {
    const user = demoUser("finance");
    test.skip(!user, NO_DEMO_USERS);
    await page.goto("/audit?from=e2e");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faudit%3Ffrom%3De2e$/);
    await signIn(page, user!);
    await expect(page).toHaveURL(/\/audit\?from=e2e$/);
    await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  });

  test("the home page is for staff: signed out, it is the sign-in page, and the provider is not named", async ({ page }) => {
    const response = await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    if (E2E.sandboxUrl) expect(await response!.text()).not.toContain(E2E.sandboxUrl);
  });
});

test.describe("permissions on pages", () => {
  test.use({ storageState: storageStatePath("viewer") });

  test("a viewer opening Settings or New request directly gets a 403 page, not the content", async ({ page }) => {
    test.skip(!demoUser("viewer"), NO_DEMO_USERS);
    for (const path of ["/settings", "/new", "/approvals", "/audit"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have permission to open this page" })).toBeVisible();
      await expect(page.getByText("Your role (Viewer) cannot use it.")).toBeVisible();
      await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
    }
    expect((await page.goto("/requests"))?.status()).toBe(200);
  });
});

test.describe("the setup project's stored session", () => {
  test("console tests start signed in", async ({ page }) => {
    test.skip(!anyUser(), NO_USER);
    await page.goto("/requests");
    await expect(page).toHaveURL(/\/requests$/);
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
  });

  test("the merchant switcher keeps the chosen merchant across pages", async ({ page }) => {
    await page.goto("/requests");
    // The header's switcher; list pages have "Merchant" filters of their own.
    const switcher = page.locator("#merchant-switcher");
    const options = switcher.locator("option");
    test.skip((await options.count()) < 2, "fewer than two merchants in this PayDesk: nothing to switch between");
    const second = await options.nth(1).getAttribute("value");
    await switcher.selectOption(second!);
    await expect(switcher).toHaveValue(second!);
    await page.getByRole("link", { name: "Provider webhooks" }).click();
    await expect(page.locator("#merchant-switcher")).toHaveValue(second!);
  });
});
