/**
 * What a customer's phone is sent, `customer` project: the customer's pages (the checkout, the slip
 * page, and the floor page `/checkout`) load none of the console's or the staff pages' client code,
 * and an unexpected failure there is worded for the customer (app/checkout/error.tsx), in Thai and
 * English, with axe. bench/customer-pages measures the bytes; this holds the line on what is in them.
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { makeRequest } from "../support/checkout";
import { budget, E2E } from "../support/config";
import { expect, test } from "../support/sandbox";

test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` }) });
const rnd = () => Math.floor(Math.random() * 250) + 1;

test.beforeEach(({}) => {
  test.setTimeout(budget(60_000));
});

/**
 * What only other pages' client code carries: the staff's error page's words, the console's loading
 * indicator's test id, and next/link's own error text (the customer's pages link plainly; the root
 * not-found page's next/link put it into every page).
 */
const NOT_FOR_CUSTOMERS = ["tell your admin", "แจ้งผู้ดูแลระบบ", "page-loading", "<Link legacyBehavior>"];

/** Every script the page loads, until the browser is idle, as text. */
async function scriptsOf(page: Page, url: string): Promise<Array<{ url: string; text: string }>> {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await page.goto(url, { waitUntil: "load" });
  // Then until the browser is idle: whatever the page's scripts load after "load" has been asked for.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 })));
  return Promise.all(scripts);
}

test("the customer's pages load none of the staff pages' client code, nor next/link", async ({ page, browser }) => {
  const made = await makeRequest(browser, { amount: "222.00" });
  for (const url of ["/checkout", made.checkoutUrl, made.slipUrl!]) {
    const scripts = await scriptsOf(page, url);
    expect(scripts.length, url).toBeGreaterThan(0);
    const found = scripts.flatMap((script) =>
      NOT_FOR_CUSTOMERS.filter((words) => script.text.includes(words)).map((words) => `${words} in ${new URL(script.url).pathname}`),
    );
    expect(found, url).toEqual([]);
  }
});

for (const language of [
  { locale: "th", title: "เกิดข้อผิดพลาด", reference: "รหัสอ้างอิงข้อผิดพลาด", contact: "ติดต่อร้านค้า", retry: "ลองอีกครั้ง" },
  { locale: "en", title: "Something went wrong", reference: "Error reference", contact: "contact the shop", retry: "Try again" },
] as const) {
  test(`an unexpected failure of a customer's page says so in the customer's words (${language.locale}), with the reference and a way to try again`, async ({
    page,
    context,
  }) => {
    test.skip(!E2E.sandboxUrl, "the failing pages exist only in demo mode (PayDesk on its sandbox)");
    await context.addCookies([{ name: "paydesk_locale", value: language.locale, url: E2E.baseUrl }]);
    const response = await page.goto("/checkout/demo-failure");
    expect(response?.status()).toBe(500);
    const error = page.getByTestId("page-error");
    await expect(error.getByRole("heading", { level: 1, name: language.title })).toBeVisible();
    await expect(error).toContainText(language.contact);
    await expect(page.getByTestId("error-reference")).toContainText(new RegExp(`${language.reference} \\S+`));
    await expect(page.getByRole("button", { name: language.retry })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
