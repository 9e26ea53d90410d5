/**
 * After the payment (customer project: a phone, th-TH): the checkout is a calm receipt — amount
 * paid, time, reference — with no slip invitation and no crossed-out QR, the same whether it
 * turned paid in front of the customer or was opened afterwards; and the slip page of a request
 * that is over says so, and who to turn to, instead of offering the upload form.
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { pdfText } from "../../lib/testing/pdf-text";
import { makeRequest } from "../support/checkout";
import { plainSlip } from "../support/slips";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";
import { slipAnswerTimeout, slipPatienceMs } from "../support/slip-patience";

test.use({ extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` }) });
const rnd = () => Math.floor(Math.random() * 250) + 1;

test.beforeEach(({}) => {
  // A slip page and its upload may each wait out a busy share of the provider's budget.
  test.setTimeout(budget(90_000) + 2 * slipPatienceMs());
});

const WORDS = {
  th: {
    title: "✓ ได้รับเงินแล้ว",
    labels: ["ยอดที่ชำระ", "เวลา", "เลขอ้างอิง"],
    voidQr: "คิวอาร์นี้ใช้ไม่ได้แล้ว",
    english: false,
    pdf: "ใบเสร็จ (PDF)",
    line: "ส่งทาง LINE",
    pdfTitle: "ใบเสร็จรับเงิน",
  },
  en: {
    title: "✓ Payment received",
    labels: ["Amount paid", "Time", "Reference"],
    voidQr: "This QR is no longer valid",
    english: true,
    pdf: "Receipt (PDF)",
    line: "Send in LINE",
    pdfTitle: "Receipt",
  },
} as const;

/**
 * The paid card's receipt links: a PDF in the page's language that says what the card says, and
 * LINE's "send a message" with the receipt's link and the payment in words (no script, no SDK).
 */
async function expectReceiptLinks(page: Page, lang: keyof typeof WORDS, refId1: string): Promise<void> {
  const w = WORDS[lang];
  const outcome = page.getByTestId("checkout-outcome");
  const pdfHref = await outcome.getByRole("link", { name: w.pdf }).getAttribute("href");
  expect(pdfHref).toMatch(new RegExp(`/receipts/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\?lang=${lang}$`));
  const answer = await page.request.get(pdfHref!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  const pdf = await pdfText(await answer.body());
  const amount = (await outcome.locator("dd").first().textContent())!;
  for (const words of [w.pdfTitle, amount, refId1]) expect(pdf.text).toContain(words.replace(/\s+/g, ""));

  const lineHref = await outcome.getByRole("link", { name: w.line }).getAttribute("href");
  const share = new URL(lineHref!);
  expect(`${share.origin}${share.pathname}`).toBe("https://line.me/R/share");
  const text = share.searchParams.get("text")!;
  expect(text).toContain(refId1);
  expect(text).toContain(amount);
  expect(text).toContain(pdfHref!.replace(/\?lang=\w+$/, ""));
}

/** The receipt as the customer sees it: what it says, and that nothing on the page asks for more. */
async function expectReceipt(page: Page, lang: keyof typeof WORDS, refId1: string): Promise<string[]> {
  const w = WORDS[lang];
  const outcome = page.getByTestId("checkout-outcome");
  await expect(outcome.getByRole("heading")).toHaveText(w.title);
  await expect(outcome.locator("dt")).toHaveText([...w.labels]);
  await expect(outcome.locator("dd").first()).toHaveText(/^฿\d[\d,]*\.\d\d$/);
  await expect(outcome).toContainText(refId1);
  // No crossed-out QR inside the green card, no red "do not pay" line: nothing reads as an error.
  await expect(outcome).not.toContainText("▦");
  await expect(outcome).not.toContainText(w.voidQr);
  await expect(outcome.locator(".text-rose-800, .bg-rose-600")).toHaveCount(0);
  // No slip invitation: not the section, not its QR, not its button.
  await expect(page.getByTestId("slip-section")).toHaveCount(0);
  await expect(page.getByTestId("slip-link")).toHaveCount(0);
  await expect(page.getByTestId("payment-qr")).toHaveCount(0);
  await expectNoAxeViolations(page);
  return outcome.locator("dt, h2").allTextContents();
}

for (const lang of ["th", "en"] as const) {
  test(`paid, in ${lang === "th" ? "Thai" : "English"}: a calm receipt without a slip invitation, the same live and when opened afterwards`, async ({
    page,
    browser,
    sandbox,
  }) => {
    const made = await makeRequest(browser, { amount: lang === "th" ? "171.00" : "172.00" });
    await page.goto(made.checkoutUrl);
    if (WORDS[lang].english) await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByTestId("slip-section")).toBeVisible();
    await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-stream", "open");
    await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
    await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(5_000) });
    const live = await expectReceipt(page, lang, made.refId1);

    await page.reload();
    expect(await expectReceipt(page, lang, made.refId1)).toEqual(live);
    await expectReceiptLinks(page, lang, made.refId1);
  });
}

