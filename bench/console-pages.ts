/**
 * bench/console-pages: the console's busiest pages on a phone, signed in, on a production build,
 * in one run. Staff open the console on their phones more and more (an approval from the LINE
 * message, a customer's question at the counter): the overview, the request list, a request's
 * page, the new Pay-In form and approvals.
 *
 * - First-load JS as a phone loads each page (Pixel 7): the gzipped bytes of every script it
 *   requests until its load event, and what it requests later on its own (bench/lib/page-load.ts).
 * - Lighthouse, mobile preset (simulated throttling), BENCH_LIGHTHOUSE_RUNS runs per page, signed in
 *   (the session cookie sent with every request), each in a freshly started browser that has shown
 *   one other page first, while the server's processes yield the CPU to it (docs/DESIGN.md §8):
 *   performance and accessibility (median and worst run), LCP and total blocking time (median).
 *   Targets are in docs/DESIGN.md §8 with why.
 * - The framework's floor beside them, measured the same way: the App Router page with the least in
 *   it (`app_router_floor_*`), what any console page pays before its own content.
 *
 * The data: the demo merchants, ~30 Pay-Ins of which some are paid, so the overview and the list
 * have rows and figures to draw.
 */
import path from "node:path";
import fs from "node:fs";
import { chromium, devices } from "@playwright/test";
import { findPostgresBin, freePort, startPostgres } from "../lib/db/testing/postgres-server";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/config";
import { buildApp, startApp } from "./lib/app-process";
import { threadsOfTrees, withLowPriority } from "./lib/cpu-priority";
import { lighthouseMedian } from "./lib/lighthouse";
import { firstLoadJs, type Load } from "./lib/page-load";
import { requestMaker } from "./lib/request-maker";
import { figure, median, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const REQUESTS = 30;
/** The App Router page with the least in it (see where it is measured). */
const FLOOR_PAGE = "/checkout";

/**
 * Each page's targets (docs/DESIGN.md §8 says why): first-load JS no more than the first
 * measurement after the step-up dialog, the QR drawing, the decline's schema and the demo's panel
 * left the first load (2026-11-29), so it only goes down; performance ≥ 90 on every page (not met:
 * the framework's floor, measured beside them, scores below it itself); accessibility 100 in every run.
 */
const TARGETS: Record<string, { firstLoadKb: number; performance: number }> = {
  overview: { firstLoadKb: 160, performance: 90 },
  requests: { firstLoadKb: 160, performance: 90 },
  request: { firstLoadKb: 170, performance: 90 },
  new_payin: { firstLoadKb: 240, performance: 90 },
  approvals: { firstLoadKb: 165, performance: 90 },
};

async function main(): Promise<void> {
  const pgBin = findPostgresBin();
  if (!pgBin) throw new Error("needs Debian's postgresql (npm test installs it)");
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error("needs Chromium (/usr/bin/chromium)");
  const buildMs = buildApp();
  const postgres = await startPostgres(pgBin);
  const appPort = await freePort();
  const sandbox = await startSandboxProcess({ SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/webhooks/payment` });
  const app = await startApp({
    port: appPort,
    sandboxUrl: sandbox.url,
    sandboxCredentialsFile: sandbox.credentialsFile,
    databaseUrl: postgres.url("postgres"),
  });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    Object.assign(process.env, app.env);
    const make = await requestMaker();
    let last = "";
    for (let i = 0; i < REQUESTS; i++) {
      const made = await make("payin", 20_000 + i * 1_000);
      last = made.id;
      // A third paid, so the overview's figures and the list's states are not all one thing.
      if (i % 3 === 0) await fetch(`${sandbox.url}/sandbox/requests/${made.providerId}/pay`, { method: "POST", body: "{}" });
    }

    const phone = await browser.newContext({ ...devices["Pixel 7"], locale: "th-TH", timezoneId: "Asia/Bangkok", baseURL: app.url });
    const cookie = await signIn(phone, app.dataDir);
    const pages: Record<string, string> = {
      overview: "/overview",
      requests: "/requests",
      request: `/requests/${last}`,
      new_payin: "/new/payin",
      approvals: "/approvals",
    };
    const loads: Record<string, Load> = {};
    for (const [name, pathname] of Object.entries(pages)) loads[name] = await firstLoadJs(phone, `${app.url}${pathname}`);
    await browser.close();

    const serverSide = [app.pid, sandbox.pid, postgres.pid()].filter((pid): pid is number => pid !== null);
    // Another origin of the same server: the browser is warm, but holds no connection to the measured page's origin.
    const warmUp = `${app.url.replace("127.0.0.1", "localhost")}/login`;
    const { lh, floor } = await withLowPriority(threadsOfTrees(serverSide), 19, async () => {
      const runs: Record<string, Awaited<ReturnType<typeof lighthouseMedian>>> = {};
      for (const [name, pathname] of Object.entries(pages))
        runs[name] = await lighthouseMedian(chromePath, `${app.url}${pathname}`, warmUp, {
          runs: LIGHTHOUSE_RUNS,
          extraHeaders: { Cookie: cookie },
        });
      // The framework's floor, measured the same way in the same run: the App Router page with the
      // least in it (a checkout link cut short: one notice, the customer's small stylesheet, no
      // client component of its own), so all it costs is the runtime every App Router page loads.
      return { lh: runs, floor: await lighthouseMedian(chromePath, `${app.url}${FLOOR_PAGE}`, warmUp, { runs: LIGHTHOUSE_RUNS }) };
    });

    const kb = (bytes: number) => bytes / 1024;
    const figures: Record<string, Figure> = {};
    for (const name of Object.keys(pages)) {
      const target = TARGETS[name]!;
      const runs = lh[name]!.runs;
      figures[`${name}_first_load_js`] = figure(kb(loads[name]!.firstLoad), "KB gz", { atMost: target.firstLoadKb });
      figures[`${name}_later_js`] = figure(kb(loads[name]!.later), "KB gz");
      figures[`${name}_lighthouse_performance_median`] = figure(lh[name]!.performance, "score", { atLeast: target.performance });
      figures[`${name}_lighthouse_performance_worst_run`] = figure(Math.min(...runs.map((r) => r.performance)), "score");
      figures[`${name}_lighthouse_accessibility_worst_run`] = figure(Math.min(...runs.map((r) => r.accessibility)), "score", {
        atLeast: 100,
      });
      figures[`${name}_lcp_median`] = figure(lh[name]!.lcpMs / 1000, "s");
      figures[`${name}_tbt_median`] = figure(median(runs.map((r) => r.tbtMs)), "ms");
    }
    figures.app_router_floor_lighthouse_performance_median = figure(floor.performance, "score");
    figures.app_router_floor_lighthouse_performance_best_run = figure(Math.max(...floor.runs.map((r) => r.performance)), "score");
    figures.app_router_floor_tbt_median = figure(median(floor.runs.map((r) => r.tbtMs)), "ms");
    figures.app_router_floor_lcp_median = figure(floor.lcpMs / 1000, "s");
    const file = writeResults("console-pages", figures, {
      pages,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      lighthouseRunsDetail: lh,
      appRouterFloor: { page: FLOOR_PAGE, ...floor },
      scripts: Object.fromEntries(Object.entries(loads).map(([name, load]) => [name, load.scripts])),
      css: Object.fromEntries(Object.entries(loads).map(([name, load]) => [name, load.css])),
      requests: REQUESTS,
      buildSeconds: Math.round(buildMs / 100) / 10,
      signedInAs: "the demo admin",
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await browser.close();
    await app.stop();
    await sandbox.stop();
    await postgres.stop();
  }
}

/** Signs the phone in as the demo admin (DATA_DIR/demo-users.json) and answers its cookies as a Cookie header. */
async function signIn(phone: import("@playwright/test").BrowserContext, dataDir: string): Promise<string> {
  const users = (
    JSON.parse(fs.readFileSync(path.join(dataDir, "demo-users.json"), "utf8")) as {
      users: Array<{ email: string; password: string; role: string }>;
    }
  ).users;
  const admin = users.find((u) => u.role === "admin");
  if (!admin) throw new Error("the demo users have no admin");
  const page = await phone.newPage();
  await page.goto("/login");
  await page.getByLabel(/Email|อีเมล/).fill(admin.email);
  await page.getByLabel(/^(Password|รหัสผ่าน)$/).fill(admin.password);
  await page.getByRole("button", { name: /^(Sign in|เข้าสู่ระบบ)$/ }).click();
  // On a phone the name sits in the folded menu: there, not shown.
  await page.getByTestId("signed-in-as").waitFor({ state: "attached", timeout: 30_000 });
  await page.close();
  return (await phone.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

await main();
process.exit(0);
