"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent } from "react";
import { subscribeToRequestChanges, type RequestChange } from "./request-events";

/**
 * Keeps a console page current: listens to /api/events (through the tab's one stream) and, when a
 * request it shows (or any request, for lists) changes, re-renders the server components (the
 * nav's approvals count follows the stream on its own: components/console/use-awaiting-approval-count.ts).
 *
 * Catching up: when the stream comes back after a break, every page refreshes. When it first
 * starts listening, a page about particular requests refreshes once too — a webhook right after
 * creating could have landed before the stream listened — but a list does not: that would cost a
 * list query on every view, and the next change refreshes it anyway.
 */
export function LiveUpdates({ requestIds, coalesceMs = 100 }: { requestIds?: string[]; coalesceMs?: number }) {
  const router = useRouter();
  // Reads the requests the page shows now, without resubscribing when they change.
  const shouldRefresh = useEffectEvent((change: RequestChange): boolean => {
    const watched = requestIds ?? [];
    const aboutRequests = watched.length > 0;
    if (change.kind === "ready") return change.afterBreak || aboutRequests;
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
