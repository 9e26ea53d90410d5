"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { subscribeToRequestChanges } from "./request-events";

/**
 * Keeps a console page current: listens to /api/events (through the tab's one stream) and, when a
 * request it shows (or any request, for lists) changes, invalidates the cached queries and
 * re-renders the server components. After a break in the stream it refreshes anyway.
 */
export function LiveUpdates({ requestIds }: { requestIds?: string[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const watched = useRef(new Set(requestIds ?? []));
  watched.current = new Set(requestIds ?? []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges((requestId) => {
      if (requestId !== null && watched.current.size > 0 && !watched.current.has(requestId)) return;
      void queryClient.invalidateQueries({ queryKey: ["requests"] });
      // Several changes in a burst cause one refresh.
      timer ??= setTimeout(() => {
        timer = null;
        router.refresh();
      }, 100);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [router, queryClient]);
  return null;
}
