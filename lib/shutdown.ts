import "server-only";
import { answeringServers } from "./http/peer-address";
import { endAllStreams } from "./live/sse";

/**
 * What a PayDesk server does when it is told to stop (SIGTERM from an orchestrator, or Ctrl-C):
 * Next.js itself stops accepting connections and waits for the requests in progress to finish, then
 * exits. Two things would keep it from finishing or from finishing cleanly, and this ends them:
 * - the event streams (checkout status, the console's live updates) never end by themselves, so
 *   they are ended here and each browser reconnects by itself, to an instance that is still up;
 * - the background loops (reconciliation, outbound webhooks) stop taking new work; a pass already
 *   running may be cut by the exit, which loses nothing (their work is leased in the database, and
 *   another instance or the next start takes it up again: docs/DESIGN.md §6).
 * From the signal on, `/api/health/ready` answers 503, so a load balancer stops sending new work.
 */
const holder = globalThis as typeof globalThis & { __paydeskDraining?: boolean; __paydeskShutdownHooked?: boolean };

export function isShuttingDown(): boolean {
  return holder.__paydeskDraining === true;
}

type Stop = () => Promise<void> | void;

/** Hooks `beginShutdown` to SIGTERM and SIGINT, once per process (Next.js's own handler closes the server). */
export function stopGracefully(stops: Stop[], log: (message: string) => void): void {
  if (holder.__paydeskShutdownHooked) return;
  holder.__paydeskShutdownHooked = true;
  const onSignal = (signal: NodeJS.Signals) => void beginShutdown(signal, stops, log);
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}

/** The stop itself: not ready from now on, every event stream ended, the background loops told to stop (awaited). */
export async function beginShutdown(why: string, stops: Stop[], log: (message: string) => void): Promise<void> {
  if (holder.__paydeskDraining) return;
  holder.__paydeskDraining = true;
  const streams = endAllStreams();
  // Next.js has stopped accepting connections; each kept-alive one is closed as soon as it falls idle
  // (a stream's end written, a request answered) rather than after the keep-alive timeout.
  setInterval(() => {
    for (const server of answeringServers) server.closeIdleConnections();
  }, 50).unref();
  log(`${why}: stopping; ended ${streams} event stream(s); background work stops; requests in progress finish`);
  await Promise.all(
    stops.map((stop) =>
      Promise.resolve()
        .then(stop)
        .catch((error: unknown) =>
          log(`a background loop did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`),
        ),
    ),
  );
}
