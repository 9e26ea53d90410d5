/**
 * bench/overview-charts: the overview's chart library, chosen by measurement (DESIGN §15). One
 * chart of 30 days × 24 hours — 720 groups of two bars (money in, money out; realistic THB hourly
 * totals, seeded) — drawn three ways:
 *
 * - server_svg: PayDesk's own `BarChart` (components/console/overview/charts.tsx), rendered on the
 *   server. Server time as the App Router spends it: the RSC render (React's Flight, as Next runs
 *   it) and the render to HTML (react-dom/server, in a child process without the react-server
 *   condition), medians of many. Bytes: the figure's HTML (with its 720-row table) and the RSC
 *   payload Next inlines beside it, gzipped. Client JS: none.
 * - recharts: recharts' BarChart (same data, legend, tooltip and axis; animation off, so "drawn"
 *   is the final picture) in a minimal client entry — react, react-dom/client, the library —
 *   bundled by esbuild (minified, production). The data travels as JSON in the page.
 * - uplot: uPlot (canvas, grouped bars through `uPlot.paths.bars`) in a React client component,
 *   bundled the same way, its stylesheet inlined.
 *
 * First-load JS: each bundle gzipped, and react + react-dom/client alone (the floor every console
 * page already carries), so the difference is the library's. Drawing: Chromium loads each page
 * from a local server (fresh context per load, candidates alternating, BENCH_ROUNDS rounds after
 * two warm-ups, at CPU throttling 1× and 4×); "drawn" is the first frame in which the chart is
 * complete (every bar in the DOM, or uPlot's draw hook fired) has been painted, measured from the
 * moment the HTML response started arriving; for the bundles also from the bundle's first
 * statement. Frames pace the check, so drawing times are good to about a frame (~16 ms).
 * Informational: no targets; DESIGN §15 records the choice.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { PassThrough } from "node:stream";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { createElement } from "react";
import { BarChart, type BarGroup } from "../components/console/overview/charts";
import { formatThb } from "../lib/i18n";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/config";
import { figure, median, writeResults, type Figure } from "./lib/results";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const SERVER_RENDERS = Number(process.env.BENCH_SERVER_RENDERS ?? 200);
const THROTTLES = [1, 4] as const;
const root = path.resolve(import.meta.dirname, "..");
const self = path.join(import.meta.dirname, "overview-charts.ts");

// ---------------------------------------------------------------------------------------------
// The data: 30 Bangkok days × 24 hours, ending 22 Nov 2026, amounts in satang.

interface Hour {
  at: number;
  label: string;
  name: string;
  href: string;
  moneyIn: number;
  moneyOut: number;
}

/** A merchant's hourly pattern: quiet nights, a lunch and an evening peak; payouts in two batches. */
const IN_PROFILE = [3, 2, 1, 1, 1, 1, 2, 4, 6, 8, 9, 11, 13, 12, 10, 9, 9, 10, 12, 15, 17, 16, 11, 6];
const OUT_BATCH_HOURS = new Set([10, 15]);

function hours(): Hour[] {
  let seed = 20261122;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const first = Date.UTC(2026, 9, 23, 17); // 24 Oct 2026 00:00 in Bangkok (UTC+7)
  const dayName = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", day: "numeric", month: "short", year: "numeric" });
  const out: Hour[] = [];
  for (let i = 0; i < 30 * 24; i++) {
    const at = first + i * 3_600_000;
    const hour = (new Date(at).getUTCHours() + 7) % 24;
    const day = new Date(at + 7 * 3_600_000).toISOString().slice(0, 10);
    const weekend = [0, 6].includes(new Date(at + 7 * 3_600_000).getUTCDay());
    // ~6.5 M THB paid in a weekday, a fifth more at weekends; satang, never zero.
    const thbIn = IN_PROFILE[hour]! * 30_000 * (weekend ? 1.2 : 1) * (0.7 + 0.6 * random());
    const thbOut = (OUT_BATCH_HOURS.has(hour) ? 1_400_000 : 40_000 * IN_PROFILE[hour]!) * (0.5 + random());
    out.push({
      at,
      label: String(hour).padStart(2, "0"),
      name: `${dayName.format(at)} ${String(hour).padStart(2, "0")}:00`,
      href: `/requests?tab=payin&from=${day}&to=${day}`,
      moneyIn: Math.round(thbIn * 100) + 1,
      moneyOut: Math.round(thbOut * 100) + 1,
    });
  }
  return out;
}

