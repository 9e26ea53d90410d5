/**
 * Next.js's start hook: open and migrate the database and create the first staff users before the
 * first request is served. A database that cannot be opened (a bad DATABASE_URL, Postgres down, a
 * PGlite folder another process holds) stops PayDesk with one sentence, rather than leaving a
 * server that answers every request with a 500.
 */
export async function register(): Promise<void> {
  // Not configuration: Next replaces NEXT_RUNTIME with a constant in each bundle, and only this
  // literal test lets it drop the Node-only imports from the edge bundle (behind a helper in
  // lib/env.ts the edge build fails on @node-rs/argon2 and PGlite). So it stays inline here.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Next's own error output as the log's JSON lines when the log is JSON (lib/ops/console-log.ts).
    const { sendConsoleThroughLog } = await import("./lib/ops/console-log");
    sendConsoleThroughLog();
    // Traces, when an OTLP endpoint is configured, before anything opens a span (lib/ops/tracing.ts).
    const { startTracingFromEnvironment } = await import("./lib/ops/tracing");
    startTracingFromEnvironment();
    // First: who connected, for every request from now on (lib/http/peer-address.ts).
    const { stampPeerAddress } = await import("./lib/http/peer-address");
    stampPeerAddress();
    const { useSyncFlushForGzip } = await import("./lib/http/gzip-sync-flush");
    useSyncFlushForGzip();
    const { startPayDesk } = await import("./lib/start-up");
    await startPayDesk();
  }
}
