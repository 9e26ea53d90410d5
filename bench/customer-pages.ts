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
 *   Slip ≤ floor + 15 KB. Code loaded later (Save QR's drawing on click, the slip QR reader once a
 *   slip is picked) is reported separately.
 * - The amount and the QR in the server's HTML (no JavaScript).
 * - Lighthouse, mobile preset (simulated throttling), 5 runs per page. The checkout in each run,
 *   not as a median: performance 100, accessibility 100, total blocking time 0, LCP ≤ 1.2 s. The
 *   slip page (median): performance ≥ 97, accessibility 100, LCP ≤ 1.8 s; the floor page reported.
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
import { gzipSync } from "node:zlib";
import { chromium, devices, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findPostgresBin, freePort, startPostgres } from "../lib/db/testing/postgres-server";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/config";
import { buildApp, startApp } from "./lib/app-process";
import { ownThreads, threadsOfTrees, withLowPriority } from "./lib/cpu-priority";
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";
import { failureText } from "../lib/provider-words/failures";
import { p2pRequest, payInRequest, payOutRequest } from "../lib/requests/contract";

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
    const lh = await withLowPriority(threadsOfTrees(serverSide), 19, async () => ({
      checkout: await lighthouseMedian(chromePath, `${app.url}${payIn.checkoutPath}`, warmUp),
      slip: await lighthouseMedian(chromePath, `${app.url}${slipPath}`, warmUp),
      // The same measurement of the floor page: what any App Router page of this build scores.
      floor: await lighthouseMedian(chromePath, `${app.url}/checkout`, warmUp),
      // And the machine's floor: a page with nothing in it, measured the same way.
      bare: await lighthouseMedian(chromePath, bare.url, warmUp),
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
      slip_first_load_js: figure(kb(slip.firstLoad), "KB gz"),
      slip_above_floor: figure(kb(slip.firstLoad - floor.firstLoad), "KB gz", { atMost: 15 }),
      slip_later_js: figure(kb(slip.later), "KB gz"),
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
      slip_lighthouse_performance: figure(lh.slip.performance, "score", { atLeast: 97 }),
      slip_lighthouse_accessibility: figure(lh.slip.accessibility, "score", { atLeast: 100 }),
      slip_lcp: figure(lh.slip.lcpMs / 1000, "s", { atMost: 1.8 }),
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
        "checkout HTML gz with its inlined CSS and the response headers, plus first-load scripts (gz, level 9) and any stylesheet requested",
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

interface Made {
  providerId: string;
  checkoutPath: string;
  slipUrl: string;
}

/** Creates requests through lib/requests/create.ts (the code the console's action runs) on the app's database. */
async function requestMaker(): Promise<(kind: "payin" | "p2p", amountSatang: number) => Promise<Made>> {
  const { getDb } = await import("../lib/db");
  const { merchantApi } = await import("../lib/provider");
  const { createRequest } = await import("../lib/requests/create");
  const { checkoutPath, checkoutTokenFor } = await import("../lib/checkout/token");
  const { merchants, paymentRequests } = await import("../lib/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  const [coffee] = await db.select().from(merchants).where(eq(merchants.displayName, "Siam Coffee Roasters"));
  if (!coffee) throw new Error("the demo merchant is missing");
  const api = (await merchantApi(coffee.id))!;
  let n = 0;
  return async (kind, amountSatang) => {
    n += 1;
    const run = `${Date.now().toString(36)}${n}`;
    if (kind === "p2p") {
      // A pay-out for the P2P to be matched with (docs/provider-facts.md §5.5), without PromptPay: bank details only.
      const payOut = await api.submitPayOut(
        payOutRequest({
          refId1: `BPO${run}`,
          amountSatang: 150_000,
          destination: { type: "bank", bankCode: "KBANK", accountNo: "0987654321", accountName: "Somsri Rakdee" },
        }),
      );
      if (!payOut.ok) throw new Error(`the pay-out for P2P was refused: ${failureText(payOut)}`);
    }
    const payIn = {
      refId1: `B${kind === "p2p" ? "P" : "C"}${run}`,
      payerName: "สมหญิง ใจงาม",
      amountSatang: kind === "p2p" ? 150_000 : amountSatang + (n % 90),
      qrProvider: "PP" as const,
    };
    const outcome = await createRequest(
      db,
      api,
      kind === "p2p" ? { kind: "payin_p2p", payIn: p2pRequest(payIn) } : { kind: "payin", payIn: payInRequest(payIn) },
      { merchantRowId: coffee.id, idempotencyKey: `bench-${run}`, createdBy: null },
    );
    if (outcome.outcome !== "sent") throw new Error(`the ${kind} was not accepted: ${JSON.stringify(outcome)}`);
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, outcome.request.id));
    if (!row?.providerId) throw new Error(`the ${kind} has no provider id`);
    const answer = row.providerResponse as { slipUploadUrl?: string };
    return {
      providerId: row.providerId,
      checkoutPath: checkoutPath(checkoutTokenFor(row)),
      slipUrl: `${process.env.PUBLIC_BASE_URL}${answer.slipUploadUrl}`,
    };
  };
}

interface Load {
  firstLoad: number;
  later: number;
  css: number;
  /** The part of `css` that came inside the HTML (<style>): already counted in the HTML's bytes. */
  inlineCss: number;
  scripts: Array<{ url: string; gz: number; when: "first" | "later" }>;
}

/**
 * Gzipped sizes of the scripts a phone requests to load the page (requested before the load
 * event), then of those requested afterwards (the hub client on idle, and whatever `after` makes
 * the page fetch). CSS counts the stylesheets requested and the <style> inlined into the HTML.
 */
async function firstLoadJs(
  context: import("@playwright/test").BrowserContext,
  url: string,
  after?: (page: Page) => Promise<void>,
): Promise<Load> {
  const page = await context.newPage();
  const scripts: Load["scripts"] = [];
  let css = 0;
  let loaded = false;
  const phaseOf = new WeakMap<import("@playwright/test").Request, "first" | "later">();
  const pending: Promise<void>[] = [];
  page.on("request", (request) => phaseOf.set(request, loaded ? "later" : "first"));
  page.on("load", () => (loaded = true));
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const when = phaseOf.get(response.request()) ?? "later";
    pending.push(
      response
        .body()
        .then((body) => {
          const gz = gzipSync(body, { level: 9 }).length;
          if (type === "stylesheet") css += when === "first" ? gz : 0;
          else scripts.push({ url: new URL(response.url()).pathname, gz, when });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  const inlineCss = gzipSync(await page.evaluate(() => [...document.querySelectorAll("style")].map((s) => s.textContent ?? "").join("")), {
    level: 9,
  }).length;
  css += inlineCss;
  await page.waitForTimeout(1_000);
  if (after) await after(page);
  await Promise.all(pending);
  await page.close();
  const sum = (when: "first" | "later") => scripts.filter((s) => s.when === when).reduce((a, s) => a + s.gz, 0);
  return { firstLoad: sum("first"), later: sum("later"), css, inlineCss, scripts };
}

type LighthouseRun = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  observedPaintMs: number;
  scriptsLoadedBeforePaint: number;
  scriptsRunBeforePaint: number;
  scripts: number;
};

/**
 * Lighthouse LIGHTHOUSE_RUNS times, each in a browser of its own that has first shown one other
 * page of the same server (`warmUp`): a payer's browser is already running when they open the link,
 * and a browser's first navigation after start does its one-off set-up (network service, disk
 * cache, its first page process) in the same tasks as the page it loads. Lighthouse then clears the
 * cache and storage as usual, so the measured page still loads every byte over the network.
 */
async function lighthouseMedian(
  chromePath: string,
  url: string,
  warmUp: string,
): Promise<{ performance: number; accessibility: number; lcpMs: number; runs: LighthouseRun[] }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--lang=th-TH", ...CHROMIUM_ARGS] });
    try {
      const warm = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await warm.contexts()[0]!.newPage();
      await page.goto(warmUp, { waitUntil: "load" });
      await page.close();
      await warm.close();
      // Lighthouse itself (this process, not the browser it launched) yields the CPU while it measures.
      const result = await withLowPriority(ownThreads, 19, () =>
        lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        }),
      );
      const lhr = result!.lhr;
      if (process.env.BENCH_LIGHTHOUSE_DUMP) {
        const dump = `${process.env.BENCH_LIGHTHOUSE_DUMP}-${new URL(url).pathname.split("/").slice(1, 3).join("-").slice(0, 30)}-${i}`;
        fs.writeFileSync(`${dump}.json`, JSON.stringify(lhr));
        fs.writeFileSync(`${dump}.trace.json`, JSON.stringify((result!.artifacts as { Trace?: unknown }).Trace ?? null));
      }
      const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Infinity),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? Infinity),
        // Lantern counts every request that finished before the paint it saw: on this machine the
        // framework's scripts often finish before Chrome's first paint, and then count toward LCP
        // (scriptsBeforePaint below says how many did, per run).
        observedPaintMs: Math.round(metrics?.observedLargestContentfulPaint ?? NaN),
        ...scriptsBeforePaint(result!.artifacts, metrics?.observedLargestContentfulPaintTs),
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    runs,
  };
}