function chartElement(data: Hour[]) {
  const groups: BarGroup[] = data.map((h) => ({ label: h.label, name: h.name, href: h.href, values: [h.moneyIn, h.moneyOut] }));
  return createElement(BarChart, {
    testId: "money-chart",
    title: "Money in and out",
    summary: "Paid Pay-Ins and money sent out, per hour, over the last 30 days.",
    tableTitle: "Show the numbers",
    whenHeader: "When",
    series: [
      { name: "Money in", format: (v: number) => formatThb(v) },
      { name: "Money out", format: (v: number) => formatThb(v) },
    ],
    groups,
  });
}

/** Medians of `n` timed runs of `run`, after a tenth as many unmeasured. */
async function timeMedian(n: number, run: () => unknown): Promise<number> {
  for (let i = 0; i < Math.ceil(n / 10); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

// ---------------------------------------------------------------------------------------------
// Workers: each prints one JSON line. Both run with NODE_ENV=production (React's production builds).

/** Under the react-server condition: the RSC (Flight) render Next does first, and its payload. */
async function flightWorker(): Promise<void> {
  const require = createRequire(import.meta.url);
  const flight = require("next/dist/compiled/react-server-dom-webpack/server.node") as {
    renderToPipeableStream: (model: unknown, manifest: unknown) => { pipe: (s: NodeJS.WritableStream) => void };
  };
  const element = chartElement(hours());
  const render = () =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on("data", (c: Buffer) => chunks.push(c));
      sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      flight.renderToPipeableStream(element, {}).pipe(sink);
    });
  const payload = await render();
  const ms = await timeMedian(SERVER_RENDERS, render);
  console.log(JSON.stringify({ ms, payload }));
}

/** Without the react-server condition: the render to HTML. */
async function ssrWorker(): Promise<void> {
  const { renderToString } = await import("react-dom/server");
  const element = chartElement(hours());
  const html = renderToString(element);
  const ms = await timeMedian(SERVER_RENDERS, () => renderToString(element));
  console.log(JSON.stringify({ ms, html }));
}

function runWorker<T>(mode: "flight" | "ssr"): T {
  const args = mode === "flight" ? ["--conditions=react-server", self, "--worker=flight"] : [self, "--worker=ssr"];
  const result = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${mode} worker failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as T;
}

// ---------------------------------------------------------------------------------------------
// Client entries, bundled as a production build would.

const ENTRY_REACT = `
import { createRoot } from "react-dom/client";
const rows = JSON.parse(document.getElementById("data").textContent);
createRoot(document.getElementById("root")).render(<p>{rows.length} hours</p>);
`;

/** What the App Router does with a server component's output: rebuild it from the RSC payload, hydrate. */
const ENTRY_HYDRATE = `
import { use, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { createFromReadableStream } from "next/dist/compiled/react-server-dom-webpack/client.browser";
const bytes = new TextEncoder().encode(document.getElementById("rsc").textContent);
const tree = createFromReadableStream(new ReadableStream({ start(c) { c.enqueue(bytes); c.close(); } }));
function Root() {
  useEffect(() => { window.__hydrated = true; }, []);
  return use(tree);
}
hydrateRoot(document.getElementById("root"), <Root />, { onRecoverableError: (e) => { window.__hydrationError = String(e); } });
`;

