import "server-only";
import { DELIVERY_CHANGE_PREFIX } from "../requests/apply";
import { deliverLeased, leaseDue, type DeliverOptions } from "./deliver";
import { sweepOutboundLog } from "./retention";
import { startLoop, type Loop } from "../jobs/loop";

export interface OutboundWorkerOptions extends DeliverOptions {
  /** How often due work is looked for when nothing wakes the worker. */
  pollMs: number;
  /** Most deliveries this process sends at once (across endpoints). */
  maxInFlight?: number;
  /**
   * Subscribes to the database's announcements (lib/live/bus.ts's channel), so new events go out at
   * once. Its own deliveries' changes, announced there too for the delivery log, wake no pass.
   */
  listen?: (onChange: (payload: string) => void) => Promise<() => Promise<void> | void>;
  /** Days the delivery log is kept; its sweep is tried every 10 minutes (and runs hourly, on one instance). */
  retentionDays?: number;
  log?: (message: string) => void;
}

export interface OutboundWorker {
  /** Look for due work now (a test event, a resend, a change this process made). */
  wake(): void;
  stop(): Promise<void>;
}

const WAKE_DEBOUNCE_MS = 5;

/**
 * The process's outbound delivery loop (lib/jobs/loop.ts). Deliveries are leased
 * (lib/outbound-webhooks/deliver.ts) and each is sent on its own: a slow endpoint's 10 s attempt
 * holds a slot, never the loop, so the other endpoints' deliveries keep going. As a slot frees, the
 * loop is woken and leases more. It looks for work when a change is announced, when a delivery
 * ends, and every `pollMs` (retries coming due). A stop waits for the sends in flight.
 */
export function startOutboundWorker(options: OutboundWorkerOptions): OutboundWorker {
  const maxInFlight = options.maxInFlight ?? 64;
  let stopped = false;
  const sending = new Set<Promise<unknown>>();
  let unlisten: (() => Promise<void> | void) | null = null;

  const loop: Loop = startLoop({
    name: "outbound",
    pollMs: options.pollMs,
    firstPassAfterMs: 0,
    wakeAfterMs: WAKE_DEBOUNCE_MS,
    log: options.log,
    drain: async () => {
      await Promise.all([...sending]);
    },
    // Leases what the free slots allow and starts sending it; a full slot set waits for a send to end.
    pass: async () => {
      const leased = await leaseDue(options, Math.min(options.batchSize ?? 100, maxInFlight - sending.size));
      for (const delivery of leased) {
        const sent: Promise<unknown> = deliverLeased(options, delivery)
          .catch((error: unknown) =>
            options.log?.(`a delivery failed to record: ${error instanceof Error ? error.message : String(error)}`),
          )
          .finally(() => {
            sending.delete(sent);
            loop.wake();
          });
        sending.add(sent);
      }
      return sending.size < maxInFlight ? leased.length : 0;
    },
  });

  const retentionDays = options.retentionDays;
  const sweep =
    retentionDays === undefined
      ? null
      : setInterval(() => {
          sweepOutboundLog(options.db, { retentionDays })
            .then((removed) => {
              if (removed) options.log?.(`removed ${removed} events older than ${retentionDays} days from the delivery log`);
            })
            .catch((error: unknown) =>
              options.log?.(`the delivery log's sweep failed: ${error instanceof Error ? error.message : String(error)}`),
            );
        }, 10 * 60_000);
  sweep?.unref?.();
  options
    .listen?.((payload) => {
      if (!payload.startsWith(DELIVERY_CHANGE_PREFIX)) loop.wake();
    })
    .then((stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    })
    .catch((error: unknown) =>
      options.log?.(
        `could not listen for changes (polling every ${options.pollMs} ms instead): ${error instanceof Error ? error.message : String(error)}`,
      ),
    );

  return {
    wake: () => loop.wake(),
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      await unlisten?.();
      await loop.stop();
    },
  };
}

const holder = globalThis as typeof globalThis & { __paydeskOutbound?: OutboundWorker };

/** The process's worker, started once by lib/start-up.ts. */
export function processOutboundWorker(start: () => OutboundWorker): OutboundWorker {
  holder.__paydeskOutbound ??= start();
  return holder.__paydeskOutbound;
}

/** Asks this process's worker to look for due work now (after a test event or a resend); other instances find it on their next poll. */
export function wakeOutboundWorker(): void {
  holder.__paydeskOutbound?.wake();
}
