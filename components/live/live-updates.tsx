"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent } from "react";
import { subscribeToRequestChanges, type RequestChange } from "./request-events";

/** How far apart two instances' clocks may be when one rendered the page and the other holds its stream. */
const CLOCK_SKEW_MS = 2_000;

/**
 * Keeps a console page current: listens to /api/events (through the tab's one stream) and, when a
 * request it shows (or any request, for lists) changes, re-renders the server components (the
 * nav's approvals count follows the stream on its own: components/console/use-awaiting-approval-count.ts).
 *
 * Catching up: when the stream comes back after a break, every page refreshes. When it first
 * starts listening, a page refreshes only if the server heard a change for these merchants after
 * `renderedAt` (the server's clock when the page read its rows, taken before it read them), or
 * cannot tell because it was not listening then: a webhook right after creating may have landed
 * before the stream listened, and this finds it (a change to any of the merchants' requests, so
 * at worst a refresh too many). Refreshing on every first `ready` rendered every list and request
 * page twice per visit, a second server render and its payload (about 100 KB for the list) on a
 * phone for nothing.
 *
 * `follows="deliveries"` (the outbound delivery log) follows the merchants' outbound deliveries
 * instead of their requests, with the same catch-up.
 */
export function LiveUpdates({
  requestIds,
  renderedAt,
  coalesceMs = 100,
  follows = "requests",
}: {
  requestIds?: string[];
  renderedAt: number;
  coalesceMs?: number;
  follows?: "requests" | "deliveries";
}) {
  const router = useRouter();
  // Reads the page's props as they are now, without resubscribing when they change.
  const shouldRefresh = useEffectEvent((change: RequestChange): boolean => {
    const watched = requestIds ?? [];
    const aboutRequests = follows === "requests" && watched.length > 0;
    if (change.kind === "ready") {
      if (change.afterBreak) return true;
      const since = renderedAt - CLOCK_SKEW_MS;
      const lastChangeAt = follows === "deliveries" ? change.lastDeliveryChangeAt : change.lastChangeAt;
      return change.heardAllSince === null || change.heardAllSince > since || (lastChangeAt !== null && lastChangeAt >= since);
    }
    if (change.kind === "delivery") return follows === "deliveries";
    if (follows === "deliveries") return false;
    return !aboutRequests || watched.includes(change.requestId);
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges((change) => {
      if (!shouldRefresh(change)) return;
      // Several changes in a burst cause one refresh (a summary page waits longer: at most one a second).
      timer ??= setTimeout(() => {
        timer = null;
        router.refresh();
      }, coalesceMs);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [router, coalesceMs]);
  return null;
}
