import "server-only";
import type { Db } from "../db/client";
import { isTerminal, type State } from "../requests/lifecycle";
import type { Prepared } from "./match";
import { processDelivery, type ApiFor } from "./process";
import { log } from "../ops/log";

/**
 * Where stored webhooks wait to be applied. Each confirmation is a provider call inside the shared
 * rate limit, so a burst of webhooks cannot be confirmed as fast as it arrives; waiting for them
 * in the request would answer the provider late, and starting them all at once would pile up
 * promises, memory and database connections behind the limit. So the answer goes out once the
 * delivery is stored, and the work runs from a bounded queue: a few at a time, a bounded number
 * waiting. A delivery that does not fit stays `received`, durably, and the stranded sweep of the
 * reconciliation loop applies it (processStranded).
 */
export interface BoundedQueue {
  /** Queues `task`, or returns false when the queue is full. `waited` is true unless it started at once. */
  offer(task: (waited: boolean) => Promise<unknown>): boolean;
  readonly running: number;
  readonly waiting: number;
}

export function createBoundedQueue(options: { concurrency: number; maxWaiting: number; onError?: (error: unknown) => void }): BoundedQueue {
  const waiting: ((waited: boolean) => Promise<unknown>)[] = [];
  let running = 0;
  const start = (task: (waited: boolean) => Promise<unknown>, waited: boolean) => {
    running += 1;
    void task(waited)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running -= 1;
        const next = waiting.shift();
        if (next) start(next, true);
      });
  };
  return {
    offer(task) {
      if (running < options.concurrency) start(task, false);
      else if (waiting.length < options.maxWaiting) waiting.push(task);
      else return false;
      return true;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/**
 * Deliveries applied at a time. Confirmations wait together for a bulk read (./confirm-batch.ts)
 * and hold no database connection while they wait; the provider's budget is guarded by the
 * limiter's webhook lane, not by this number, which keeps the pool's connections for the
 * receiver's own writes (more made the answers wait for a connection, bench/provider-budget).
 */
export const CONCURRENCY = 8;
/** Twenty seconds of a heavy burst; past that a delivery waits for the stranded sweep instead (durably stored either way). */
export const MAX_WAITING = 1_000;

/** Deliveries that cost no provider call (an unknown or already-ended request): a few at a time, only database work. */
const PLAIN_CONCURRENCY = 2;

const holder = globalThis as typeof globalThis & { __paydeskWebhookQueue?: BoundedQueue; __paydeskPlainWebhookQueue?: BoundedQueue };

const onError = (error: unknown) =>
  log("webhooks").warn("applying a delivery failed; the reconciliation loop will retry it", {
    reason: error instanceof Error ? error.message : String(error),
  });

/** Deliveries to confirm with the provider: real payments, mostly. */
function webhookQueue(): BoundedQueue {
  // The delivery stays `received` when the queue is full: the stranded sweep takes it up.
  holder.__paydeskWebhookQueue ??= createBoundedQueue({ concurrency: CONCURRENCY, maxWaiting: MAX_WAITING, onError });
  return holder.__paydeskWebhookQueue;
}

function plainQueue(): BoundedQueue {
  holder.__paydeskPlainWebhookQueue ??= createBoundedQueue({ concurrency: PLAIN_CONCURRENCY, maxWaiting: MAX_WAITING, onError });
  return holder.__paydeskPlainWebhookQueue;
}

/**
 * Does applying this delivery ask the provider? Not for a request PayDesk does not know, nor for
 * one already ended (lib/provider-webhooks/process.ts): those are recorded, with their verdict, from the
 * database alone.
 */
export function needsConfirmation(prepared: Prepared): boolean {
  const request = prepared.match.request;
  return request !== null && !isTerminal(request.status as State);
}

/**
 * Applies a stored delivery from a queue; false when it is full (left to the sweep). Deliveries
 * that need the provider's word and those that do not wait in separate queues, so a flood of late
 * or unknown deliveries never holds up a real payment's confirmation. What the receiver read is
 * used only when the work starts at once: after a wait the delivery is read again, so one the
 * sweep settled meanwhile costs no provider call, and the request's state is current (a request
 * that became terminal is not asked about).
 */
export function processLater(
  db: Db,
  apiFor: ApiFor,
  deliveryId: number,
  prepared: Prepared,
  queue: BoundedQueue = needsConfirmation(prepared) ? webhookQueue() : plainQueue(),
): boolean {
  return queue.offer((waited) => processDelivery(db, apiFor, deliveryId, waited ? undefined : prepared));
}
