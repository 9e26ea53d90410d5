/**
 * bench/customer-pages: the customer's pages on a production build, in one run.
 *
 * - First-load JS as a phone loads it: the gzipped bytes of every script the page requests until
 *   it has loaded (Chromium never requests `nomodule` polyfills), for the checkout page, the slip
 *   page and a floor page from the same build — `/checkout` without a token, which renders only
 *   the root layout and static text (no client component of its own): what any App Router page
 *   carries. The checkout ships no framework runtime (pages/checkout/[token].tsx): its own script
 *   only, ≤ 5 KB; everything it transfers before it is usable (the HTML with its inlined CSS, the
 *   headers, the script) ≤ 30 KB. The Thai web font the customer stylesheet falls back to is
 *   reported apart: phones with a Thai system font (every Android and iOS phone) never fetch it.
 *   The slip page is built the same way (pages/payin-slip-upload/…): its own script ≤ 10 KB,
 *   everything before it is usable ≤ 40 KB. Code loaded later (Save QR's drawing on click, the
 *   slip QR reader once a slip is picked) is reported separately.
 * - The amount and the QR in the server's HTML (no JavaScript).
 * - Lighthouse, mobile preset (simulated throttling), 5 runs per page. The checkout in each run,
 *   not as a median: performance 100, accessibility 100, total blocking time 0, LCP ≤ 1.2 s. The
 *   slip page in each run too: performance 100, accessibility 100, LCP ≤ 1.2 s, total blocking
 *   time no more than the empty page's worst run (below); the floor page reported.
 *   Each run in a freshly started browser that has shown one other page first, while the server's
 *   processes yield the CPU to it (docs/DESIGN.md §8: what a phone has and this machine has not).
 *   Beside them, the machine's floor: a static page with nothing in it, measured the same way (how
 *   many of its runs show any total blocking time says what the machine adds to every page's).
 * - Live status: 50 payments, each from just before the sandbox's pay call (which emits
 *   payment.completed) to the success state in the page's DOM: p95 ≤ 150 ms.
 *
 * The browser measures as a Thai customer's phone would: with a Thai system font (every Android
 * and iOS phone has one, so the customer pages' Thai web font is never fetched there). A Debian
 * server has none, and without it every page would fetch that fallback font and repaint with it;
 * so the benchmark installs Debian's Noto fonts (with Noto Sans Thai) when it may, and otherwise
 * says in its notes that its figures are those of a device without a Thai font.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, devices } from "@playwright/test";
import { PNG } from "pngjs";
import { findPostgresBin, freePort, startPostgres } from "../lib/db/testing/postgres-server";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/config";
import { buildApp, startApp } from "./lib/app-process";
import { threadsOfTrees, withLowPriority } from "./lib/cpu-priority";
import { lighthouseMedian } from "./lib/lighthouse";
import { firstLoadJs, servedBytes } from "./lib/page-load";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";
import { requestMaker, type Made } from "./lib/request-maker";
import { startSandboxProcess } from "./lib/sandbox-process";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 50);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** Is there a Thai system font? Installs Debian's when it can; returns its family, or null. */
function thaiSystemFont(): string | null {
  const families = () => {
    try {
      return execFileSync("fc-list", [":lang=th", "family"], { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  if (!families() && process.getuid?.() === 0 && fs.existsSync("/etc/debian_version")) {
    console.log("[customer-pages] installing Debian's fonts-noto-core (a Thai system font, as phones have)…");
    execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null"], {
      stdio: "inherit",
    });
  }
  return families().split("\n")[0] || null;
}

async function main(): Promise<void> {
  const thaiFont = thaiSystemFont();
  if (!thaiFont)
    console.warn(
      "[customer-pages] no Thai system font: the figures are those of a device without one (the pages fetch their Thai web font)",
    );
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
  const bare = await serveBarePage();
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    // The benchmark makes its requests with PayDesk's own code, on the app's database, as the console would.
    Object.assign(process.env, app.env);
    const make = await requestMaker();
    const phone = await browser.newContext({ ...devices["Pixel 7"], locale: "th-TH", timezoneId: "Asia/Bangkok", baseURL: app.url });

    const payIn = await make("payin", 32_575);
    const p2p = await make("p2p", 0);
    const slipPath = new URL(payIn.slipUrl).pathname;

    const floor = await firstLoadJs(phone, `${app.url}/checkout`);
    const checkout = await firstLoadJs(phone, `${app.url}${payIn.checkoutPath}`, async (page) => {
      // After first paint the hub client arrives on its own; Save QR's drawing code only on a click.
      await page.locator('[data-hub="connected"]').waitFor({ timeout: 15_000 });
      const download = page.waitForEvent("download");
      await page.getByTestId("save-qr").click();
      await download;
    });
    const slip = await firstLoadJs(phone, `${app.url}${slipPath}`, async (page) => {
      await page.getByLabel(/เลือกรูปสลิป/).setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: whitePng() });
      await page.getByTestId("slip-preview").waitFor();
      await page.waitForTimeout(500);
    });
    const p2pPage = await firstLoadJs(phone, `${app.url}${p2p.checkoutPath}`);

    const html = await (await fetch(`${app.url}${payIn.checkoutPath}`, { headers: { "Accept-Language": "th" } })).text();
    const ssrAmount = html.includes("฿325.75") || /฿325\.\d\d/.test(html);
    const ssrQr = /data-qr-value="000201[^"]*"/.test(html) && html.includes("<svg");

    // The first HTML as a phone receives it (gzip), headers included: under ~14 KB it arrives in the
    // first round trip of a new connection (TCP's initial window, which Lighthouse's simulation models).
    const htmlBytes = {
      checkout: await servedBytes(`${app.url}${payIn.checkoutPath}`),
      slip: await servedBytes(`${app.url}${slipPath}`),
      floor: await servedBytes(`${app.url}/checkout`),
    };

    const latencies = await liveLatency(phone, make, sandbox.url);
    const fallbackBytes = await thaiFontFallback(app.url, html);
    await browser.close();
    // Lighthouse last, with no other browser open (Playwright's is closed, not idle beside it), and the
    // server side yielding the CPU to the browser while Lighthouse measures (bench/lib/cpu-priority.ts).
    const serverSide = [app.pid, sandbox.pid, postgres.pid()].filter((pid): pid is number => pid !== null);
    // Another origin of the same server (localhost, not 127.0.0.1): the browser is warm, but holds no
    // connection to the measured page's origin, as a payer's browser opening the link would not.
    const warmUp = `${app.url.replace("127.0.0.1", "localhost")}/checkout`;
    const runs = { runs: LIGHTHOUSE_RUNS };
    const lh = await withLowPriority(threadsOfTrees(serverSide), 19, async () => ({
      checkout: await lighthouseMedian(chromePath, `${app.url}${payIn.checkoutPath}`, warmUp, runs),
      slip: await lighthouseMedian(chromePath, `${app.url}${slipPath}`, warmUp, runs),
      // The same measurement of the floor page: what any App Router page of this build scores.
      floor: await lighthouseMedian(chromePath, `${app.url}/checkout`, warmUp, runs),
      // And the machine's floor: a page with nothing in it, measured the same way.
      bare: await lighthouseMedian(chromePath, bare.url, warmUp, runs),
    }));

    // KB here are KiB (1,024 bytes), gzipped at level 9.
    const kb = (bytes: number) => bytes / 1024;
    const figures: Record<string, Figure> = {
      floor_first_load_js: figure(kb(floor.firstLoad), "KB gz"),
      checkout_first_load_js: figure(kb(checkout.firstLoad), "KB gz"),
      checkout_js_at_most_5kb: figure(kb(checkout.firstLoad), "KB gz", { atMost: 5 }),
      checkout_p2p_first_load_js: figure(kb(p2pPage.firstLoad), "KB gz", { atMost: 5 }),
      // HTML (its CSS inlined) and headers, plus the stylesheets and scripts requested before load.
      checkout_before_usable: figure(kb(htmlBytes.checkout + checkout.css - checkout.inlineCss + checkout.firstLoad), "KB gz", {
        atMost: 30,
      }),
      checkout_later_js: figure(kb(checkout.later), "KB gz"),
      thai_font_fallback_not_fetched_with_thai_system_font: figure(kb(fallbackBytes), "KB"),
      slip_first_load_js: figure(kb(slip.firstLoad), "KB gz", { atMost: 10 }),
      slip_before_usable: figure(kb(htmlBytes.slip + slip.css - slip.inlineCss + slip.firstLoad), "KB gz", { atMost: 40 }),
      slip_qr_reader_js_after_a_pick: figure(kb(slip.later), "KB gz"),
      checkout_css: figure(kb(checkout.css), "KB gz (inlined)"),
      checkout_lighter_than_btcpay: figure(kb(checkout.firstLoad + checkout.css), "KB gz JS+CSS", { atMost: 140 }),
      checkout_lighter_than_provider_slip_page: figure(kb(checkout.firstLoad), "KB gz JS", { atMost: 136 }),
      checkout_html_transfer: figure(kb(htmlBytes.checkout), "KB gz + headers"),
      slip_html_transfer: figure(kb(htmlBytes.slip), "KB gz + headers"),
      floor_html_transfer: figure(kb(htmlBytes.floor), "KB gz + headers"),
      ssr_amount_and_qr: figure(ssrAmount && ssrQr ? 1 : 0, "yes=1", { atLeast: 1 }),
      checkout_lighthouse_performance_worst_run: figure(Math.min(...lh.checkout.runs.map((r) => r.performance)), "score", { atLeast: 100 }),
      checkout_lighthouse_accessibility_worst_run: figure(Math.min(...lh.checkout.runs.map((r) => r.accessibility)), "score", {
        atLeast: 100,
      }),
      checkout_tbt_worst_run: figure(Math.max(...lh.checkout.runs.map((r) => r.tbtMs)), "ms", { atMost: 0 }),
      checkout_lcp_worst_run: figure(Math.max(...lh.checkout.runs.map((r) => r.lcpMs)) / 1000, "s", { atMost: 1.2 }),
      checkout_lcp_median: figure(lh.checkout.lcpMs / 1000, "s"),
      slip_lighthouse_performance_worst_run: figure(Math.min(...lh.slip.runs.map((r) => r.performance)), "score", { atLeast: 100 }),
      slip_lighthouse_accessibility_worst_run: figure(Math.min(...lh.slip.runs.map((r) => r.accessibility)), "score", { atLeast: 100 }),
      slip_lcp_worst_run: figure(Math.max(...lh.slip.runs.map((r) => r.lcpMs)) / 1000, "s", { atMost: 1.2 }),
      slip_lcp_median: figure(lh.slip.lcpMs / 1000, "s"),
      // The machine's floor, measured beside it: the empty page's worst run.
      slip_tbt_worst_run: figure(Math.max(...lh.slip.runs.map((r) => r.tbtMs)), "ms", {
        atMost: Math.max(...lh.bare.runs.map((r) => r.tbtMs)),
      }),
      floor_lighthouse_performance: figure(lh.floor.performance, "score"),
      floor_lcp: figure(lh.floor.lcpMs / 1000, "s"),
      slip_tbt_median: figure(median(lh.slip.runs.map((r) => r.tbtMs)), "ms"),
      checkout_runs_with_tbt: figure(lh.checkout.runs.filter((r) => r.tbtMs > 0).length, `of ${LIGHTHOUSE_RUNS} runs`),
      bare_page_tbt_worst_run: figure(Math.max(...lh.bare.runs.map((r) => r.tbtMs)), "ms"),
      bare_page_runs_with_tbt: figure(lh.bare.runs.filter((r) => r.tbtMs > 0).length, `of ${LIGHTHOUSE_RUNS} runs`),
      live_status_p50: figure(median(latencies), "ms"),
      live_status_p95: figure(
        percentile(
          [...latencies].sort((a, b) => a - b),
          95,
        ),
        "ms",
        { atMost: 150 },
      ),
    };
    const file = writeResults("customer-pages", figures, {
      payments: latencies.length,
      thaiSystemFont: thaiFont ?? "none (figures of a device without a Thai font)",
      lighthouseRuns: LIGHTHOUSE_RUNS,
      lighthouseRunsDetail: lh,
      buildSeconds: Math.round(buildMs / 100) / 10,
      scripts: { floor: floor.scripts, checkout: checkout.scripts, slip: slip.scripts },
      css: { floor: floor.css, checkout: checkout.css, slip: slip.css },
      floorPage: "/checkout without a token: root layout + static text, no client component of its own",
      barePage: `the machine's floor: ${Buffer.byteLength(BARE_PAGE)} bytes of static HTML (a heading and a sentence; no CSS, no script, no font), served by the benchmark, measured as the checkout is`,
      beforeUsable:
        "checkout (and slip page) HTML gz with its inlined CSS and the response headers, plus first-load scripts (gz, level 9) and any stylesheet requested",
      thaiFontFallback:
        "the woff2 app/customer.css names after local() Thai fonts, with unicode-range: fetched only on a device without a Thai system font",
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await browser.close();
    bare.close();
    await app.stop();
    await sandbox.stop();
    await postgres.stop();
  }
}

