"use client";

import { useEffect, useState } from "react";
import { subscribeToRequestChanges } from "@/components/live/request-events";

/** Changes arriving this close together are counted once. */
const SETTLE_MS = 150;

async function fetchCount(): Promise<number | null> {
  const response = await fetch("/api/approvals/count", { cache: "no-store" });
  if (!response.ok) return null;
  const body = (await response.json()) as { count?: unknown };
  return typeof body.count === "number" ? body.count : null;
}

/**
 * The number of requests waiting for approval, as the server rendered it and then as it changes:
 * asked again (app/api/approvals/count) whenever the live stream says a request changed. Null for
 * a person who may not approve: nothing is asked.
 */
export function useAwaitingApprovalCount(rendered: number | null): number | null {
  const [count, setCount] = useState(rendered);
  // A fresh server render (a reload, router.refresh) brings its own count.
  useEffect(() => setCount(rendered), [rendered]);
  const isShown = rendered !== null;
  useEffect(() => {
    if (!isShown) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let latest = 0;
    const unsubscribe = subscribeToRequestChanges(() => {
      timer ??= setTimeout(() => {
        timer = null;
        // Only the newest answer counts: an older one may arrive after it.
        const asked = ++latest;
        fetchCount()
          .then((fresh) => {
            if (fresh !== null && asked === latest) setCount(fresh);
          })
          .catch(() => undefined);
      }, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [isShown]);
  return count;
}
