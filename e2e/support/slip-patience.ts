/**
 * Patience with the slip pages' "busy" under the provider's rate limit. With the limit on, every
 * anonymous slip call together gets a quarter of the provider's budget, 5 calls per 10 s at the
 * default 20/10s (lib/public/anonymous-calls.ts), and past it the page or the call answers "busy,
 * try again shortly". The suite's slip tests, two at a time, spend that faster than customers do;
 * so in a browser context routed here, a slip page or call answered busy is asked again after the
 * wait it names, as a customer pressing "try again" would. With the limit off (the local run)
 * nothing is routed, and a "busy" stays the failure it is there.
 */
import type { APIResponse, BrowserContext, Route } from "@playwright/test";
import { DEPLOYMENT } from "./deployment";

const SLIP_PATHS = /\/payin-slip-upload\//;
/** The page itself, its duplicate check and its upload: the three that spend the share. */
const SPENDS_THE_SHARE = /^\/payin-slip-upload\/[^/]+\/[^/]+\/[^/]+(\/(duplicates|upload))?\/?$/;
/** Longer than one window of the share (10 s at the default limit), shorter than a test. */
const PATIENCE_MS = 25_000;
/** The page says busy without a time: the share frees a call within a window, usually sooner. */
const PAGE_RETRY_MS = 2_000;

/** How long to wait before asking again, or null when the answer is not "busy". */
async function busyWait(response: APIResponse): Promise<number | null> {
  if (response.status() === 503) {
    const body = await response.json().catch(() => null);
    if ((body as { problem?: string } | null)?.problem !== "busy") return null;
    return Math.max(1, Number(response.headers()["retry-after"]) || 1) * 1_000;
  }
  const type = response.headers()["content-type"] ?? "";
  if (response.status() === 200 && type.includes("text/html") && (await response.text()).includes('data-testid="slip-busy"'))
    return PAGE_RETRY_MS;
  return null;
}

async function askUntilNotBusy(route: Route): Promise<void> {
  if (!SPENDS_THE_SHARE.test(new URL(route.request().url()).pathname)) return route.fallback();
  const deadline = Date.now() + PATIENCE_MS;
  try {
    for (;;) {
      const response = await route.fetch({ maxRedirects: 0 });
      const wait = await busyWait(response);
      if (wait === null || Date.now() + wait > deadline) return await route.fulfill({ response });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } catch {
    // The page moved on or closed while waiting: nothing is left to answer.
    await route.abort().catch(() => {});
  }
}

/** Routes the context's slip pages and calls through `askUntilNotBusy` when this PayDesk keeps the provider's rate limit. */
export async function waitOutBusySlipCalls(context: BrowserContext): Promise<void> {
  if (DEPLOYMENT.rateLimit === "off") return;
  await context.route(SLIP_PATHS, askUntilNotBusy);
}
