/**
 * A request's page as staff read it: status, then requested / to pay / paid, then whom the
 * request waits for and the next action (share the link of a pending Pay-In, re-check a lost
 * answer; approving a held Pay-Out is in e2e/approvals.spec.ts, the one spec that holds requests),
 * the timeline newest first in sentences with each record folded, the sandbox's buttons folded at
 * the bottom — in English and Thai, with axe. Then sharing the link the Thai way: the phone's share
 * sheet, LINE's share page, and a printable QR poster.
 */
import { expectNoAxeViolations } from "../support/axe";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Page } from "@playwright/test";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { makeRequest } from "../support/checkout";
import { COFFEE, uniqueRefId1 } from "../support/create-forms";
import { skipWithout } from "../support/deployment";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

test.beforeEach(({}) => {
  // Each test first makes its request through the console's form, which waits on the provider.
  test.setTimeout(budget(60_000));
});

const WORDS = {
  en: {
    locale: "en-GB",
    next: "What happens next",
    waitsCustomer: "Waiting for the customer to pay.",
    waitsProvider: "Waiting for the provider.",
    copy: "Copy: Checkout link",
    line: "Share on LINE",
    poster: "Print a QR poster",
    recheck: "Re-check now",
    timeline: "Timeline",
    newestFirst: "Newest first.",
    accepted: "Status changed from Submitting to Pending.",
    details: "Details",
    sandbox: "Sandbox controls",
    pay: "Sandbox: Customer pays (mark paid)",
    instruction: "Scan the QR with your banking app and pay exactly",
    receipt: "Receipt",
    amountPaid: "Amount paid",
    credited: "Credited to the wallet",
    sendLink: "Send this link to the customer",
  },
  th: {
    locale: "th-TH",
    next: "ขั้นต่อไป",
    waitsCustomer: "รอลูกค้าชำระเงิน",
    waitsProvider: "รอผู้ให้บริการ",
    copy: "คัดลอก: ลิงก์ชำระเงิน",
    line: "แชร์ทาง LINE",
    poster: "พิมพ์โปสเตอร์ QR",
    recheck: "ตรวจสอบตอนนี้",
    timeline: "ลำดับเหตุการณ์",
    newestFirst: "ล่าสุดอยู่บนสุด",
    accepted: "สถานะเปลี่ยนจาก “กำลังส่ง” เป็น “รอดำเนินการ”",
    details: "รายละเอียด",
    sandbox: "ปุ่มควบคุม Sandbox",
    pay: "Sandbox: ลูกค้าชำระ (ทำเป็นชำระแล้ว)",
    instruction: "สแกน QR ด้วยแอปธนาคาร แล้วชำระ",
    receipt: "ใบเสร็จ",
    amountPaid: "จำนวนที่ชำระ",
    credited: "เข้ากระเป๋าเงิน",
    sendLink: "ส่งลิงก์นี้ให้ลูกค้า",
  },
} as const;

async function expectNoAxeViolationsOnceTitled(page: Page): Promise<void> {
  // Next streams a page's metadata after its body: the audit waits for the title to have arrived.
  await expect(page).toHaveTitle(/PayDesk/);
  await expectNoAxeViolations(page);
}

/** The given elements' order in the document, each named by its selector (a missing one is left out). */
function documentOrder(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const found = list.map((selector) => ({ selector, element: document.querySelector(selector) })).filter((x) => x.element !== null);
    return found
      .sort((a, b) => (a.element!.compareDocumentPosition(b.element!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((x) => x.selector);
  }, selectors);
}

const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.y;

/** A Pay-In whose answer never comes (the provider times out before creating it): it stays "checking" for the 30 s grace. */
async function unknownPayIn(sandbox: { control(method: string, path: string, body?: unknown): Promise<unknown> }): Promise<string> {
  skipWithoutApiKey(test);
  const refId1 = uniqueRefId1("E2E-LOST");
  await sandbox.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "timeout", when: "before", match: { refId1 } });
  const made = await createViaApi({ operation: "payin", reference: refId1, payerName: "สมชาย ใจดี", amount: "64.00" });
  expect(made.status).toBe("unknown");
  return made.id;
}

