/**
 * The browser-side defences (lib/http/security-headers.ts, set by proxy.ts): a nonce-based
 * Content-Security-Policy on every kind of page, fresh per response and on every script Next
 * writes; a Permissions-Policy; and pages that do all they do — sign in, create a request, the
 * checkout turning paid with the provider's hub connected, a slip preview and the slip page's
 * language switched in place — without one violation.
 * HSTS is only sent for an https PUBLIC_BASE_URL (unit-tested beside the header builder; this
 * PayDesk runs on http).
 */
import { randomUUID } from "node:crypto";
import { devices, type APIResponse, type Page } from "@playwright/test";
import { storageStatePath } from "./support/auth-users";
import { makeRequest } from "./support/checkout";
import { E2E } from "./support/config";
import { fillPayIn, openCreateForm } from "./support/create-forms";
import { expect, test } from "./support/sandbox";
import { plainSlip } from "./support/slips";

const nonceOf = (response: APIResponse) =>
  /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? null;

/** The page twice: each answer has the full policy, a nonce of its own, and that nonce on every script tag. */
async function expectNoncedPolicy(load: () => Promise<APIResponse>): Promise<void> {
  const answers = [await load(), await load()];
  for (const response of answers) {
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = nonceOf(response);
    expect(nonce, policy).not.toBeNull();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: blob:",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/connect-src 'self'( |;|$)/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["permissions-policy"]).toContain("geolocation=()");
    expect(headers["permissions-policy"]).toContain("microphone=()");
    expect(headers["strict-transport-security"]).toBeUndefined();
  }
  expect(nonceOf(answers[0]!)).not.toBe(nonceOf(answers[1]!));
}

/** Every CSP violation the page reports, and every console error about a policy header. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

test.describe("the console's pages", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "console", "the console runs on the desktop project");
  });

  test("a console page and the sign-in page carry a nonce-based policy, fresh each time", async ({ request, playwright }) => {
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

test.describe("the customer's pages", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "customer", "the customer's pages run on the phone project");
    test.setTimeout(60_000);
  });

  test("the checkout and the slip page carry a nonce-based policy, fresh each time, the hub allowed", async ({ request, browser }) => {
    const made = await makeRequest(browser, { amount: "120.00" });
    await expectNoncedPolicy(() => request.get(made.checkoutUrl));
    const checkout = await request.get(made.checkoutUrl);
    expect(checkout.headers()["content-security-policy"]).toMatch(/connect-src 'self' wss?:\/\/\S+ https?:\/\/\S+;/);
    expect(checkout.headers()["permissions-policy"]).toContain("clipboard-write=(self)");
    expect(checkout.headers()["set-cookie"]).toBeUndefined();
    expect(made.slipUrl).not.toBeNull();
    await expectNoncedPolicy(() => request.get(made.slipUrl!));
    const slip = await request.get(made.slipUrl!);
    expect(slip.headers()["permissions-policy"]).toContain("clipboard-write=()");
    expect(slip.headers()["set-cookie"]).toBeUndefined();
  });

  test("the checkout connects to the hub and turns paid, and a slip is previewed, without one violation", async ({
    page,
    browser,
    sandbox,
  }) => {
    const violations = await watchViolations(page);
    const made = await makeRequest(browser, { amount: "130.00" });
    // The slip page first: once the request is paid it no longer offers the form.
    await page.goto(made.slipUrl!);
    await page.getByLabel(/เลือกรูปสลิป|เลือกรูปอื่น/).setInputFiles(plainSlip());
    await expect(page.getByTestId("slip-preview")).toBeVisible();
    // The language switched in place: the cookie from the language route, the page rendered again.
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Upload your payment slip");
    await expect(page.getByTestId("slip-preview")).toBeVisible();
    await page.getByRole("link", { name: "ไทย" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("อัปโหลดสลิปการโอน");
    await page.goto(made.checkoutUrl);
    const live = page.getByTestId("checkout-live");
    await expect(live).toHaveAttribute("data-hub", "connected");
    await page.getByRole("button", { name: /คัดลอก/ }).first().click();
    await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
    await expect(live).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: 5_000 });
    expect(violations).toEqual([]);
    // The watch can see a violation: markup injected the way an XSS would inject it is refused, and said.
    const marker = randomUUID();
    await page.evaluate((id) => {
      const box = document.createElement("div");
      box.innerHTML = `<img src="/x.png" onerror="window['${id}'] = true">`;
      document.body.append(box);
    }, marker);
    // Two reports come of it, the console's line and the page's event (by a round trip through
    // exposeFunction): either may arrive first, so wait for the event's, which names the directive.
    await expect.poll(() => violations.join("\n")).toContain("script-src-attr");
    expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[id] === true, marker)).toBe(false);
  });
});
