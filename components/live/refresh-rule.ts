import type { RequestChange } from "./request-events";

/** How far apart two instances' clocks may be when one rendered the page and the other holds its stream. */
export const CLOCK_SKEW_MS = 2_000;

/** What a page follows (components/live/live-updates.tsx). */
export interface Followed {
  /** The requests the page is about; none: every request of the person's merchants (a summary). */
  requestIds?: readonly string[];
  /** The server's clock when the page read its rows, taken before it read them. */
  renderedAt: number;
  follows: "requests" | "deliveries";
}

/**
 * Whether a page re-renders its server components on this piece of news from the live stream.
 *
 * - The stream back after a break: always (anything may have changed meanwhile).
 * - The stream's first `ready`: only if the server heard a change for the person's merchants
 *   after the page rendered (less the clocks' skew), or cannot tell because it was not listening
 *   then. A webhook that landed between the render and the stream is found this way; a change to
 *   another of the merchants' requests costs at worst one refresh too many. Nothing heard: nothing
 *   to catch up, and a refresh would render the page a second time on every visit.
 * - A request's change: a page about particular requests only for one of them; a summary for any.
 * - A delivery's change: only the delivery log.
 */
export function shouldRefresh(change: RequestChange, page: Followed): boolean {
  const watched = page.requestIds ?? [];
  const aboutRequests = page.follows === "requests" && watched.length > 0;
  if (change.kind === "ready") {
    if (change.afterBreak) return true;
    const since = page.renderedAt - CLOCK_SKEW_MS;
    const lastChangeAt = page.follows === "deliveries" ? change.lastDeliveryChangeAt : change.lastChangeAt;
    return change.heardAllSince === null || change.heardAllSince > since || (lastChangeAt !== null && lastChangeAt >= since);
  }
  if (change.kind === "delivery") return page.follows === "deliveries";
  if (page.follows === "deliveries") return false;
  return !aboutRequests || watched.includes(change.requestId);
}