test("a page that turned paid in front of the customer is the page the server renders for a paid request, to the markup", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "178.00" });
  await page.goto(made.checkoutUrl);
  await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-stream", "open");
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(5_000) });
  // Settled on PayDesk's own word (not only the hub's): the states it could have turned into are gone with it.
  await expect(page.locator("[data-templates]")).toHaveCount(0, { timeout: budget(10_000) });
  const live = await page.locator("main").innerHTML();
  const fresh = await page.context().newPage();
  try {
    await fresh.goto(made.checkoutUrl);
    expect(await fresh.locator("main").innerHTML()).toBe(live);
  } finally {
    await fresh.close();
  }
});

for (const lang of ["th", "en"] as const) {
  test(`the slip page of a paid request, in ${lang === "th" ? "Thai" : "English"}: already complete, contact the merchant, no upload form`, async ({
    page,
    browser,
    sandbox,
  }) => {
    const made = await makeRequest(browser, { amount: lang === "th" ? "173.00" : "174.00" });
    await page.goto(made.checkoutUrl);
    await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
    await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(5_000) });
    // The provider's hub can bring "paid" before PayDesk has recorded it; the slip page reads PayDesk.
    await expect(page.locator("[data-templates]")).toHaveCount(0, { timeout: budget(10_000) });
    await page.goto(made.slipUrl!);
    if (lang === "en") await page.getByRole("link", { name: "English" }).click();
    const notice = page.getByTestId("slip-paid");
    await expect(notice.getByRole("heading", { level: 1 })).toHaveText(
      lang === "th" ? "รายการนี้ชำระเรียบร้อยแล้ว" : "This payment is already complete",
    );
    await expect(notice).toContainText(lang === "th" ? "กรุณาติดต่อร้านค้าโดยตรง" : "contact the merchant directly");
    await expect(page.getByTestId("slip-request")).toContainText(made.refId1);
    await expect(page.locator("input[type=file]")).toHaveCount(0);
    await expect(page.getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test("the slip page of an expired request says it ended and offers no upload form", async ({ page, browser, sandbox }) => {
  const made = await makeRequest(browser, { amount: "175.00" });
  await page.goto(made.checkoutUrl);
  await sandbox.control("POST", `/requests/${made.providerId}/expire`, {});
  await expect(page.getByTestId("checkout-live")).toHaveAttribute("data-state", "expired", { timeout: budget(5_000) });
  await page.goto(made.slipUrl!);
  const notice = page.getByTestId("slip-closed");
  await expect(notice.getByRole("heading", { level: 1 })).toHaveText("รายการชำระเงินนี้สิ้นสุดแล้ว");
  await expect(notice).toContainText("กรุณาติดต่อร้านค้าโดยตรง");
  await expect(page.locator("input[type=file]")).toHaveCount(0);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByTestId("slip-closed").getByRole("heading", { level: 1 })).toHaveText("This payment request has ended");
  await expect(page.locator("input[type=file]")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a slip form left open while the request was paid says, on sending, that the payment is complete", async ({
  page,
  browser,
  sandbox,
}) => {
  const made = await makeRequest(browser, { amount: "177.00" });
  await page.goto(made.slipUrl!);
  await page.getByLabel(/เลือกรูปสลิป/).setInputFiles(plainSlip());
  await expect(page.getByTestId("slip-preview")).toBeVisible();
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  const checkout = await browser.newPage();
  try {
    await checkout.goto(made.checkoutUrl);
    await expect(checkout.getByTestId("checkout-live")).toHaveAttribute("data-state", /^(paid|approved)$/, { timeout: budget(5_000) });
  } finally {
    await checkout.close();
  }
  await page.getByRole("button", { name: "อัปโหลดสลิป" }).click();
  await expect(page.getByText("รายการนี้ชำระเรียบร้อยแล้ว จึงไม่ได้ส่งสลิป หากยังต้องการส่งสลิป กรุณาติดต่อร้านค้าโดยตรง")).toBeVisible({
    timeout: slipAnswerTimeout(),
  });
  await expect(page.getByRole("button", { name: "ลองใหม่" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
