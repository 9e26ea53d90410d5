"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeToRequestChanges } from "@/components/live/request-events";
import type { WalletPosition } from "@/lib/wallet/position";

/** Changes arriving this close together are asked about once. */
const SETTLE_MS = 300;
/** The server reads the provider again once its figure is older than 30 s (lib/wallet/balance.ts); asking as often keeps the page as fresh. */
const REFRESH_MS = 30_000;

async function fetchPosition(merchantId: string): Promise<WalletPosition> {
  const response = await fetch(`/api/wallet?merchant=${encodeURIComponent(merchantId)}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`/api/wallet answered ${response.status}`);
  return (await response.json()) as WalletPosition;
}

/**
 * The merchant's wallet position (app/api/wallet): asked when the screen opens, every 30 s while it
 * stays open, and again when the live stream says a request changed (a pay-out sent or paid moves
 * what waits). A failed ask keeps the last answer.
 */
export function useWalletPosition(
  merchantId: string,
  /** What the server rendered (the stored figure, not read again): shown at once, then asked again. */
  initial?: WalletPosition,
): { position: WalletPosition | undefined; failed: boolean } {
  const queryClient = useQueryClient();
  const key = ["wallet", merchantId];
  const { data, isError } = useQuery({
    queryKey: key,
    queryFn: () => fetchPosition(merchantId),
    initialData: initial,
    // The rendered figure may be stale: ask at once (the server reads the provider only when it is due).
    initialDataUpdatedAt: 0,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: 1,
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeToRequestChanges((change) => {
      // An outbound delivery changes neither.
      if (change.kind === "delivery") return;
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: ["wallet", merchantId] });
      }, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [merchantId, queryClient]);
  return { position: data, failed: isError && data === undefined };
}
