import type { Duplex } from "node:stream";

/**
 * The live provider's global fixed-window limiter: N requests per window per client, no queue,
 * 429 text/plain without Retry-After (docs/provider-facts.md §8.1).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: { count: number; windowMs: number }) {}

  /** true when the request may pass. */
  take(client: string, now = Date.now()): boolean {
    const windowStart = now - (now % this.limit.windowMs);
    const current = this.windows.get(client);
    if (!current || current.start !== windowStart) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(client, { start: windowStart, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit.count;
  }
}

export const TOO_MANY_REQUESTS = "Too many requests. Try again later.";

/**
 * The limiter's answer to a WebSocket upgrade over budget: the same 429 text/plain, written on the
 * raw socket before any WebSocket handshake (the socket never becomes a WebSocket).
 */
export function refuseUpgrade(socket: Duplex): void {
  // Node takes its own error listener off an upgraded socket; a client that resets now must not crash the sandbox.
  socket.on("error", () => {});
  socket.end(
    "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(TOO_MANY_REQUESTS)}\r\nConnection: close\r\n\r\n${TOO_MANY_REQUESTS}`,
  );
}
