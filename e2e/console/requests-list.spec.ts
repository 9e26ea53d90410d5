/**
 * The request list as staff use it: tabs, filters and search that live in the URL,
 * keyset pages, empty states that say why, and the CSV export of every matching row.
 *
 * The rows come through PayDesk's create form (the first test, which also reads who made them) or,
 * faster, its merchant API (the list shows PayDesk's database, which the test cannot write: the
 * app's PGlite is one process). Each test marks its requests with a RefId2 of its own, so the specs
 * running beside it never change what it sees.
 */
import { expectNoAxeViolations } from "../support/axe";
import type { Page } from "@playwright/test";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { COFFEE, landedOnRequest, openCreateForm, refId1Input } from "../support/create-forms";
import { expect, test } from "../support/sandbox";
import { budget } from "../support/config";

const THAI = "กขคงจฉชซญฎฐณดตถทธนบปผพภมยรลวศษสหฬอฮ";
const randomThai = (n: number) => Array.from({ length: n }, () => THAI[Math.floor(Math.random() * THAI.length)]).join("");
const marker = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Created {
  id: string;
  refId1: string;
}

/** A Pay-In made the way staff make one: through the form, landing on its page. */
async function createPayIn(page: Page, values: { refId2: string; payerName: string; amount: string }): Promise<Created> {
  await openCreateForm(page, "payin", COFFEE);
  const refId1 = await refId1Input(page).inputValue();
  await page.getByLabel("RefId2 (optional)").fill(values.refId2);
  await page.getByLabel("Payer's name").fill(values.payerName);
  await page.getByLabel("Amount").fill(values.amount);
  await page.getByRole("button", { name: "Create Pay-In" }).click();
  return { id: await landedOnRequest(page), refId1 };
}

/**
 * The same through the merchant API: a reference that is not a RefId1 (it has a space) becomes the
 * RefId2 and PayDesk makes the RefId1, as the form does.
 */
async function createPayInViaApi(values: { refId2: string; payerName: string; amount: string }, n: number): Promise<Created> {
  const made = await createViaApi({
    operation: "payin",
    reference: `${values.refId2} ${n}`,
    payerName: values.payerName,
    amount: values.amount,
  });
  return { id: made.id, refId1: made.refId1 };
}

const rows = (page: Page) => page.getByTestId("request-row");
/**
 * The RefId1s the list shows now. Read while the page may still be navigating (after "Apply
 * filters" or Back): a read that meets the navigation answers null, and expect.poll asks again.
 */
const refIdsShown = async (page: Page) =>
  rows(page)
    .getByTestId("request-ref")
    .allTextContents()
    .catch((error: Error) => {
      if (/Execution context was destroyed|navigation/i.test(error.message)) return null;
      throw error;
    });

