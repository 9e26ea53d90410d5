/**
 * One /api/events stream per browser tab, shared by everything that follows request changes (a
 * page's LiveUpdates, the nav's approvals count): a second EventSource would hold a second
 * connection open for the same news. Opened with the first listener, closed with the last.
 *
 * A listener hears each request that changed, and `ready` each time the server is listening again
 * (app/api/events/route.ts): once at the start — a change made after the page was rendered but
 * before the stream listened was announced to nobody — and again after every break (`afterBreak`),
 * when anything may have changed meanwhile. EventSource reconnects by itself.
 *
 * `ready` carries what the server knows of that gap (lib/live/bus.ts `catchUpFacts`, server
 * clock, ms): since when it has heard every change, and when it last heard one for this person's
 * merchants (and apart from it, when one of their outbound deliveries last changed). A listener
 * that joins a stream already open (a page reached by client navigation, while the nav keeps the
 * stream) is told the same at once, with the changes heard since.
 *
 * `delivery` says one of this person's merchants' outbound deliveries changed: only the delivery
 * log follows those; everything else about requests ignores them.
 */
export interface CatchUpFacts {
  heardAllSince: number | null;
  lastChangeAt: number | null;
  lastDeliveryChangeAt: number | null;
}
export type RequestChange =
  { kind: "request"; requestId: string } | { kind: "delivery" } | ({ kind: "ready"; afterBreak: boolean } & CatchUpFacts);
export type RequestChangeListener = (change: RequestChange) => void;

const listeners = new Set<RequestChangeListener>();
let source: EventSource | null = null;
/** What the open stream has said of the gap, kept current by its request events; null before its first `ready`. */
let facts: CatchUpFacts | null = null;

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

function open(): EventSource {
  const stream = new EventSource("/api/events");
  facts = null;
  let wasReady = false;
  const tell = (change: RequestChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  stream.addEventListener("ready", (event) => {
    const said = JSON.parse((event as MessageEvent<string>).data) as Partial<CatchUpFacts>;
    facts = {
      heardAllSince: said.heardAllSince ?? null,
      lastChangeAt: said.lastChangeAt ?? null,
      lastDeliveryChangeAt: said.lastDeliveryChangeAt ?? null,
    };
    tell({ kind: "ready", afterBreak: wasReady, ...facts });
    wasReady = true;
  });
  stream.addEventListener("request", (event) => {
    const { requestId, at } = JSON.parse((event as MessageEvent<string>).data) as { requestId: string; at?: number };
    if (facts) facts = { ...facts, lastChangeAt: later(facts.lastChangeAt, at ?? null) };
    tell({ kind: "request", requestId });
  });
  stream.addEventListener("delivery", (event) => {
    const { at } = JSON.parse((event as MessageEvent<string>).data) as { at?: number };
    if (facts) facts = { ...facts, lastDeliveryChangeAt: later(facts.lastDeliveryChangeAt, at ?? null) };
    tell({ kind: "delivery" });
  });
  return stream;
}

/** Calls `listener` on every change the stream announces; returns the unsubscribe function. */
export function subscribeToRequestChanges(listener: RequestChangeListener): () => void {
  listeners.add(listener);
  if (source && facts) {
    // Joining a stream that is already listening: its first `ready` went to the others.
    const known = facts;
    queueMicrotask(() => listeners.has(listener) && listener({ kind: "ready", afterBreak: false, ...known }));
  }
  source ??= open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
      facts = null;
    }
  };
}