/** Bytes on the wire for a page's HTML, as a Thai phone asks for it: the gzipped body and the response headers. */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip, deflate", "Accept-Language": "th-TH,th;q=0.9" } }, (res) => {
        let bytes = Object.entries(res.headers).reduce(
          (n, [k, v]) => n + k.length + String(v).length + 4,
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length,
        );
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/**
 * The framework's scripts that had arrived, and that had begun running, before the paint
 * Lighthouse observed, from the trace. Lantern's simulated LCP counts a script that arrived before
 * that paint unless it ran only after it (it judges by the task that ran it, so these counts are a
 * diagnostic of the race on localhost, not a replay of its graph).
 */
function scriptsBeforePaint(
  artifacts: unknown,
  paintTs: number | undefined,
): { scriptsLoadedBeforePaint: number; scriptsRunBeforePaint: number; scripts: number } {
  type TraceEvent = { name: string; ts: number; args?: { data?: { url?: string; requestId?: string } } };
  const events = (artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents ?? [];
  const isScript = (url: string | undefined) =>
    Boolean((url?.includes("/_next/static/") || url?.includes("/checkout-assets/")) && url.endsWith(".js"));
  const urlOf = new Map<string, string>();
  for (const e of events)
    if (e.name === "ResourceSendRequest" && isScript(e.args?.data?.url)) urlOf.set(e.args!.data!.requestId!, e.args!.data!.url!);
  const loaded = new Set<string>();
  const ran = new Set<string>();
  const before = (ts: number) => paintTs !== undefined && ts <= paintTs;
  for (const e of events) {
    const url =
      e.name === "ResourceFinish"
        ? urlOf.get(e.args?.data?.requestId ?? "")
        : e.name === "EvaluateScript" && isScript(e.args?.data?.url)
          ? e.args!.data!.url
          : undefined;
    if (!url || !before(e.ts)) continue;
    (e.name === "ResourceFinish" ? loaded : ran).add(url);
  }
  return { scriptsLoadedBeforePaint: loaded.size, scriptsRunBeforePaint: ran.size, scripts: urlOf.size };
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
