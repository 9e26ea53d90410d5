"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * A value only the browser knows (a browser API's presence, the document's language). The server's
 * HTML and the hydrating render use `serverValue`, so they agree; the browser's value follows at
 * once. `read` must return the same primitive while nothing changed.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(never, read, () => serverValue);
}
