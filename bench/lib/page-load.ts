/**
 * What a page weighs as a phone loads it, for the benchmarks of pages (bench/customer-pages.ts,
 * bench/console-pages.ts): the scripts and stylesheets it requests before and after its load event,
 * gzipped at level 9, and its HTML's bytes on the wire.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page, Request } from "@playwright/test";

export interface Load {
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
export async function firstLoadJs(context: BrowserContext, url: string, after?: (page: Page) => Promise<void>): Promise<Load> {
  const page = await context.newPage();
  const scripts: Load["scripts"] = [];
  let css = 0;
  let loaded = false;
  const phaseOf = new WeakMap<Request, "first" | "later">();
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

/** Bytes on the wire for a page's HTML, as a Thai phone asks for it: the gzipped body and the response headers. */
export function servedBytes(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip, deflate", "Accept-Language": "th-TH,th;q=0.9", ...headers } }, (res) => {
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
