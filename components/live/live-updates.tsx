"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent } from "react";
import { shouldRefresh } from "./refresh-rule";
import { subscribeToRequestChanges, type RequestChange } from "./request-events";

/**
 * Keeps a console page current: listens to /api/events (through the tab's one stream) and, when a
 * request it shows (or any request, for lists) changes, re-renders the server components (the
 * nav's approvals count follows the stream on its own: components/console/use-awaiting-approval-count.ts).
 *
 * Which news refreshes it, and how it catches up when its stream first listens, is
 * `shouldRefresh` (./refresh-rule.ts).
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
  const refreshes = useEffectEvent((change: RequestChange): boolean => shouldRefresh(change, { requestIds, renderedAt, follows }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges((change) => {
      if (!refreshes(change)) return;
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
