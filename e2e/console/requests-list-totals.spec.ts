/**
 * The request list beyond its rows: search by what the create form promises (tags, description,
 * customer phone, part of a RefId), counts per status and totals for the filters, "1–3 of 3",
 * ordering by amount, and the list on a phone (cards, folded filters) — in English and Thai, with axe.
 *
 * The search test's rows come through PayDesk's own create form (it searches what the form takes:
 * tags, description, customer phone); the others' through the merchant API, which is faster. Each
 * test marks its requests with a RefId2 of its own, so specs running beside it never change what it sees.
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { budget, E2E } from "../support/config";
import { expect, test } from "../support/sandbox";

const THAI = "กขคงจฉชซญฎฐณดตถทธนบปผพภมยรลวศษสหฬอฮ";
const randomThai = (n: number) => Array.from({ length: n }, () => THAI[Math.floor(Math.random() * THAI.length)]).join("");
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const marker = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface PayIn {
  refId2: string;
  amount: string;
  description?: string;
  phone?: string;
  tags?: string;
}

async function createPayIn(page: Page, values: PayIn): Promise<{ id: string; refId1: string }> {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("RefId2 (optional)").fill(values.refId2);
  await page.getByLabel("Payer's name").fill("สมชาย ใจดี");
  await page.getByLabel("Amount").fill(values.amount);
  if (values.description) await page.getByLabel("Description (optional)").fill(values.description);
  if (values.phone) await page.getByLabel("Customer phone (optional)").fill(values.phone);
  if (values.tags) await page.getByLabel("Tags (optional)").fill(values.tags);
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  return { id: await landedOnRequest(page), refId1 };
}

const refIdsShown = async (page: Page) =>
  page
    .getByTestId("request-row")
    .getByTestId("request-ref")
    .allTextContents()
    .catch((error: Error) => {
      if (/Execution context was destroyed|navigation/i.test(error.message)) return null;
      throw error;
    });

/** Three Pay-Ins of one test: the middle one carries a description, a phone and tags. */
async function threePayIns(page: Page) {
  const tag = marker("E2E-TOT");
  const word = `lazada${randomDigits(6)}`;
  const description = `ค่าเสื้อ ${randomThai(8)}`;
  const phone = `08${randomDigits(8)}`;
  const small = await createPayIn(page, { refId2: tag, amount: "101.00" });
  const large = await createPayIn(page, {
    refId2: tag,
    amount: "303.00",
    description,
    phone: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
    tags: `vip, ${word}`,
  });
  const middle = await createPayIn(page, { refId2: tag, amount: "202.00" });
  return { tag, word, description, phone, small, large, middle };
}

/**
 * Three Pay-Ins made through the merchant API, for the tests that count and total them: a reference
 * that is not a RefId1 (it has a space) becomes the RefId2, and PayDesk makes the RefId1.
 */
async function threePayInsViaApi() {
  skipWithoutApiKey(test);
  const tag = marker("E2E-TOT");
  for (const [n, amount] of ["101.00", "303.00", "202.00"].entries()) {
    await createViaApi({ operation: "payin", reference: `${tag} ${n}`, payerName: "สมชาย ใจดี", amount });
  }
  return { tag };
}

test("search finds tags, description, customer phone and part of a RefId; the list counts, totals, sorts by amount", async ({ page }) => {
  test.setTimeout(budget(120_000));
  const { tag, word, description, phone, small, large, middle } = await threePayIns(page);

  // What the form promised: each of these finds the one request that has it.
  for (const q of [
    word,
    word.toUpperCase(),
    description.slice(-6),
    phone,
    `${phone.slice(0, 3)} ${phone.slice(3)}`,
    `+66${phone.slice(1)}`,
    large.refId1.slice(3, 12).toLowerCase(),
  ]) {
    await page.goto(`/requests?merchant=all&q=${encodeURIComponent(q)}`);
    await expect.poll(() => refIdsShown(page), { message: `search "${q}"` }).toEqual([large.refId1]);
  }

  // Counts per status and the totals, for the filters; "1–3 of 3".
  await page.goto(`/requests?merchant=all&q=${tag}`);
  await expect.poll(() => refIdsShown(page)).toEqual([middle.refId1, large.refId1, small.refId1]);
  const summary = page.getByTestId("list-summary");
  await expect(summary.getByTestId("status-count")).toHaveText(["Pending 3"]);
  await expect(summary.getByTestId("total-requested")).toHaveText("฿606.00");
  await expect(summary.getByTestId("total-paid")).toHaveText("฿0.00");
  await expect(page.getByTestId("list-range")).toHaveText("1–3 of 3");

  // Ordered by amount from the column header, largest first, then reversed; the URL says so.
  await page
    .getByRole("columnheader", { name: /Amount/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=amount_desc/);
  await expect.poll(() => refIdsShown(page)).toEqual([large.refId1, middle.refId1, small.refId1]);
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await page
    .getByRole("columnheader", { name: /Amount/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=amount_asc/);
  await expect.poll(() => refIdsShown(page)).toEqual([small.refId1, middle.refId1, large.refId1]);

  // The whole row opens the request, not only its reference: a click on its amount does.
  const amount = (await page.getByTestId("request-row").first().getByTestId("request-amount").boundingBox())!;
  const [x, y] = [amount.x + amount.width / 2, amount.y + amount.height / 2];
  expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest("a")?.getAttribute("href"), [x, y])).toBe(
    `/requests/${small.id}`,
  );
  await page.mouse.click(x, y);
  await expect(page).toHaveURL(new RegExp(`/requests/${small.id}$`), { timeout: budget(15_000) });

  // A status count narrows the list to that status.
  await page.goto(`/requests?merchant=all&q=${tag}`);
  await page.getByTestId("status-count").getByRole("link").click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByTestId("request-row")).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test("in Thai: counts, totals, range and order in Thai words, no axe violations", async ({ page, context }) => {
  test.setTimeout(budget(90_000));
  const { tag } = await threePayInsViaApi();
  await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
  await page.goto(`/requests?merchant=all&q=${tag}&sort=amount_desc`);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await expect(page.getByTestId("list-range")).toHaveText("1–3 จาก 3");
  await expect(page.getByTestId("list-summary")).toContainText("ยอดที่ขอ");
  await expect(page.getByTestId("total-requested")).toHaveText("฿606.00");
  await expect(page.getByLabel("เรียงตาม")).toHaveValue("amount_desc");
  await expectNoAxeViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ["en", "th"] as const) {
    test(`cards keep amount and status in view, filters fold away, header and nav stay short (${locale})`, async ({ page, context }) => {
      // Two axe scans of a phone-sized page: past 30 s on a loaded machine.
      test.setTimeout(budget(90_000));
      const { tag } = await threePayInsViaApi();
      if (locale === "th") await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
      await page.goto(`/requests?merchant=all&q=${tag}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);

      // No sideways scrolling of the page, and the first card's amount and status lie within the screen's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const card = page.getByTestId("request-row").first();
      for (const part of [card.getByTestId("request-amount"), card.getByTestId("status-badge")]) {
        await expect(part).toBeVisible();
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expect(card.getByTestId("request-amount")).toHaveText(/฿\d/);

      // The filters beyond search and order are folded behind one button, and open on a tap.
      const more = page.getByTestId("more-filters");
      await expect(more).not.toHaveAttribute("open", "");
      const amountFrom = page.getByLabel(locale === "th" ? "จำนวนเงินตั้งแต่ (บาท)" : "Amount from (THB)");
      await expect(amountFrom).toBeHidden();
      await expectNoAxeViolations(page);
      await more.locator("summary").click();
      await expect(amountFrom).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