for (const [language, w] of Object.entries(WORDS)) {
  test.describe(`in ${language === "en" ? "English" : "Thai"}`, () => {
    test.use({ locale: w.locale });

    test("a pending Pay-In: status and money first, then 'waiting for the customer' with the link to share; timeline newest first, records and sandbox folded", async ({
      page,
      browser,
    }) => {
      const made = await makeRequest(browser, { amount: "415.00" });
      await page.goto(`/requests/${made.id}`);

      // The header's facts, in this order: status, requested, (to pay), paid; then the next step.
      const summary = "[data-testid=request-summary]";
      const facts = [
        `${summary} [data-testid=status-badge]`,
        `${summary} [data-testid=money-requested]`,
        `${summary} [data-testid=money-to-pay]`,
        `${summary} [data-testid=money-paid]`,
        "[data-testid=next-step]",
      ];
      const present = await documentOrder(page, facts);
      expect(present.filter((s) => !s.includes("money-to-pay"))).toEqual(facts.filter((s) => !s.includes("money-to-pay")));
      expect(present).toEqual(facts.filter((s) => present.includes(s)));
      await expect(page.locator(`${summary} [data-testid=status-badge]`)).toHaveAttribute("data-state", "pending");
      await expect(page.locator(`${summary} [data-testid=money-requested]`)).toContainText("฿415.00");
      await expect(page.locator(`${summary} [data-testid=money-paid]`)).toContainText("฿0.00");
      // Above everything else: the customer's panel, the timeline, the provider's answer, the sandbox.
      expect(await top(page, "[data-testid=next-step]")).toBeLessThan(await top(page, "#checkout-heading"));
      expect(await top(page, "#checkout-heading")).toBeLessThan(await top(page, "[data-testid=timeline]"));

      // Whom it waits for, and the action: the link, to copy or share.
      const next = page.getByTestId("next-step");
      await expect(next.getByRole("heading", { level: 2 })).toHaveText(w.next);
      await expect(next).toHaveAttribute("data-waits-for", "customer");
      await expect(next.getByTestId("waits-for")).toContainText(w.waitsCustomer);
      await expect(next.getByTestId("checkout-link")).toHaveAttribute("href", made.checkoutUrl);
      await expect(next.getByRole("button", { name: w.copy })).toBeVisible();
      await expect(next.getByRole("link", { name: w.line })).toBeVisible();
      await expect(next.getByRole("link", { name: w.poster })).toBeVisible();
      await expect(next.getByRole("button", { name: w.recheck })).toBeVisible();
      // The link's own QR is small and not in the same panel as the payment QR.
      const linkQr = next.getByTestId("checkout-link-qr");
      await expect(linkQr).toHaveAttribute("data-qr-value", made.checkoutUrl);
      expect((await linkQr.boundingBox())!.width).toBeLessThan((await page.getByTestId("payment-qr").boundingBox())!.width * 0.6);
      await expect(page.getByTestId("checkout-link")).toHaveCount(1);

      // The timeline: newest first, in sentences, each record as stored folded.
      const timeline = page.getByTestId("timeline");
      await expect(page.getByText(w.newestFirst)).toBeVisible();
      const entries = timeline.getByTestId("timeline-entry");
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toHaveAttribute("data-type", "submit_accepted");
      await expect(entries.nth(1)).toHaveAttribute("data-type", "created");
      const times = await entries.locator("time").evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute("datetime")!)));
      expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
      await expect(entries.nth(0)).toContainText(w.accepted);
      const record = entries.nth(0).getByTestId("timeline-details");
      await expect(record).not.toHaveAttribute("open");
      await expect(record.locator("pre")).toBeHidden();
      await record.getByText(w.details).click();
      await expect(record.locator("pre")).toBeVisible();

      // The sandbox: last on the page, folded; its buttons appear when opened.
      const sandbox = page.getByTestId("sandbox-controls");
      await expect(sandbox).toHaveJSProperty("tagName", "DETAILS");
      await expect(sandbox).not.toHaveAttribute("open");
      await expect(sandbox.getByRole("button", { name: w.pay })).toBeHidden();
      expect(await top(page, "[data-testid=sandbox-controls]")).toBeGreaterThan(await top(page, "#answer-heading"));
      await expectNoAxeViolationsOnceTitled(page);
      await sandbox.getByText(w.sandbox).click();
      await expect(sandbox.getByRole("button", { name: w.pay })).toBeVisible();
      await expectNoAxeViolationsOnceTitled(page);
    });

    test("a paid Pay-In shows its receipt: what was paid, when, the fee and the credit — no link to send, no share, no QR", async ({
      page,
      browser,
      sandbox,
    }) => {
      const made = await makeRequest(browser, { amount: "416.00" });
      await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
      await page.goto(`/requests/${made.id}`);
      // The webhook may land after the page: the page follows it live.
      await expect(page.locator("[data-testid=request-summary] [data-testid=status-badge]")).toHaveAttribute("data-state", "paid", {
        timeout: budget(15_000),
      });
      const receipt = page.getByTestId("receipt-panel");
      await expect(receipt.getByRole("heading", { level: 2 })).toHaveText(w.receipt);
      await expect(receipt).toContainText(w.amountPaid);
      // What the customer paid: the amount with its identifying satang (docs/provider-facts.md §5.1).
      await expect(receipt.getByTestId("receipt-amount")).toHaveText(/^฿416\.\d\d$/);
      await expect(receipt.getByTestId("receipt-reference")).toHaveText(made.refId1);
      await expect(receipt.getByTestId("receipt-paid-at")).not.toBeEmpty();
      // The fee and the credit are the request's own figures, the same as its details list.
      await expect(receipt).toContainText(w.credited);
      await expect(receipt.getByTestId("receipt-credited")).toHaveText((await page.getByTestId("request-net").textContent())!);
      await expect(receipt.getByTestId("receipt-link")).toHaveAttribute("href", made.checkoutUrl);
      // The customer's PDF receipt, in the reader's language, for staff to open, send or keep.
      const pdfHref = await receipt.getByTestId("receipt-pdf-link").getAttribute("href");
      expect(pdfHref).toMatch(/\/receipts\/[^/?]+\?lang=(th|en)$/);
      const pdf = await page.request.get(pdfHref!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      // Nothing that invites paying again.
      await expect(page.getByText(w.sendLink)).toHaveCount(0);
      await expect(page.getByTestId("checkout-link-box")).toHaveCount(0);
      await expect(page.getByTestId("share-actions")).toHaveCount(0);
      await expect(page.getByTestId("payment-qr")).toHaveCount(0);
      await expect(page.getByTestId("slip-link")).toHaveCount(0);
      await expectNoAxeViolationsOnceTitled(page);
    });

    test("a lost answer waits for the provider, and the next action is 'Re-check now'", async ({ page, sandbox }) => {
      skipWithout(test, "3 s provider timeout");
      const id = await unknownPayIn(sandbox);
      await page.goto(`/requests/${id}`);
      await expect(page.locator("[data-testid=request-summary] [data-testid=status-badge]")).toHaveAttribute("data-state", "unknown");
      const next = page.getByTestId("next-step");
      await expect(next).toHaveAttribute("data-waits-for", "provider");
      await expect(next.getByTestId("waits-for")).toContainText(w.waitsProvider);
      await expect(next.getByRole("button", { name: w.recheck })).toBeVisible();
      // Nothing to hand to a customer yet.
      await expect(next.getByRole("link", { name: w.line })).toHaveCount(0);
      await expectNoAxeViolationsOnceTitled(page);
    });

    test("the QR poster: the merchant, the amount to pay and the checkout's own QR, with the instruction in Thai and English", async ({
      page,
      browser,
      sandbox,
    }) => {
      const made = await makeRequest(browser, { amount: "233.00" });
      const atProvider = await sandbox.control<{ qrCode: string; generatedAmount: number }>("GET", `/requests/${made.providerId}`);
      const amount = `฿${atProvider.generatedAmount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await page.goto(`/requests/${made.id}`);
      await page.getByTestId("next-step").getByRole("link", { name: w.poster }).click();
      await page.waitForURL(`**/requests/${made.id}/poster`);

      // Styled: the page's stylesheet passed the Content-Security-Policy (a refused one leaves plain text).
      await expect(page.getByTestId("poster-amount")).toHaveCSS("font-weight", "700");
      await expect(page.getByTestId("poster-merchant")).toHaveText(COFFEE);
      await expect(page.getByTestId("poster-amount")).toHaveText(amount);
      await expect(page.getByTestId("poster-instruction-th")).toHaveText(`${WORDS.th.instruction} ${amount} พอดี`);
      await expect(page.getByTestId("poster-instruction-en")).toHaveText(`${WORDS.en.instruction} ${amount}.`);
      const qr = page.getByTestId("poster-qr");
      await expect(qr).toHaveAttribute("data-qr-value", atProvider.qrCode);
      // What a phone's camera reads off it is the payment's payload itself.
      const shot = PNG.sync.read(await qr.screenshot());
      expect(jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)?.data).toBe(atProvider.qrCode);
      // The same QR the customer's checkout page shows.
      const checkout = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      try {
        const customer = await checkout.newPage();
        await customer.goto(made.checkoutUrl);
        await expect(customer.getByTestId("payment-qr")).toHaveAttribute("data-qr-value", atProvider.qrCode);
      } finally {
        await checkout.close();
      }
      await expectNoAxeViolationsOnceTitled(page);

      // On paper: the poster alone (no console chrome, no buttons), on one A5 and one A4 page.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      await expect(page.locator("button")).toHaveCount(1);
      await expect(page.locator("button")).toBeHidden();
      await expect(qr).toBeVisible();
      for (const format of ["A5", "A4"]) {
        const pdf = (await page.pdf({ format })).toString("latin1");
        expect(pdf.match(/\/Type\s*\/Page\b/g), `pages on ${format}`).toHaveLength(1);
      }
    });
  });
}

test("Share hands the checkout link to the phone's share sheet; LINE's share page gets it encoded, in a new tab", async ({
  page,
  browser,
}) => {
  const made = await makeRequest(browser, { amount: "188.00" });
  // The browser's share sheet is the boundary: the stub records what the page hands it.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { __shared: ShareData[] }).__shared = shared;
    Object.defineProperty(navigator, "share", { configurable: true, value: async (data: ShareData) => void shared.push(data) });
  });
  const response = await page.goto(`/requests/${made.id}`);
  // Allowed by Web Share's default allowlist ('self'): the policy must never deny it (lib/http/security-headers.ts).
  expect(response?.headers()["permissions-policy"]).not.toContain("web-share");
  const next = page.getByTestId("next-step");
  await next.getByRole("button", { name: "Share", exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared.length)).toBe(1);
  const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared[0]!);
  expect(shared.url).toBe(made.checkoutUrl);
  expect(shared.text).toMatch(new RegExp(`^Please pay ฿188\\.\\d\\d to ${COFFEE}$`));

  const line = next.getByRole("link", { name: "Share on LINE" });
  await expect(line).toHaveAttribute("href", `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(made.checkoutUrl)}`);
  expect(new URL((await line.getAttribute("href"))!).searchParams.get("url")).toBe(made.checkoutUrl);
  await expect(line).toHaveAttribute("target", "_blank");
  expect((await line.getAttribute("rel"))!.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
  await expectNoAxeViolationsOnceTitled(page);
});
