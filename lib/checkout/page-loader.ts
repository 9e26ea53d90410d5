import "server-only";
import { getDb } from "../db";
import { env } from "../env";
import { definePublicPage } from "../http/door";
import { provideCheckoutPageLoader } from "./page-bridge";
import { loadCheckout } from "./view";

/** The checkout page's reading of its request, handed to the Pages Router page at start-up (page-bridge.ts says why). */
export function registerCheckoutPageLoader(): void {
  provideCheckoutPageLoader(
    definePublicPage("/checkout/[token]", async (token: string) => ({
      found: await loadCheckout(await getDb(), token, env().PUBLIC_BASE_URL),
      hubBase: env().hubBaseUrl,
    })),
  );
}
