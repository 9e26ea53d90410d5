/**
 * axe on every page of the build (no violations on any console page). The routes come
 * from the build's own manifest, like e2e/no-keys-in-browser.spec.ts, so a page added later is
 * covered the day it exists: pages without parameters are opened directly, and each page with a
 * parameter (/settings/merchants/[id], /requests/[id]…) through the first link to it found on the
 * other pages. Each test reports every violation of every page at once, then fails if there is one.
 */
import fs from "node:fs";
import path from "node:path";
import { createViaApi, skipWithoutApiKey } from "../support/api";
import { axeResults } from "../support/axe";
import { expect, test, type Page } from "@playwright/test";
import { budget, E2E } from "../support/config";

const EMPTY_STATE = { cookies: [], origins: [] };
// Each test here scans several pages with axe, seconds each on a small machine: more than one flow's 30 s.
test.describe.configure({ timeout: budget(90_000) });

/** The build's pages (`…/page` entries; a route handler's `…/route` answers JSON, a stream or a file, not a page). */
function pageRoutes(): string[] {
  const manifest = path.resolve(".next", "app-path-routes-manifest.json");
  const entries = Object.entries(JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, string>);
  const routes = entries.filter(([entry]) => entry.endsWith("/page")).map(([, route]) => route);
  return [...new Set(routes)].filter((r) => !r.startsWith("/api") && !r.startsWith("/_")).sort();
}

/**
 * Pages with parameters that need data this test does not make (a slip, a bulk file, an endpoint, a
 * paid Pay-In, an open one first in the list, a chosen merchant) and so may have no link to them
 * here: the spec that makes that data runs axe on the page. A page with parameters neither reached here nor named here fails the test.
 */
const AUDITED_ELSEWHERE: Record<string, string> = {
  "/new/[operation]": "create-validation.spec.ts",
  "/payouts/bulk/[id]": "bulk-payouts.spec.ts",
  "/requests/[id]/poster": "request-page.spec.ts",
  "/requests/[id]/refund": "refunds.spec.ts",
  "/settings/webhooks/[id]/[endpointId]": "outbound-webhooks.spec.ts",
  "/slips/[id]": "slips-console.spec.ts",
};