const ENTRY_RECHARTS = `
import { createRoot } from "react-dom/client";
import { Bar, BarChart, Legend, Tooltip, XAxis, YAxis } from "recharts";
const rows = JSON.parse(document.getElementById("data").textContent);
const thb = (v) => "฿" + (v / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 });
function Chart() {
  return (
    <BarChart width={720} height={220} data={rows} margin={{ top: 12, right: 8, bottom: 0, left: 8 }} accessibilityLayer>
      <XAxis dataKey="label" interval={59} />
      <YAxis hide />
      <Tooltip formatter={(v) => thb(Number(v))} labelFormatter={(_, p) => p?.[0]?.payload.name} />
      <Legend />
      <Bar dataKey="moneyIn" name="Money in" fill="#1d4ed8" isAnimationActive={false} />
      <Bar dataKey="moneyOut" name="Money out" fill="#fde68a" stroke="#92400e" isAnimationActive={false} />
    </BarChart>
  );
}
createRoot(document.getElementById("root")).render(<Chart />);
`;

const ENTRY_UPLOT = `
import { useEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import uPlot from "uplot";
const rows = JSON.parse(document.getElementById("data").textContent);
const thb = (v) => (v == null ? "–" : "฿" + (v / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 }));
function Chart() {
  const ref = useRef(null);
  useEffect(() => {
    const bars = (align) => uPlot.paths.bars({ size: [0.4, Infinity], align });
    const plot = new uPlot(
      {
        width: 720,
        height: 220,
        scales: { x: { time: false } },
        axes: [{ values: (u, splits) => splits.map((i) => rows[i]?.label ?? ""), space: 60 }, { show: false }],
        series: [
          { value: (u, i) => rows[i]?.name ?? "" },
          { label: "Money in", fill: "#1d4ed8", stroke: "#1d4ed8", paths: bars(-1), points: { show: false }, value: (u, v) => thb(v) },
          { label: "Money out", fill: "#fde68a", stroke: "#92400e", paths: bars(1), points: { show: false }, value: (u, v) => thb(v) },
        ],
        hooks: { draw: [() => { window.__uplotDrawn = true; }] },
      },
      [rows.map((_, i) => i), rows.map((r) => r.moneyIn), rows.map((r) => r.moneyOut)],
      ref.current,
    );
    return () => plot.destroy();
  }, []);
  return <div ref={ref} />;
}
createRoot(document.getElementById("root")).render(<Chart />);
`;

