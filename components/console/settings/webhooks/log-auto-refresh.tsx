"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Keeps the delivery log current: the page's server data is fetched again every few seconds while
 * the tab is visible (deliveries happen in the background, after the change that caused them).
 */
export function LogAutoRefresh({ everyMs = 2_000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
