/**
 * The provider's payment hub from the customer's browser: SignalR's JSON protocol over a bare
 * WebSocket, as the provider's own clients use it with `skipNegotiation` (docs/provider-facts.md §1.5,
 * §4.10). The hub is anonymous — no key is ever sent; JoinPayment(sessionId) is all it needs —
 * and it only ever says "payment.completed", so the page follows PayDesk's own status too.
 *
 * Why not @microsoft/signalr: the page needs one invocation and one event over WebSockets, which
 * is ~1 KB here against ~12 KB gzipped for the full client (HTTP transports, negotiation, streams).
 * What this keeps from SignalR: the handshake, record separators (0x1e) on every frame, pings both
 * ways (ours every 15 s, the server's keep-alive expected within 30 s), and reconnecting with
 * back-off for as long as the page is open, joining the group again each time (a reconnected
 * connection is a new connection and belongs to no group).
 */
export type HubState = "connecting" | "connected" | "reconnecting";

export interface HubOptions {
  /** ws:// or wss:// URL of the hub (the provider's base + websocketPath). */
  url: string;
  sessionId: string;
  onCompleted: (payload: { sessionId: string; amount: number | null }) => void;
  onState: (state: HubState) => void;
  /** After a reconnect: what may have been missed while away should be fetched. */
  onReconnected?: () => void;
}

const RS = "\u001e";
const PING_MS = 15_000;
const SERVER_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_MS = 10_000;

export function connectHub(options: HubOptions): { close: () => void; reconnectNow: () => void } {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let everConnected = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastHeard = 0;

  const send = (message: object) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message) + RS);

  const scheduleRetry = () => {
    clearInterval(pingTimer);
    if (stopped) return;
    options.onState("reconnecting");
    const delay = Math.min(MAX_BACKOFF_MS, attempt === 0 ? 0 : 500 * 2 ** (attempt - 1));
    attempt++;
    retryTimer = setTimeout(open, delay);
  };

  function open(): void {
    clearTimeout(retryTimer);
    if (stopped) return;
    options.onState(everConnected ? "reconnecting" : "connecting");
    let handshaken = false;
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ protocol: "json", version: 1 }) + RS);
    ws.onmessage = (event) => {
      if (ws !== socket) return;
      lastHeard = Date.now();
      for (const frame of String(event.data).split(RS)) {
        if (!frame) continue;
        let message: { type?: number; target?: string; arguments?: unknown[]; error?: string } | null = null;
        try {
          message = JSON.parse(frame);
        } catch {
          continue;
        }
        if (!handshaken) {
          // The handshake reply is `{}` (or `{"error": ...}`), before any other message.
          handshaken = true;
          if (message?.error) return ws.close();
          attempt = 0;
          send({ type: 1, invocationId: "join", target: "JoinPayment", arguments: [options.sessionId] });
          options.onState("connected");
          if (everConnected) options.onReconnected?.();
          everConnected = true;
          pingTimer = setInterval(() => {
            if (Date.now() - lastHeard > SERVER_TIMEOUT_MS) return ws.close();
            send({ type: 6 });
          }, PING_MS);
          continue;
        }
        if (message?.type === 1 && message.target === "payment.completed") {
          const payload = (message.arguments?.[0] ?? {}) as { sessionId?: unknown; amount?: unknown };
          const sessionId = typeof payload.sessionId === "string" ? payload.sessionId : options.sessionId;
          if (sessionId.toLowerCase() === options.sessionId.toLowerCase())
            options.onCompleted({ sessionId, amount: typeof payload.amount === "number" ? payload.amount : null });
        } else if (message?.type === 7) {
          ws.close();
        }
      }
    };
    ws.onclose = () => {
      if (ws !== socket) return;
      socket = null;
      scheduleRetry();
    };
    // onerror is always followed by onclose.
  }

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close();
      socket = null;
    },
    /** The network is back (the browser says so): try at once instead of waiting out the back-off. */
    reconnectNow() {
      if (stopped || socket) return;
      attempt = 0;
      open();
    },
  };
}
