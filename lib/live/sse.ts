/**
 * A server-sent event stream (text/event-stream) that lives as long as the browser holds it: `open`
 * gets a `send` and returns its own clean-up, called once when the browser goes away or the stream
 * breaks. A comment every 15 s keeps proxies from closing an idle stream; `retry` tells EventSource
 * how soon to reconnect after a network loss (it reconnects by itself).
 *
 * `recheck`: a stream that outlives the request's own checks asks `stillAllowed` every `everyMs`
 * and ends when the answer is no, or cannot be had (fail closed: the browser reconnects by itself
 * and its new request is checked from scratch, which is refused when the session is over).
 */
export type SendEvent = (event: string, data: unknown) => void;

export interface StreamRecheck {
  everyMs: number;
  stillAllowed(): Promise<boolean>;
}

const KEEP_ALIVE_MS = 15_000;

// Every stream this process holds open, by the function that ends it (one set per process, as the bus).
const holder = globalThis as typeof globalThis & { __paydeskStreams?: Set<() => void>; __paydeskStreamsRefused?: boolean };
const openStreams = (holder.__paydeskStreams ??= new Set());

/** How many streams this process holds open now (lib/ops/metrics.ts). */
export function openStreamCount(): number {
  return openStreams.size;
}

/**
 * Ends every stream this process holds (lib/shutdown.ts): a stream never ends by itself, so a server
 * that waits for its requests to finish would otherwise wait for ever. Each browser reconnects by
 * itself after `retry`, to an instance that is still running; one that comes back here (over a
 * connection kept alive) is answered a stream that ends at once, on a connection that closes after
 * it, so it goes elsewhere next. Returns how many were open.
 */
export function endAllStreams(): number {
  holder.__paydeskStreamsRefused = true;
  const ends = [...openStreams];
  for (const end of ends) end();
  return ends.length;
}

export function eventStream(
  signal: AbortSignal,
  open: (send: SendEvent, close: () => void) => Promise<() => void>,
  options: { retryMs?: number; recheck?: StreamRecheck } = {},
): Response {
  const headers = {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  };
  if (holder.__paydeskStreamsRefused)
    return new Response(`retry: ${options.retryMs ?? 2_000}\n\n`, { headers: { ...headers, Connection: "close" } });
  const encoder = new TextEncoder();
  let closed = false;
  let cleanup: (() => void) | null = null;
  let keepAlive: ReturnType<typeof setInterval> | null = null;
  let recheck: ReturnType<typeof setInterval> | null = null;
  let end: (() => void) | null = null;
  const finish = () => {
    if (closed) return;
    closed = true;
    if (end) openStreams.delete(end);
    if (keepAlive) clearInterval(keepAlive);
    if (recheck) clearInterval(recheck);
    cleanup?.();
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      write(`retry: ${options.retryMs ?? 2_000}\n\n`);
      const close = () => {
        finish();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      end = close;
      if (!closed) openStreams.add(close);
      signal.addEventListener("abort", close);
      const release = await open((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`), close);
      // The browser may have left while `open` was subscribing.
      if (closed) release();
      else cleanup = release;
      keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      const allowed = options.recheck;
      if (allowed)
        recheck = setInterval(() => void allowed.stillAllowed().then((yes) => (yes ? undefined : close()), close), allowed.everyMs);
      if (closed) {
        clearInterval(keepAlive);
        if (recheck) clearInterval(recheck);
      }
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, { headers });
}
