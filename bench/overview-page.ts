/**
 * bench/overview-page: what the overview costs the browser beside the rest of the console, in one
 * production build. Signed in as the demo admin, Chromium opens /overview (today and 30 days) and
 * every other console section, and the JavaScript each loads before its load event is summed,
 * gzipped (level 9) as it would travel. Target: the overview's first-load JS at most 60 KB above
 * the console's lightest page.
 *
 * The app runs as `next start` in demo mode on its own PGlite folder, against a sandbox process
 * (bench/lib/app-process.ts, bench/lib/sandbox-process.ts); nothing is faked.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/config";
import { freePort } from "../lib/db/testing/postgres-server";
import { buildApp, startApp } from "./lib/app-process";
import { figure, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";

const TARGET_KB_ABOVE_LIGHTEST = 60;
const PAGES = ["/requests", "/new", "/approvals", "/slips", "/webhooks", "/settings", "/audit"];

/** The gzipped JavaScript a page loads before its load event. */
async function firstLoadJs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  let loaded = false;
  const sizes: Promise<number>[] = [];
  page.on("load", () => (loaded = true));
  page.on("response", (response) => {
    if (loaded || response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  const answer = await page.goto(url, { waitUntil: "load" });
  if (!answer?.ok() || new URL(page.url()).pathname.startsWith("/login")) throw new Error(`${url} did not open (${answer?.status()})`);
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await page.close();
  return total;
}

async function main(): Promise<void> {
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error("needs Chromium (/usr/bin/chromium)");
  buildApp();
  const appPort = await freePort();
  const sandbox = await startSandboxProcess({ SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/webhooks/payment` });
  const app = await startApp({ port: appPort, sandboxUrl: sandbox.url, sandboxCredentialsFile: sandbox.credentialsFile });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const usersFile = path.join(app.dataDir, "demo-users.json");
    for (let i = 0; i < 100 && !fs.existsSync(usersFile); i++) await new Promise((r) => setTimeout(r, 100));
    const { users } = JSON.parse(fs.readFileSync(usersFile, "utf8")) as {
      users: Array<{ email: string; password: string; role?: string }>;
    };
    const admin = users.find((u) => u.role === "admin")!;
    const context = await browser.newContext({ baseURL: app.url, locale: "en-GB", timezoneId: "Asia/Bangkok" });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/overview$/);
    await page.close();

    // Each page twice (the first warms the server), the second counted.
    const measure = async (url: string) => {
      await firstLoadJs(context, `${app.url}${url}`);
      return firstLoadJs(context, `${app.url}${url}`);
    };
    const others: Record<string, number> = {};
    for (const url of PAGES) others[url] = await measure(url);
    const overviewToday = await measure("/overview?range=today");
    const overview30 = await measure("/overview?range=30d");
    const [lightestPage, lightest] = Object.entries(others).sort((a, b) => a[1] - b[1])[0]!;
    const above = (Math.max(overviewToday, overview30) - lightest) / 1024;

    const figures: Record<string, Figure> = {
      overview_first_load_js_kb: figure(overviewToday / 1024, "KB"),
      overview_30d_first_load_js_kb: figure(overview30 / 1024, "KB"),
      lightest_console_page_first_load_js_kb: figure(lightest / 1024, "KB"),
      overview_above_lightest_kb: figure(above, "KB", { atMost: TARGET_KB_ABOVE_LIGHTEST }),
    };
    for (const [url, bytes] of Object.entries(others))
      figures[`page${url.replaceAll("/", "_")}_first_load_js_kb`] = figure(bytes / 1024, "KB");
    for (const [name, f] of Object.entries(figures))
      console.log(`${name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? "met" : "NOT met"})` : ""}`);
    const file = writeResults("overview-page", figures, { lightestPage, gzip: "level 9, JavaScript requested before the load event" });
    console.log(`wrote ${file}`);
  } finally {
    await browser.close();
    await app.stop();
    await sandbox.stop();
  }
}

await main();
