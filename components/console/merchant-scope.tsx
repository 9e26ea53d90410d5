"use client";

import { useEffect, useSyncExternalStore } from "react";

/**
 * A page that shows one merchant's data other than the switcher's choice (a request of another
 * merchant, a list link naming a merchant) says so here, and the header's switcher shows that
 * merchant instead: the header never names one merchant while the page shows another.
 */
export interface PageMerchantPin {
  /** A merchant id, or "all". */
  merchantId: string;
  /** Why the header shows it ("This request's merchant"). */
  note: string;
  /** Where to go once the person switches merchant (this page would still show the pinned one). */
  leaveTo: string;
}

// One browser tab shows one page: a module-level pin, set only in the browser (in an effect), so
// the server never shares one between requests.
let pin: PageMerchantPin | null = null;
const listeners = new Set<() => void>();
function setPin(next: PageMerchantPin | null): void {
  pin = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered by such a page; the pin goes when the page does. */
export function PageMerchant({ merchantId, note, leaveTo }: PageMerchantPin) {
  useEffect(() => {
    setPin({ merchantId, note, leaveTo });
    return () => setPin(null);
  }, [merchantId, note, leaveTo]);
  return null;
}

export const usePageMerchant = () =>
  useSyncExternalStore(
    subscribe,
    () => pin,
    () => null,
  );