/** "/settings/merchants/[id]" → a pattern for its real paths. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/\[\.\.\.[^\]]+\]/g, ".+").replace(/\[[^\]]+\]/g, "[^/]+")}$`);

interface Finding {
  page: string;
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

async function audit(page: Page, label: string): Promise<Finding[]> {
  const violations = await axeResults(page);
  return violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}

const report = (findings: Finding[]) => findings.map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help} → ${f.targets.join(" | ")}`);

test("every page of the console, as an admin, has no axe violations", async ({ page }) => {
  test.skip(E2E.external, "the build's route list is on this machine only");
  skipWithoutApiKey(test);
  test.setTimeout(budget(300_000));
  // A request of its own, so a request's page is reached through the list whatever ran before.
  await createViaApi({ amount: "150.00" });
  const routes = pageRoutes();
  expect(routes).toEqual(expect.arrayContaining(["/login", "/settings/merchants", "/settings/staff", "/audit"]));
  const staticRoutes = routes.filter((r) => !r.includes("["));
  const dynamic = routes
    .filter((r) => r.includes("["))
    .map((route) => ({ route, pattern: patternOf(route), found: null as string | null }));

  const findings: Finding[] = [];
  const visit = async (target: string, label: string) => {
    const response = await page.goto(target);
    // The demo-mode pages that fail on purpose (lib/demo-failure.ts) answer 500; their error page is audited like any page.
    if (target.startsWith("/demo/") || target === "/checkout/demo-failure") {
      expect(response?.status(), `${label} answered`).toBe(500);
      // Its words load after the failure (lazily on the customer's pages): audit the page they make.
      await expect(page.getByTestId("page-error"), `${label} shows its error page`).toBeVisible();
    } else expect(response?.status(), `${label} answered`).toBeLessThan(500);
    // Then until the browser is idle (hydrated, its first effects run). Not "networkidle": a console
    // page keeps its live-update stream open, so the network never goes idle and every page waited
    // out the whole bound.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 })));
    findings.push(...(await audit(page, label)));
    // Links to pages with parameters, for the second round.
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
    for (const href of hrefs) {
      const pathname = href.split(/[?#]/)[0]!;
      for (const d of dynamic) if (!d.found && d.pattern.test(pathname)) d.found = pathname;
    }
  };

  for (const route of staticRoutes) await visit(route, route);
  // A page reached only through a page with parameters (a request's page from the list) is looked for again.
  for (let round = 0; round < 2; round++) {
    for (const d of dynamic.filter((x) => x.found && !findings.some((f) => f.page === x.route) && !(x as { visited?: boolean }).visited)) {
      (d as { visited?: boolean }).visited = true;
      await visit(d.found!, d.route);
    }
  }
  const unreached = dynamic.filter((d) => !d.found).map((d) => d.route);
  test.info().annotations.push({
    type: "pages with parameters not reached (no link to one on any page; audited by the spec named in AUDITED_ELSEWHERE)",
    description: unreached.join(", ") || "none",
  });
  expect(report(findings)).toEqual([]);
  expect(
    unreached.filter((route) => !AUDITED_ELSEWHERE[route]),
    "pages with parameters neither reached here nor audited by a spec named in AUDITED_ELSEWHERE",
  ).toEqual([]);
  for (const [route, spec] of Object.entries(AUDITED_ELSEWHERE)) {
    const source = fs.readFileSync(path.resolve("e2e", "console", spec), "utf8");
    expect(/\b(axeResults|axeViolations|expectNoAxeViolations)\(/.test(source), `${spec}, named for ${route}, runs axe`).toBe(true);
  }
});

test("the settings forms with their error messages showing have no axe violations", async ({ page }) => {
  const findings: Finding[] = [];
  await page.goto("/settings/merchants/new");
  await page.getByRole("button", { name: "Add merchant" }).click();
  await expect(page.getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");
  findings.push(...(await audit(page, "/settings/merchants/new (errors)")));

  await page.goto("/settings/staff/new");
  await page.getByLabel(/Every merchant/).uncheck();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  findings.push(...(await audit(page, "/settings/staff/new (errors)")));

  await page.goto("/account/password");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  findings.push(...(await audit(page, "/account/password (errors)")));

  await page.goto("/audit?from=not-a-date");
  findings.push(...(await audit(page, "/audit (ignored filter)")));
  expect(report(findings)).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: EMPTY_STATE });

  test("the sign-in page, in English and in Thai, with a refusal showing", async ({ page, context }) => {
    const findings: Finding[] = [];
    await page.goto("/login");
    findings.push(...(await audit(page, "/login")));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    findings.push(...(await audit(page, "/login (errors)")));

    await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByRole("heading", { name: "เข้าสู่ระบบ PayDesk" })).toBeVisible();
    findings.push(...(await audit(page, "/login (th)")));
    expect(report(findings)).toEqual([]);
  });
});

test.describe("in Thai", () => {
  test("the console shell and the settings and audit pages", async ({ page, context }) => {
    // The cookie, not the demo admin's account: other tests run as that admin in English at the same time.
    await context.addCookies([{ name: "paydesk_locale", value: "th", url: E2E.baseUrl }]);
    const findings: Finding[] = [];
    for (const route of [
      "/settings/merchants",
      "/settings/staff",
      "/settings/staff/new",
      "/settings/jobs",
      "/settings/line",
      "/settings/line/messages",
      "/audit",
      "/account/notifications",
    ]) {
      await page.goto(route);
      await expect(page.locator("html")).toHaveAttribute("lang", "th");
      findings.push(...(await audit(page, `${route} (th)`)));
    }
    expect(report(findings)).toEqual([]);
  });
});
