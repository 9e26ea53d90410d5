"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Keeps a console page current: listens to /api/events and, when a request it shows (or any
 * request, for lists) changes, invalidates the cached queries and re-renders the server
 * components. EventSource reconnects by itself after a network loss; on a request's page each
 * (re)connection, once listening, refreshes once for what changed while nobody listened.
 */
export function LiveUpdates({ requestIds }: { requestIds?: string[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const watched = useRef(new Set(requestIds ?? []));
  watched.current = new Set(requestIds ?? []);
  useEffect(() => {
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: ["requests"] });
      // Several changes in a burst cause one refresh.
      timer ??= setTimeout(() => {
        timer = null;
        router.refresh();
      }, 100);
    };
    source.addEventListener("request", (event) => {
      const { requestId } = JSON.parse((event as MessageEvent<string>).data) as { requestId: string };
      if (watched.current.size > 0 && !watched.current.has(requestId)) return;
      refresh();
    });
    // A change made after the server rendered this page but before the stream was listening (a
    // webhook right after creating, or one during a reconnect) was announced to nobody: the server
    // says `ready` once it listens, and a page about particular requests reads itself again once
    // (two small queries). Lists do not: that would cost a list query on every view, and the next
    // change refreshes them anyway.
    source.addEventListener("ready", () => {
      if (watched.current.size > 0) refresh();
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [router, queryClient]);
  return null;
}
