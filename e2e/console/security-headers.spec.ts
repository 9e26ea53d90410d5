/**
 * The browser-side defences (lib/http/security-headers.ts, set by proxy.ts): a nonce-based
 * Content-Security-Policy on every kind of page, fresh per response and on every script Next
 * writes; a Permissions-Policy; and pages that do all they do — sign in, create a request, the
 * checkout turning paid with the provider's hub connected, a slip preview and the slip page's
 * language switched in place — without one violation.
 * HSTS is only sent for an https PUBLIC_BASE_URL (unit-tested beside the header builder; this
 * PayDesk runs on http).
 */
import { devices } from "@playwright/test";
import { storageStatePath } from "../support/auth-users";
import { E2E } from "../support/config";
import { fillPayIn, openCreateForm } from "../support/create-forms";
import { expect, test } from "../support/sandbox";

import { expectNoncedPolicy, watchViolations } from "../support/csp";

test.describe("the console's pages", () => {
  test("a console page and the sign-in page carry a nonce-based policy, fresh each time @deployed", async ({ request, playwright }) => {
    await expectNoncedPolicy(() => request.get("/requests"));
    const signedOut = await playwright.request.newContext({ baseURL: E2E.baseUrl });
    try {
      await expectNoncedPolicy(() => signedOut.get("/login"));
      expect((await signedOut.get("/login")).headers()["permissions-policy"]).toContain("clipboard-write=(self)");
    } finally {
      await signedOut.dispose();
    }
  });

  test("signing in and making a Pay-In break no rule of the policy", async ({ browser }) => {
    const context = await browser.newContext({
      ...devices["Desktop Chrome"],
      locale: "en-GB",
      baseURL: E2E.baseUrl,
      storageState: { cookies: [], origins: [] },
    });
    try {
      const page = await context.newPage();
      const violations = await watchViolations(page);
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to PayDesk");
      // The stylesheet inlined in the page applied (a refused one would leave the heading unstyled black).
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveCSS("color", "rgb(0, 0, 0)");
      await context.close();
      const staff = await browser.newContext({
        ...devices["Desktop Chrome"],
        locale: "en-GB",
        storageState: storageStatePath("admin"),
        baseURL: E2E.baseUrl,
      });
      const form = await staff.newPage();
      const more = await watchViolations(form);
      await openCreateForm(form, "payin");
      // Validation in the browser (zod) and a client-side navigation.
      await fillPayIn(form, { amount: "-20" });
      await form.getByRole("button", { name: "Create Pay-In" }).click();
      await expect(form.getByTestId("amount-error")).toHaveText("The amount must be more than 0.");
      await form.getByRole("link", { name: "Requests" }).first().click();
      await expect(form).toHaveURL(/\/requests/);
      await staff.close();
      expect([...violations, ...more]).toEqual([]);
    } finally {
      await context.close().catch(() => {});
    }
  });
});
