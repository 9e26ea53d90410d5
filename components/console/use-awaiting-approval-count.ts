"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeToRequestChanges } from "@/components/live/request-events";

/** Changes arriving this close together are counted once. */
const SETTLE_MS = 150;

async function fetchCount(url: string): Promise<number> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as { count?: unknown };
  if (typeof body.count !== "number") throw new Error(`${url} answered no count`);
  return body.count;
}

/** The nav's count beside "Approvals" (app/api/approvals/count). */
export const useAwaitingApprovalCount = (rendered: number | null) => useLiveCount("/api/approvals/count", rendered);
/** The nav's count beside "Needs attention" (app/api/attention/count, lib/attention/inbox.ts). */
export const useAttentionCount = (rendered: number | null) => useLiveCount("/api/attention/count", rendered);

/**
 * A count the nav shows, as the server rendered it and then as it changes: the query is
 * invalidated, and so asked again at `url`, whenever the live stream says a request changed; a
 * newer ask cancels an older one, so a late answer never overwrites a fresher one, and a failed ask
 * keeps the last count. Null for a person who is not shown it: nothing is asked.
 */
function useLiveCount(url: string, rendered: number | null): number | null {
  const queryClient = useQueryClient();
  const isShown = rendered !== null;
  const COUNT_KEY = ["nav-count", url] as const;
  const { data } = useQuery({
    queryKey: COUNT_KEY,
    queryFn: () => fetchCount(url),
    enabled: isShown,
    initialData: rendered ?? undefined,
    // Asked only when the stream says something changed: never merely because time passed or the tab came back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // A fresh server render (a reload, router.refresh) brings its own count.
  useEffect(() => {
    if (rendered !== null) queryClient.setQueryData(["nav-count", url], rendered);
  }, [queryClient, rendered, url]);
  useEffect(() => {
    if (!isShown) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges((change) => {
      // An outbound delivery changes neither.
      if (change.kind === "delivery") return;
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: ["nav-count", url] });
      }, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [isShown, queryClient, url]);
  return isShown ? (data ?? rendered) : null;
}
