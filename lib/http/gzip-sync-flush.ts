import zlib from "node:zlib";

const PATCHED = Symbol.for("paydesk.gzipSyncFlush");

/**
 * Streamed pages compress as well as whole ones.
 *
 * `next start` gzips responses with the `compression` middleware, and Next calls its `flush()`
 * after every chunk it streams. An argument-less `flush()` on a Node gzip stream is a
 * Z_FULL_FLUSH, which also empties the compressor's dictionary, so each chunk is compressed as if
 * nothing came before it. A page's second chunk (its RSC payload) repeats much of the first — the
 * customer pages' inlined stylesheet, the QR drawing, the texts — and paid for it again: the slip
 * page went over the wire as 15.0 KB where the same bytes gzip to 10.0 KB. Z_SYNC_FLUSH sends
 * everything written so far just the same (the browser can render it at once) and keeps the
 * dictionary. A full flush only helps a reader that starts mid-stream, which HTTP never does.
 *
 * So an argument-less `flush()` on a gzip stream becomes a Z_SYNC_FLUSH; an explicit kind is
 * passed through unchanged. Set on zlib.Gzip's prototype (the same class whichever copy of the
 * module a bundle holds). Called once from instrumentation.ts, in the Node server; idempotent.
 */
export function useSyncFlushForGzip(): void {
  const proto = zlib.Gzip.prototype as zlib.Gzip & { [PATCHED]?: true };
  if (Object.hasOwn(proto, PATCHED)) return;
  const inherited = proto.flush as (this: zlib.Gzip, kind: number, callback?: () => void) => void;
  function flush(this: zlib.Gzip, kind?: number | (() => void), callback?: () => void): void {
    if (typeof kind === "number") inherited.call(this, kind, callback);
    else inherited.call(this, zlib.constants.Z_SYNC_FLUSH, kind ?? callback);
  }
  Object.defineProperty(proto, "flush", { value: flush, writable: true, configurable: true });
  Object.defineProperty(proto, PATCHED, { value: true });
}
