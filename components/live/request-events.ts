/**
 * One /api/events stream per browser tab, shared by everything that follows request changes (a
 * page's LiveUpdates, the nav's approvals count): a second EventSource would hold a second
 * connection open for the same news. Opened with the first listener, closed with the last.
 *
 * A listener hears a request id, or null when the stream has come back after a break: changes
 * made meanwhile were not heard, so anything may have changed. EventSource reconnects by itself.
 */
export type RequestChangeListener = (requestId: string | null) => void;

const listeners = new Set<RequestChangeListener>();
let source: EventSource | null = null;

function open(): EventSource {
  const stream = new EventSource("/api/events");
  let hasOpened = false;
  stream.addEventListener("open", () => {
    if (hasOpened) for (const listener of [...listeners]) listener(null);
    hasOpened = true;
  });
  stream.addEventListener("request", (event) => {
    const { requestId } = JSON.parse((event as MessageEvent<string>).data) as { requestId: string };
    for (const listener of [...listeners]) listener(requestId);
  });
  return stream;
}

/** Calls `listener` on every change the stream announces; returns the unsubscribe function. */
export function subscribeToRequestChanges(listener: RequestChangeListener): () => void {
  listeners.add(listener);
  source ??= open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}
