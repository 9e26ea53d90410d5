/**
 * Helpers for the customer's pages (e2e/checkout*.spec.ts, e2e/slip-upload.spec.ts). Requests are
 * made the way a merchant makes them — through PayDesk's console, in a second, signed-in browser
 * context — and the customer's phone then opens the links the console hands out.
 */
import fs from "node:fs";
import path from "node:path";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { signCheckoutToken } from "../../lib/checkout/signing";
import { skipWithoutRole, storageStatePath } from "./auth-users";
import { E2E } from "./config";
import { COFFEE, landedOnRequest, openCreateForm, refId1Input } from "./create-forms";

export interface MadeRequest {
  /** PayDesk's request id. */
  id: string;
  /** The provider's id (= the hub's sessionId). */
  providerId: string;
  refId1: string;
  checkoutUrl: string;
  slipUrl: string | null;
}

/** Creates a Pay-In (or P2P) in the console as the demo admin and returns its customer links. */
export async function makeRequest(
  browser: Browser,
  options: { kind?: "payin" | "p2p"; amount: string; merchant?: string },
): Promise<MadeRequest> {
  // The merchant's staff on a desktop in English, whatever the calling test's phone and language.
  skipWithoutRole(test, "admin");
  const context = await browser.newContext({
    ...devices["Desktop Chrome"],
    locale: "en-GB",
    timezoneId: "Asia/Bangkok",
    storageState: storageStatePath("admin"),
    baseURL: E2E.baseUrl,
  });
  try {
    const page = await context.newPage();
    const kind = options.kind ?? "payin";
    await openCreateForm(page, kind, options.merchant ?? COFFEE);
    const refId1 = await refId1Input(page).inputValue();
    await page.getByLabel("Payer's name").fill("สมหญิง ใจงาม");
    await page.getByLabel("Amount").fill(options.amount);
    await page.getByRole("button", { name: kind === "p2p" ? "Create P2P Pay-In" : "Create Pay-In" }).click();
    const id = await landedOnRequest(page);
    const link = page.getByTestId("checkout-link");
    await expect(link).toBeVisible({ timeout: 15_000 });
    const providerId = (await page
      .getByTestId("request-fields")
      .getByText(/^[0-9a-f-]{36}$/)
      .textContent())!;
    const slip = page.getByTestId("slip-link");
    return {
      id,
      providerId,
      refId1,
      checkoutUrl: (await link.getAttribute("href"))!,
      slipUrl: (await slip.count()) ? await slip.textContent() : null,
    };
  } finally {
    await context.close();
  }
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
