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
import { makeRequest } from "../support/checkout";
import { expect, test } from "../support/sandbox";
import { plainSlip } from "../support/slips";

import { expectNoncedPolicy, watchViolations } from "../support/csp";
import { budget } from "../support/config";

test.describe("the customer's pages", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  test.beforeEach(() => {
    test.setTimeout(budget(60_000));
  });

  test("the checkout and the slip page carry a nonce-based policy, fresh each time, the hub allowed @deployed", async ({
    request,
    browser,
  }) => {
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
    await expect(live).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(5_000) });
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
