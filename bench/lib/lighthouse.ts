/**
 * Lighthouse, mobile preset (simulated throttling), several runs of one page, for the benchmarks of
 * pages (bench/customer-pages.ts, bench/console-pages.ts; docs/DESIGN.md §8 says why each run is
 * set up as it is).
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../../e2e/support/config";
import { ownThreads, withLowPriority } from "./cpu-priority";
import { median } from "./results";

export type LighthouseRun = {
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
 * Lighthouse `options.runs` times, each in a browser of its own that has first shown one other
 * page of the same server (`warmUp`): a payer's browser is already running when they open the link,
 * and a browser's first navigation after start does its one-off set-up (network service, disk
 * cache, its first page process) in the same tasks as the page it loads. Lighthouse then clears the
 * cache and storage as usual, so the measured page still loads every byte over the network.
 */
export async function lighthouseMedian(
  chromePath: string,
  url: string,
  warmUp: string,
  options: {
    runs: number;
    /** Sent with every request of the measured page (a signed-in page's session cookie). */ extraHeaders?: Record<string, string>;
  },
): Promise<{ performance: number; accessibility: number; lcpMs: number; runs: LighthouseRun[] }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < options.runs; i++) {
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
          ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
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