test("search, filters and tabs narrow the list on the server, live in the URL, and survive back and reload", async ({ page }) => {
  test.setTimeout(budget(90_000));
  const tag = marker("E2E-LIST");
  const name = `ทดสอบ ${randomThai(8)}`;
  const amount = `${1000 + Math.floor(Math.random() * 8000)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
  const a = await createPayIn(page, { refId2: tag, payerName: "สมชาย ใจดี", amount: "101.00" });
  const b = await createPayIn(page, { refId2: tag, payerName: name, amount: "102.00" });
  const c = await createPayIn(page, { refId2: tag, payerName: 'Somchai, "Jr"', amount });

  // Search by RefId2, through the form: the filters land in the URL.
  await page.goto("/requests?merchant=all");
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect.poll(() => refIdsShown(page)).toEqual([c.refId1, b.refId1, a.refId1]);
  await expect(rows(page).first()).toContainText("Demo Admin");
  await expect(rows(page).first().getByTestId("status-badge")).toHaveText(/Pending/);
  await expect(rows(page).first()).toContainText(/expires in \d+ min/);
  const searched = page.url();

  // Amount range (inclusive) on top, from the folded filters: the URL says so, the list follows.
  await page.getByTestId("more-filters").locator("summary").click();
  await page.getByLabel("Amount from (THB)").fill("101");
  await page.getByLabel("Amount to (THB)").fill("102.00");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => refIdsShown(page)).toEqual([b.refId1, a.refId1]);
  await expect(page.getByLabel("Amount from (THB)")).toHaveValue("101");

  // Back returns to the previous filters; a reload of a shared link shows the same rows.
  await page.goBack();
  await expect.poll(() => refIdsShown(page)).toEqual([c.refId1, b.refId1, a.refId1]);
  await page.goto(searched);
  await expect.poll(() => refIdsShown(page)).toEqual([c.refId1, b.refId1, a.refId1]);

  // The other searches: a part of a Thai payer name, RefId1, an exact amount.
  await page.goto(`/requests?merchant=all&q=${encodeURIComponent(name.slice(-5))}`);
  await expect.poll(() => refIdsShown(page)).toEqual([b.refId1]);
  await page.goto(`/requests?merchant=all&q=${a.refId1}`);
  await expect.poll(() => refIdsShown(page)).toEqual([a.refId1]);
  await page.goto(`/requests?merchant=all&q=${amount}`);
  await expect.poll(() => refIdsShown(page)).toContain(c.refId1);

  // Status: all three are open, none is paid.
  await page.goto(`/requests?merchant=all&q=${tag}&status=open`);
  await expect(rows(page)).toHaveCount(3);
  await page.goto(`/requests?merchant=all&q=${tag}&status=paid`);
  await expect(page.getByTestId("empty-state")).toContainText("No requests match these filters");

  // The Pay-Out tab keeps the search, and has none of these Pay-Ins.
  await page.goto(`/requests?merchant=all&q=${tag}`);
  await page.getByRole("navigation", { name: "Request type" }).getByRole("link", { name: "Pay-Out" }).click();
  await expect(page).toHaveURL(/tab=payout/);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByTestId("empty-state")).toContainText("No requests match these filters");
  await page.getByRole("navigation", { name: "Request type" }).getByRole("link", { name: "Pay-In" }).click();
  await expect(rows(page)).toHaveCount(3);
});

test("a P2P Pay-In is listed under Pay-In, marked P2P", async ({ page, sandbox }) => {
  skipWithoutApiKey(test);
  // Something for the P2P payment to go to: a pending pay-out at the provider (any merchant, last 24 h).
  await sandbox.provider("SubmitPayOutRequest", sandbox.merchants[1]!, {
    RefId1: marker("E2E-P2PO").slice(0, 25),
    RequestedAmount: 500,
    QrProvider: "PP",
    BankCode: "KBANK",
    BankAccountNo: "0123456789",
    BankAccountName: "Somsri Rakdee",
    PromptPayId: "0812345678",
  });
  const tag = marker("E2E-P2P");
  const { refId1 } = await createViaApi({ operation: "p2p", reference: `${tag} 1`, payerName: "สมศรี", amount: "25.00" });

  await page.goto(`/requests?merchant=all&q=${tag}`);
  await expect.poll(() => refIdsShown(page)).toEqual([refId1]);
  await expect(rows(page).first().locator("abbr", { hasText: "P2P" })).toHaveAttribute("title", /Pay-In P2P/);
});

test("keyset pages: ten per page, next, back and forward, previous — each row once", async ({ page }) => {
  skipWithoutApiKey(test);
  const tag = marker("E2E-PAGES");
  const made: Created[] = [];
  for (let i = 0; i < 11; i++) made.push(await createPayInViaApi({ refId2: tag, payerName: "สมหญิง", amount: `${30 + i}.00` }, i));
  const newestFirst = made.map((m) => m.refId1).reverse();

  await page.goto(`/requests?merchant=all&q=${tag}&size=10`);
  await expect.poll(() => refIdsShown(page)).toEqual(newestFirst.slice(0, 10));
  await expect(page.getByTestId("list-range")).toHaveText("1–10 of 11");
  await expect(page.getByRole("link", { name: /Previous/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect.poll(() => refIdsShown(page)).toEqual(newestFirst.slice(10));
  await expect(page.getByTestId("list-range")).toHaveText("11–11 of 11");
  await expect(page.getByRole("link", { name: /Next/ })).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => refIdsShown(page)).toEqual(newestFirst.slice(0, 10));
  await page.goForward();
  await page.getByRole("link", { name: "← Previous" }).click();
  await expect.poll(() => refIdsShown(page)).toEqual(newestFirst.slice(0, 10));
  await expect(page.getByTestId("list-range")).toHaveText("1–10 of 11");
});

test("the CSV export holds every matching row, UTF-8 with a BOM, Thai intact, quoted, amounts as plain decimals", async ({ page }) => {
  skipWithoutApiKey(test);
  const tag = marker("E2E-CSV");
  const thaiName = `ทดสอบ ${randomThai(6)}`;
  const a = await createPayInViaApi({ refId2: tag, payerName: thaiName, amount: "1234.50" }, 1);
  const b = await createPayInViaApi({ refId2: tag, payerName: '=HYPERLINK("http://x","y"), Jr', amount: "50" }, 2);

  await page.goto(`/requests?merchant=all&q=${tag}&size=10`);
  await expect(rows(page)).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^paydesk-payin-\d{8}-\d{4}\.csv$/);
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const table = parseCsv(bytes.subarray(3).toString("utf8"));
  const [header, ...body] = table;
  expect(header).toEqual(
    expect.arrayContaining(["id", "ref_id1", "ref_id2", "payer_name", "requested_amount", "generated_amount", "status"]),
  );
  const col = (row: string[], name: string) => row[header!.indexOf(name)];
  expect(body.map((r) => col(r, "ref_id1"))).toEqual([b.refId1, a.refId1]);
  const [rowB, rowA] = body as [string[], string[]];
  expect(col(rowA, "payer_name")).toBe(thaiName);
  expect(col(rowA, "requested_amount")).toBe("1234.50");
  expect(col(rowA, "generated_amount")).toMatch(/^1234\.\d\d$/);
  expect(col(rowA, "status")).toBe("pending");
  expect(col(rowA, "id")).toBe(a.id);
  // A would-be formula stays text; its comma and quotes survive the quoting.
  expect(col(rowB, "payer_name")).toBe('\'=HYPERLINK("http://x","y"), Jr');
  expect(col(rowB, "requested_amount")).toBe("50.00");
});

test("empty states and bad filters say why, keep what was typed, and offer the way out", async ({ page }) => {
  await page.goto(`/requests?merchant=all&q=${marker("NOTHING")}`);
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No requests match these filters");
  await empty.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/q=/);

  await page.goto("/requests?merchant=all&min=abc&max=5&from=2026-05-02&to=2026-05-01");
  await expect(page.getByText('"abc" is not an amount in baht, such as 1500 or 1,500.50.')).toBeVisible();
  await expect(page.getByText("The end date is before the start date; swap them.")).toBeVisible();
  await expect(page.getByLabel("Amount from (THB)")).toHaveValue("abc");
  await expect(page.getByLabel("Amount from (THB)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Some filters need attention" })).toBeVisible();
  await expect(page.getByTestId("request-table")).toHaveCount(0);
  await expect(page.getByTestId("export-csv")).toHaveCount(0);

  await expectNoAxeViolations(page);
});

test("the list with rows has no axe violations", async ({ page }) => {
  await page.goto("/requests?merchant=all");
  await expectNoAxeViolations(page);
});

test("the export refuses a signed-out caller with 401 in words", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await anonymous.get("/api/exports/requests?merchant=all");
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: expect.stringMatching(/Sign in/) });
  await anonymous.dispose();
});

/** RFC 4180, enough to read our export back. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      out.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return out;
}
