import type { SlipLink, SlipLinkCheck } from "./link";

/**
 * How the slip page (pages/payin-slip-upload/…/[token].tsx) reads its link: built on the App
 * Router side of the server (page-loader.ts, registered when PayDesk starts) and handed over
 * through the process, as the checkout's is (lib/checkout/page-bridge.ts says why). Only type
 * imports: the Pages Router bundles this module as it is.
 */
export type SlipPageLoader = (input: {
  link: SlipLink;
  headers: Pick<Headers, "get">;
}) => Promise<{ ok: true; data: SlipLinkCheck; requestId: string } | { ok: false; requestId: string }>;

const holder = globalThis as typeof globalThis & { __paydeskSlipPage?: SlipPageLoader };

export function provideSlipPageLoader(load: SlipPageLoader): void {
  holder.__paydeskSlipPage = load;
}

export function slipPageLoader(): SlipPageLoader {
  const load = holder.__paydeskSlipPage;
  if (!load) throw new Error("the slip page's loader is not registered: PayDesk's start-up (instrumentation.ts) has not run");
  return load;
}