async function bundle(contents: string, prelude = ""): Promise<string> {
  const result = await build({
    stdin: { contents, loader: "jsx", resolveDir: root, sourcefile: "entry.jsx" },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    // The bundle's first statement: "script start".
    banner: { js: `performance.mark("script-start");${prelude}` },
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0]!.text;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

// ---------------------------------------------------------------------------------------------
// The pages and the browser.

/** Polls each frame; once the chart is complete, notes the time after that frame has painted. */
const harness = (ready: string) =>
  `<script>(function(){function c(){if(${ready}){setTimeout(function(){window.__drawn=performance.now()},0)}else requestAnimationFrame(c)}requestAnimationFrame(c)})()</script>`;

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>overview</title><style>body{margin:0;font-family:sans-serif}main{width:760px;padding:20px}svg.w-full{width:100%;height:auto}</style>${head}</head><body><main>${body}</main></body></html>`;
}

type Candidate = "server_svg" | "server_svg_hydrated" | "recharts" | "uplot";

interface Load {
  htmlToDrawn: number;
  scriptToDrawn: number | null;
  firstPaint: number | null;
}

async function measureBrowser(pages: Record<string, string>, candidates: Candidate[]) {
  const server = http.createServer((req, res) => {
    const body = pages[req.url ?? ""];
    if (body === undefined) return void res.writeHead(404).end();
    const type = req.url!.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
    res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("needs Chromium (/usr/bin/chromium)");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const loads = new Map<string, Load[]>();
  try {
    for (const throttle of THROTTLES) {
      for (let round = 0; round < ROUNDS + 2; round++) {
        // Alternate the order, so no candidate always runs first or last.
        const order = candidates.map((_, i) => candidates[(i + round) % candidates.length]!);
        for (const candidate of order) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const tab = await context.newPage();
          if (throttle > 1) await (await context.newCDPSession(tab)).send("Emulation.setCPUThrottlingRate", { rate: throttle });
          const errors: string[] = [];
          tab.on("pageerror", (e) => errors.push(e.message));
          tab.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
          await tab.goto(`${base}/${candidate}.html`, { waitUntil: "load" });
          await tab
            .waitForFunction(() => (window as { __drawn?: number }).__drawn !== undefined, null, { timeout: 30_000 })
            .catch((e: unknown) => {
              throw new Error(`${candidate} never drew: ${errors.join("; ") || String(e)}`);
            });
          const load = await tab.evaluate(() => {
            const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
            const drawn = (window as { __drawn?: number }).__drawn!;
            const script = performance.getEntriesByName("script-start")[0];
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            const hydrationError = (window as { __hydrationError?: string }).__hydrationError;
            if (hydrationError) throw new Error(`hydration: ${hydrationError}`);
            return {
              htmlToDrawn: drawn - nav.responseStart,
              scriptToDrawn: script ? drawn - script.startTime : null,
              firstPaint: paint ? paint.startTime - nav.responseStart : null,
            };
          });
          await context.close();
          if (round < 2) continue;
          const key = `${candidate}@${throttle}`;
          loads.set(key, [...(loads.get(key) ?? []), load]);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return loads;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const mode = process.argv.find((a) => a.startsWith("--worker="))?.slice("--worker=".length);
  if (mode === "flight") return flightWorker();
  if (mode === "ssr") return ssrWorker();

  const data = hours();
  const flight = runWorker<{ ms: number; payload: string }>("flight");
  const ssr = runWorker<{ ms: number; html: string }>("ssr");
  if ((ssr.html.match(/data-testid="money-chart-bar"/g) ?? []).length !== 720) throw new Error("the server SVG has not 720 groups");

  const [reactJs, hydrateJs, rechartsJs, uplotJs] = await Promise.all([
    bundle(ENTRY_REACT),
    // Next's webpack runtime defines this; the payload names no client module, so it is never called.
    bundle(ENTRY_HYDRATE, "var __webpack_require__=function(){throw new Error('no client modules')};__webpack_require__.u=function(){};"),
    bundle(ENTRY_RECHARTS),
    bundle(ENTRY_UPLOT),
  ]);
  if (flight.payload.includes("</")) throw new Error("the RSC payload cannot go in a script element as it is");
  const uplotCss = fs.readFileSync(path.join(root, "node_modules", "uplot", "dist", "uPlot.min.css"), "utf8");
  // What a client chart needs of the data (the page would send it in the RSC payload).
  const json = JSON.stringify(data.map(({ label, name, moneyIn, moneyOut }) => ({ label, name, moneyIn, moneyOut })));
  const dataTag = `<script id="data" type="application/json">${json}</script>`;

  const pages: Record<string, string> = {
    "/server_svg.html": page(harness(`document.querySelectorAll('svg[data-testid="money-chart"] a').length===720`), ssr.html),
    "/server_svg_hydrated.html": page(
      harness("window.__hydrated===true"),
      `<div id="root">${ssr.html}</div><script id="rsc" type="text/plain">${flight.payload}</script><script src="/hydrate.js"></script>`,
    ),
    "/recharts.html": page(
      `${dataTag}${harness(`document.querySelectorAll(".recharts-bar-rectangle").length===1440`)}`,
      `<div id="root"></div><script src="/recharts.js"></script>`,
    ),
    "/uplot.html": page(
      `<style>${uplotCss}</style>${dataTag}${harness("window.__uplotDrawn===true")}`,
      `<div id="root"></div><script src="/uplot.js"></script>`,
    ),
    "/hydrate.js": hydrateJs,
    "/recharts.js": rechartsJs,
    "/uplot.js": uplotJs,
  };
  const loads = await measureBrowser(pages, ["server_svg", "server_svg_hydrated", "recharts", "uplot"]);
  const at = (candidate: Candidate, throttle: number, pick: (l: Load) => number | null) =>
    median((loads.get(`${candidate}@${throttle}`) ?? []).map(pick).filter((v): v is number => v !== null));

  const figures: Record<string, Figure> = {
    server_svg_rsc_render_ms_p50: figure(flight.ms, "ms"),
    server_svg_html_render_ms_p50: figure(ssr.ms, "ms"),
    server_svg_html_gzip_bytes: figure(gz(ssr.html), "bytes"),
    server_svg_rsc_payload_gzip_bytes: figure(gz(flight.payload), "bytes"),
    server_svg_client_js_gzip_bytes: figure(0, "bytes"),
    react_alone_js_gzip_bytes: figure(gz(reactJs), "bytes"),
    rsc_client_runtime_js_vs_react_alone_gzip_bytes: figure(gz(hydrateJs) - gz(reactJs), "bytes"),
    recharts_js_gzip_bytes: figure(gz(rechartsJs), "bytes"),
    recharts_js_vs_react_alone_gzip_bytes: figure(gz(rechartsJs) - gz(reactJs), "bytes"),
    uplot_js_gzip_bytes: figure(gz(uplotJs), "bytes"),
    uplot_js_vs_react_alone_gzip_bytes: figure(gz(uplotJs) - gz(reactJs), "bytes"),
    uplot_css_gzip_bytes: figure(gz(uplotCss), "bytes"),
    client_chart_data_json_gzip_bytes: figure(gz(json), "bytes"),
  };
  for (const throttle of THROTTLES) {
    const cpu = `cpu${throttle}x`;
    figures[`server_svg_html_to_drawn_ms_p50_${cpu}`] = figure(
      at("server_svg", throttle, (l) => l.htmlToDrawn),
      "ms",
    );
    figures[`server_svg_html_to_first_paint_ms_p50_${cpu}`] = figure(
      at("server_svg", throttle, (l) => l.firstPaint),
      "ms",
    );
    figures[`server_svg_html_to_hydrated_ms_p50_${cpu}`] = figure(
      at("server_svg_hydrated", throttle, (l) => l.htmlToDrawn),
      "ms",
    );
    figures[`server_svg_script_start_to_hydrated_ms_p50_${cpu}`] = figure(
      at("server_svg_hydrated", throttle, (l) => l.scriptToDrawn),
      "ms",
    );
    for (const lib of ["recharts", "uplot"] as const) {
      figures[`${lib}_html_to_drawn_ms_p50_${cpu}`] = figure(
        at(lib, throttle, (l) => l.htmlToDrawn),
        "ms",
      );
      figures[`${lib}_script_start_to_drawn_ms_p50_${cpu}`] = figure(
        at(lib, throttle, (l) => l.scriptToDrawn),
        "ms",
      );
    }
  }
  const version = (pkg: string) =>
    (JSON.parse(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
  writeResults("overview-charts", figures, {
    chart: "720 groups (30 days × 24 hours) × 2 series (money in, money out), 1,440 bars",
    versions: { react: version("react"), recharts: version("recharts"), uplot: version("uplot"), chromium: "Debian /usr/bin/chromium" },
    rounds: ROUNDS,
    serverRenders: SERVER_RENDERS,
    rawBytes: {
      serverSvgHtml: ssr.html.length,
      serverSvgRscPayload: flight.payload.length,
      hydrateJs: hydrateJs.length,
      reactAloneJs: reactJs.length,
      rechartsJs: rechartsJs.length,
      uplotJs: uplotJs.length,
    },
    load: os.loadavg().map((l) => Math.round(l * 100) / 100),
  });
}

await main();
