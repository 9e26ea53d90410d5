/**
 * Helpers for the customer's pages (e2e/customer/checkout*.spec.ts, e2e/customer/slip-upload.spec.ts).
 * Requests are made the way a merchant's shop makes them — through PayDesk's merchant API, with the
 * key the setup project made (e2e/support/api.ts) — and the customer's phone then opens the links
 * PayDesk hands out.
 */
import fs from "node:fs";
import path from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import { signCheckoutToken } from "../../lib/checkout/signing";
import { createViaApi, skipWithoutApiKey } from "./api";
import { storageStatePath } from "./auth-users";
import { E2E } from "./config";
import { COFFEE } from "./create-forms";

export interface MadeRequest {
  /** PayDesk's request id. */
  id: string;
  /** The provider's id (= the hub's sessionId). */
  providerId: string;
  refId1: string;
  checkoutUrl: string;
  slipUrl: string | null;
}

/**
 * Creates a Pay-In (or P2P) through the merchant API and returns its customer links. `browser` is
 * no longer used; it stays so the callers read as before.
 */
export async function makeRequest(
  _browser: Browser,
  options: { kind?: "payin" | "p2p"; amount: string; merchant?: string },
): Promise<MadeRequest> {
  const merchant = options.merchant ?? COFFEE;
  skipWithoutApiKey(test, merchant);
  const made = await createViaApi({ operation: options.kind ?? "payin", amount: options.amount, merchant });
  if (!made.checkoutUrl) throw new Error(`${made.id} has no checkout_url (status ${made.status})`);
  return { id: made.id, refId1: made.refId1, checkoutUrl: made.checkoutUrl, ...(await providerSide(made.id, made.refId1)) };
}

/**
 * The provider's id and the slip page's address, which the API does not answer: from the sandbox
 * when there is one, else from the request's console page, read as the admin over plain HTTP. The
 * slip link is the provider's relative slipUploadUrl behind PayDesk's public address, as the
 * console's request page builds it.
 */
async function providerSide(id: string, refId1: string): Promise<{ providerId: string; slipUrl: string | null }> {
  if (E2E.sandboxUrl) {
    const response = await fetch(`${E2E.sandboxUrl}/sandbox/requests?refId1=${encodeURIComponent(refId1)}`);
    const found = (await response.json()) as { id: string; slipUploadUrl: string | null }[];
    if (!found[0]) throw new Error(`the sandbox has no request with RefId1 ${refId1}`);
    const slip = found[0].slipUploadUrl;
    return { providerId: found[0].id, slipUrl: slip ? (/^https?:\/\//.test(slip) ? slip : `${E2E.baseUrl}${slip}`) : null };
  }
  const state = JSON.parse(fs.readFileSync(storageStatePath("admin"), "utf8")) as { cookies: { name: string; value: string }[] };
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const html = await (await fetch(`${E2E.baseUrl}/requests/${id}`, { headers: { cookie } })).text();
  const fields = html.slice(html.indexOf('data-testid="request-fields"'));
  const providerId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(fields)?.[0];
  if (!providerId) throw new Error(`the console's page of ${id} shows no provider id`);
  const slip = /data-testid="slip-link"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
  return { providerId, slipUrl: slip };
}

/** The e2e PayDesk's AUTH_SECRET (demo mode writes it into its data folder), to mint tokens the server accepts. */
function demoAuthSecret(): string | null {
  const file = path.join(E2E.dataDir, "secrets.json");
  return !E2E.external && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { authSecret: string }).authSecret : null;
}

/** A correctly signed checkout link for `requestId` that stopped working at `expiredAt`. */
export function expiredCheckoutPath(requestId: string, expiredAt = new Date(Date.now() - 60_000)): string | null {
  const secret = demoAuthSecret();
  return secret ? `/checkout/${signCheckoutToken(requestId, expiredAt, { secret })}` : null;
}

/** Marks the page so a later check can tell it was never reloaded. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as Window & { __notReloaded?: boolean }).__notReloaded = true));
}

export async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __notReloaded?: boolean }).__notReloaded === true);
}
