import type { CheckoutLookup } from "./view";

/**
 * How the checkout page (pages/checkout/[token].tsx, a Pages Router page) reads its request.
 * The Pages Router refuses every module that imports "server-only", and every module that reaches
 * the database or the secrets does; so the loader is built on the App Router side of
 * the server (page-loader.ts, registered when PayDesk starts, lib/start-up.ts) and handed over
 * through the process, as the database and the live bus are (lib/db/index.ts, lib/live/bus.ts).
 * This module has no imports that run: the page bundles it as it is.
 */
export interface CheckoutPageData {
  found: CheckoutLookup;
  /** ws(s) base of the provider's hub as browsers reach it, or null without it. */
  hubBase: string | null;
}

/**
 * Built by the public page door (lib/http/door.ts definePublicPage): the page's request id, and
 * either the data or, for a failure (logged under that id), nothing but the id to show as the reference.
 */
export type CheckoutPageLoader = (
  token: string,
) => Promise<{ ok: true; data: CheckoutPageData; requestId: string } | { ok: false; requestId: string }>;

const holder = globalThis as typeof globalThis & { __paydeskCheckoutPage?: CheckoutPageLoader };

export function provideCheckoutPageLoader(load: CheckoutPageLoader): void {
  holder.__paydeskCheckoutPage = load;
}

export function checkoutPageLoader(): CheckoutPageLoader {
  const load = holder.__paydeskCheckoutPage;
  if (!load) throw new Error("the checkout's loader is not registered: PayDesk's start-up (instrumentation.ts) has not run");
  return load;
}
