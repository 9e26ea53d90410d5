import "server-only";
import { getDb } from "../db";
import { definePublicPage } from "../http/door";
import { clientIpFrom } from "../http/request-ip";
import { paymentApi } from "../provider";
import { openSlipLink } from "./link";
import { provideSlipPageLoader } from "./page-bridge";

/** The route pattern of the slip page, as Next names it (and /api/metrics counts it). */
export const SLIP_PAGE_ROUTE = "/payin-slip-upload/[orgId]/[paymentRequestId]/[token]";

/** The slip page's reading of its link, handed to the Pages Router page at start-up (page-bridge.ts says why). */
export function registerSlipPageLoader(): void {
  provideSlipPageLoader(
    definePublicPage(SLIP_PAGE_ROUTE, async ({ link, headers }) =>
      openSlipLink(await getDb(), await paymentApi(), link, clientIpFrom(headers)),
    ),
  );
}