/**
 * The least a page can be: a heading and a sentence in Thai, no stylesheet, no script, no web font.
 * Every page pays the browser's navigation commit (two script contexts: the page's and Lighthouse's),
 * which Lantern counts ×4 like the page's own work, so what this page scores is the floor under the
 * checkout's figures on the machine that runs the benchmark (docs/DESIGN.md §8).
 */
const BARE_PAGE = `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>ชำระเงิน</title></head><body><main><h1>฿325.75</h1><p>สแกนคิวอาร์โค้ดด้วยแอปธนาคารของคุณ</p></main></body></html>`;

async function serveBarePage(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** From just before the pay call to the success state in the DOM, per payment, in ms. */
async function liveLatency(
  context: import("@playwright/test").BrowserContext,
  make: (kind: "payin", amount: number) => Promise<Made>,
  sandboxUrl: string,
): Promise<number[]> {
  const page = await context.newPage();
  const latencies: number[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const made = await make("payin", 10_000 + i * 100);
    await page.goto(made.checkoutPath);
    await page.locator('[data-hub="connected"]').waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      const root = document.querySelector('[data-testid="checkout-live"]')!;
      new MutationObserver(() => {
        const state = root.getAttribute("data-state");
        if ((state === "paid" || state === "approved") && !(window as { __paidAt?: number }).__paidAt)
          (window as { __paidAt?: number }).__paidAt = Date.now();
      }).observe(root, { attributes: true });
    });
    const started = Date.now();
    const res = await fetch(`${sandboxUrl}/sandbox/requests/${made.providerId}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    if (!res.ok) throw new Error(`pay failed: ${res.status}`);
    const paidAt = await page.waitForFunction(() => (window as { __paidAt?: number }).__paidAt, undefined, { timeout: 10_000 });
    latencies.push(((await paidAt.jsonValue()) as number) - started);
  }
  await page.close();
  return latencies;
}

/** Bytes of the Thai web font the checkout's stylesheet falls back to (0 when it names none). */
async function thaiFontFallback(baseUrl: string, html: string): Promise<number> {
  const font = /url\(([^)]+\.woff2)\)/.exec(html)?.[1]?.replace(/["']/g, "");
  if (!font) return 0;
  const res = await fetch(new URL(font, baseUrl));
  return res.ok ? (await res.arrayBuffer()).byteLength : 0;
}

/** A plain white 400×600 PNG, for the slip page's "after a pick" figure. */
function whitePng(): Buffer {
  const file = path.join(os.tmpdir(), "paydesk-bench-white.png");
  if (!fs.existsSync(file)) {
    const png = new PNG({ width: 400, height: 600 });
    png.data.fill(255);
    fs.writeFileSync(file, PNG.sync.write(png));
  }
  return fs.readFileSync(file);
}

await main();
process.exit(0);
