import "server-only";
import { DELIVERY_CHANGE_PREFIX } from "../requests/apply";
import { deliverLeased, leaseDue, type DeliverOptions } from "./deliver";
import { sweepOutboundLog } from "./retention";

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
 * The process's outbound delivery loop. Deliveries are leased (lib/outbound-webhooks/deliver.ts) and each
 * is sent on its own: a slow endpoint's 10 s attempt holds a slot, never the loop, so the other
 * endpoints' deliveries keep going. As a slot frees, more is leased. The loop looks for work when
 * a change is announced, when a delivery ends, and every `pollMs` (retries coming due). A pass that
 * fails is logged and the next one tries again.
 */
export function startOutboundWorker(options: OutboundWorkerOptions): OutboundWorker {
  const maxInFlight = options.maxInFlight ?? 64;
  let stopped = false;
  let inFlight = 0;
  let leasing = false;
  let again = false;
  let wakeTimer: NodeJS.Timeout | null = null;
  const sending = new Set<Promise<unknown>>();
  let unlisten: (() => Promise<void> | void) | null = null;

  const pass = async (): Promise<void> => {
    if (stopped) return;
    if (leasing) {
      again = true;
      return;
    }
    leasing = true;
    try {
      do {
        again = false;
        const leased = await leaseDue(options, Math.min(options.batchSize ?? 100, maxInFlight - inFlight));
        for (const delivery of leased) {
          inFlight += 1;
          const sent = deliverLeased(options, delivery)
            .catch((error: unknown) =>
              options.log?.(`a delivery failed to record: ${error instanceof Error ? error.message : String(error)}`),
            )
            .finally(() => {
              inFlight -= 1;
              sending.delete(sent);
              wake();
            });
          sending.add(sent);
        }
        // A full batch: more may be waiting.
        if (leased.length > 0 && inFlight < maxInFlight) again = true;
      } while (again && !stopped && inFlight < maxInFlight);
    } catch (error) {
      options.log?.(`a delivery pass failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      leasing = false;
    }
  };

  const wake = () => {
    if (stopped || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      void pass();
    }, WAKE_DEBOUNCE_MS);
  };

  const poll = setInterval(wake, options.pollMs);
  poll.unref?.();
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
  wake();
  options
    .listen?.((payload) => {
      if (!payload.startsWith(DELIVERY_CHANGE_PREFIX)) wake();
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
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (sweep) clearInterval(sweep);
      if (wakeTimer) clearTimeout(wakeTimer);
      await unlisten?.();
      await Promise.all([...sending]);
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
