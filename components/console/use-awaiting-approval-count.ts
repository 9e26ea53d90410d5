"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeToRequestChanges } from "@/components/live/request-events";

/** Changes arriving this close together are counted once. */
const SETTLE_MS = 150;

const COUNT_KEY = ["approvals", "count"] as const;

async function fetchCount(): Promise<number> {
  const response = await fetch("/api/approvals/count", { cache: "no-store" });
  if (!response.ok) throw new Error(`/api/approvals/count answered ${response.status}`);
  const body = (await response.json()) as { count?: unknown };
  if (typeof body.count !== "number") throw new Error("/api/approvals/count answered no count");
  return body.count;
}

/**
 * The number of requests waiting for approval, as the server rendered it and then as it changes:
 * the query is invalidated, and so asked again (app/api/approvals/count), whenever the live
 * stream says a request changed; a newer ask cancels an older one, so a late answer never
 * overwrites a fresher one, and a failed ask keeps the last count. Null for a person who may not
 * approve: nothing is asked.
 */
export function useAwaitingApprovalCount(rendered: number | null): number | null {
  const queryClient = useQueryClient();
  const isShown = rendered !== null;
  const { data } = useQuery({
    queryKey: COUNT_KEY,
    queryFn: fetchCount,
    enabled: isShown,
    initialData: rendered ?? undefined,
    // Asked only when the stream says something changed: never merely because time passed or the tab came back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // A fresh server render (a reload, router.refresh) brings its own count.
  useEffect(() => {
    if (rendered !== null) queryClient.setQueryData(COUNT_KEY, rendered);
  }, [queryClient, rendered]);
  useEffect(() => {
    if (!isShown) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges(() => {
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: COUNT_KEY });
      }, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [isShown, queryClient]);
  return isShown ? (data ?? rendered) : null;
}
