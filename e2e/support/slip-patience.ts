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
import { budget } from "./config";
import { DEPLOYMENT } from "./deployment";

const SLIP_PATHS = /\/payin-slip-upload\//;
/** The page itself, its duplicate check and its upload: the three that spend the share. */
const SPENDS_THE_SHARE = /^\/payin-slip-upload\/[^/]+\/[^/]+\/[^/]+(\/(duplicates|upload))?\/?$/;
/**
 * Several windows of the share (10 s at the default limit): the suite's checkout tests spend the
 * same share at the same time, and a slip page waited 25 s and more behind them (a whole run against
 * `npm start`, 2026-11-28). Tests that load a slip page add it to their time (`slipPatienceMs`).
 */
const PATIENCE_MS = 60_000;
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

/** How long one slip page or call may be asked again while busy: 0 with the limit off. */
export function slipPatienceMs(): number {
  return DEPLOYMENT.rateLimit === "off" ? 0 : PATIENCE_MS;
}

/**
 * How long to wait for what a slip call shows (the upload's "done", a page after a busy answer):
 * with the limit on, the call may be asked again for up to PATIENCE_MS first.
 */
export function slipAnswerTimeout(): number | undefined {
  return DEPLOYMENT.rateLimit === "off" ? undefined : PATIENCE_MS + budget(5_000);
}

/**
 * A slip call made without a browser (a test's own `request`), asked again while it answers busy,
 * as a routed browser context is (`askUntilNotBusy`). With the limit off it is sent once.
 */
export async function askPatiently(send: () => Promise<APIResponse>): Promise<APIResponse> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const response = await send();
    const wait = DEPLOYMENT.rateLimit === "off" ? null : await busyWait(response);
    if (wait === null || Date.now() + wait > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
