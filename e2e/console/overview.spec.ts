/**
 * The overview from staff's side: a Pay-In paid in the sandbox moves today's figures without a
 * reload (the page follows the live stream); a bar of the money chart opens the request list with
 * the same day; axe finds nothing, in English and Thai; a custom period with the days reversed is
 * refused in words beside the fields. A viewer limited to one merchant lands on the overview and
 * sees that merchant's numbers: its figure equals the total of the list it opens.
 */
import { expectNoAxeViolations } from "../support/axe";
import { storageStatePath } from "../support/auth-users";
import { makeRequest } from "../support/checkout";
import { budget, E2E } from "../support/config";
import { invitedPerson } from "../support/two-factor";
import { expect, test } from "../support/sandbox";

const paidCount = async (text: Promise<string | null>) => Number(/(\d+) requests?/.exec((await text) ?? "")?.[1] ?? NaN);

test("a payment moves today's figures live, a bar opens the list for its day, and the page passes axe in both languages", async ({
  page,
  browser,
  sandbox,
}) => {
  // Two axe scans, a request made and paid, and three pages in two browsers: more than 30 s on a busy machine.
  test.slow();
  await page.goto("/overview?range=today");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  const paid = page.getByTestId("figure-payin-paid-value");
  const before = await paidCount(paid.textContent());
  expect(before).toBeGreaterThanOrEqual(0);
  await expectNoAxeViolations(page);

  const made = await makeRequest(browser, { amount: "181.00" });
  await sandbox.control("POST", `/requests/${made.providerId}/pay`, {});
  // No reload: the figure follows the stream (other tests may pay Pay-Ins meanwhile, so at least one more).
  await expect.poll(() => paidCount(paid.textContent()), { timeout: budget(10_000) }).toBeGreaterThan(before);
  await expect(page.getByTestId("money-chart-table")).toBeAttached();

  // Today's bars are hours; each opens the Pay-In list for today.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await page.getByTestId("money-chart-bar").last().click();
  await expect(page).toHaveURL(new RegExp(`/requests\\?tab=payin&from=${today}&to=${today}`));
  await page.goBack();

  // A custom period with the end before the start is refused in words.
  await page.getByLabel("From", { exact: true }).fill("2026-11-20");
  await page.getByLabel("To", { exact: true }).fill("2026-11-10");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("overview-range-error")).toHaveText("The end day is before the start day.");
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.goto("/overview?range=7d");
  await expect(page.getByTestId("money-chart-bar")).toHaveCount(7);

  // Thai, from a Thai browser: the switcher would save the choice on the shared demo admin's
  // account and change the language of every other test signed in as them.
  const thai = await browser.newContext({ storageState: storageStatePath("admin"), locale: "th-TH", baseURL: E2E.baseUrl });
  const thaiPage = await thai.newPage();
  await thaiPage.goto("/overview?range=7d");
  await expect(thaiPage.getByRole("heading", { level: 1 })).toHaveText("ภาพรวม");
  await expect(thaiPage.getByRole("link", { name: "7 วัน" })).toHaveAttribute("aria-current", "page");
  // The period's days are also said the Thai way, whatever order the browser's own picker uses.
  const fromDay = thaiPage.getByLabel("ตั้งแต่", { exact: true });
  await fromDay.fill("2026-11-20");
  await expect(thaiPage.locator("[data-date-words]").first()).toHaveText("20 พ.ย. 2569");
  await expectNoAxeViolations(thaiPage);
  await thai.close();
});

test("a viewer limited to one merchant lands on the overview and sees that merchant's numbers only", async ({ page, browser }) => {
  test.slow();
  const { page: viewer } = await invitedPerson(page, browser, "Viewer", "Limited Viewer", undefined, ["Siam Coffee Roasters"]);
  await expect(viewer).toHaveURL(/\/overview$/);
  await expect(viewer.getByTestId("overview-scope")).toHaveText("Showing: Siam Coffee Roasters");
  // The figure and the list it opens count the same rows, in this person's scope. Both pages are
  // fetched at once (other tests pay Pay-Ins meanwhile), and again until they agree.
  await viewer.goto("/overview?range=30d");
  const listUrl = (await viewer.getByTestId("figure-payin-paid-value").getAttribute("href"))!;
  expect(listUrl).toMatch(/^\/requests\?tab=payin&status=paid&from=/);
  const textOf = (html: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)`).exec(html)?.[1]?.trim() ?? null;
  await expect
    .poll(
      async () => {
        const [overview, list] = await Promise.all([viewer.request.get("/overview?range=30d"), viewer.request.get(listUrl)]);
        const figure = textOf(await overview.text(), "figure-payin-paid-value") ?? "";
        const paid = textOf(await list.text(), "total-paid") ?? "฿0.00";
        return figure.startsWith(`${paid} ·`) ? "equal" : `${figure} vs ${paid}`;
      },
      { timeout: budget(30_000) },
    )
    .toBe("equal");
  await viewer.goto(listUrl);
  await expect(viewer.getByTestId("list-scope")).toContainText("Siam Coffee Roasters");
  await expectNoAxeViolations(viewer);
  await viewer.context().close();
});

test("on a 390×844 phone the charts' labels are readable (≥ 11 px) and never run into each other", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const range of ["today", "30d"]) {
    await page.goto(`/overview?range=${range}`);
    for (const chart of ["money-chart", "success-chart", "pay-times-chart"]) await expect(page.getByTestId(chart)).toBeVisible();
    // Every shown label, with its size and box; those on one row (the same top) must keep apart.
    const problems = () =>
      page.locator("[data-axis-label]").evaluateAll((els) => {
        const shown = els
          .filter((el) => getComputedStyle(el).display !== "none")
          .map((el) => {
            // The drawn size, not the style's: text in a scaled SVG is drawn smaller than its font-size says.
            const box = el.getBoundingClientRect();
            return { text: el.textContent, height: box.height, left: box.left, right: box.right, top: Math.round(box.top) };
          });
        const found: string[] = shown.length > 3 ? [] : [`only ${shown.length} labels shown`];
        // An 11 px letter's box is at least 11 px tall.
        for (const l of shown) if (l.height < 11) found.push(`${l.text}: drawn ${l.height.toFixed(1)} px tall`);
        for (const a of shown)
          for (const b of shown)
            if (a !== b && a.top === b.top && a.left <= b.left && b.left < a.right) found.push(`${a.text} runs into ${b.text}`);
        return found;
      });
    await expect.poll(problems).toEqual([]);
  }
});
