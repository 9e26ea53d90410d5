/**
 * One /api/events stream per browser tab, shared by everything that follows request changes (a
 * page's LiveUpdates, the nav's approvals count): a second EventSource would hold a second
 * connection open for the same news. Opened with the first listener, closed with the last.
 *
 * A listener hears each request that changed, and `ready` each time the server is listening again
 * (app/api/events/route.ts): once at the start — a change made after the page was rendered but
 * before the stream listened was announced to nobody — and again after every break (`afterBreak`),
 * when anything may have changed meanwhile. EventSource reconnects by itself.
 */
export type RequestChange = { kind: "request"; requestId: string } | { kind: "ready"; afterBreak: boolean };
export type RequestChangeListener = (change: RequestChange) => void;

const listeners = new Set<RequestChangeListener>();
let source: EventSource | null = null;

function open(): EventSource {
  const stream = new EventSource("/api/events");
  let wasReady = false;
  const tell = (change: RequestChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  stream.addEventListener("ready", () => {
    tell({ kind: "ready", afterBreak: wasReady });
    wasReady = true;
  });
  stream.addEventListener("request", (event) => {
    const { requestId } = JSON.parse((event as MessageEvent<string>).data) as { requestId: string };
    tell({ kind: "request", requestId });
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
