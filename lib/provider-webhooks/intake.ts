import "server-only";
import { isDatabaseUnreachable } from "../db/unreachable";

/**
 * The webhook intake: the few statements between a provider webhook and its answer (the secret's
 * holders, the store, a refusal's count). The provider never retries (docs/provider-facts.md
 * §6.4), so a webhook answered late or with a failure is found only by reconciliation, minutes
 * later. Two things keep the answer prompt whatever else the process is doing:
 *
 * - its own small pool on Postgres (lib/db/client.ts `intake`, WEBHOOK_INTAKE_POOL_SIZE): the
 *   processing of a backlog, reconciliation and the console share the other pool, and however
 *   many of them wait for a connection there, none of them waits in front of a webhook;
 * - this gate in front of that pool: as many statements at a time as it has connections, and a
 *   waiting room behind them bounded by the memory its webhooks hold (INTAKE_MAX_WAITING_BYTES,
 *   each body counted at least as INTAKE_MIN_WEIGHT), not by their number. The provider never
 *   retries, so a webhook held a few seconds and stored is worth far more than one refused at
 *   once: at 200 webhooks/s on a 2-core machine whose CPU could not keep up, a room of 500 refused
 *   27 % of them with 503 while the database was idle (bench/webhook-ingest). The room fills only
 *   when the database stops answering for long, and a webhook that finds it full is answered 503
 *   at once rather than held.
 *
 * What happens after the answer (confirming with the provider and applying) is the processing
 * queue's (./queue.ts), on the other pool, at its own pace; a delivery it has no room for stays
 * stored as `received` for the stranded sweep.
 *
 * 503 + Retry-After is answered only when the database cannot take the write: unreachable, a
 * statement it did not finish within the intake's statement timeout, or the waiting room full
 * behind such statements. Nothing answered 2xx was left unstored: the answer follows the commit.
 */
export class IntakeFull extends Error {
  constructor() {
    super("the webhook intake's waiting room is full: the database is not keeping up");
    this.name = "IntakeFull";
  }
}

export interface IntakeGate {
  /**
   * Runs `task` when a connection's turn comes; rejects with IntakeFull when the waiting room has
   * no room for `bytes` more (what the waiting task holds in memory: the webhook's body).
   */
  run<T>(task: () => Promise<T>, bytes?: number): Promise<T>;
  readonly running: number;
  readonly waiting: number;
  /** What the waiting tasks hold, as counted against the room (each at least INTAKE_MIN_WEIGHT). */
  readonly waitingBytes: number;
}

export function createIntakeGate(options: { concurrency: number; maxWaitingBytes: number; minWeight?: number }): IntakeGate {
  const minWeight = options.minWeight ?? INTAKE_MIN_WEIGHT;
  const waiting: (() => void)[] = [];
  let waitingBytes = 0;
  let running = 0;
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task, bytes = 0) {
      if (running < options.concurrency) running += 1;
      else {
        const weight = Math.max(bytes, minWeight);
        if (waitingBytes + weight > options.maxWaitingBytes) throw new IntakeFull();
        waitingBytes += weight;
        try {
          await new Promise<void>((resolve) => waiting.push(resolve));
        } finally {
          waitingBytes -= weight;
        }
      }
      // The slot is handed straight to the next waiter on release, so `running` never overshoots.
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    get waitingBytes() {
      return waitingBytes;
    },
  };
}

/** The least a waiting webhook is counted as (a check of the secret holds only headers; a provider job is about 1 KB). */
export const INTAKE_MIN_WEIGHT = 1024;
/** The memory the webhooks waiting for an intake connection may hold: 32 MB, some 32,000 provider jobs or 128 at the size cap. */
export const INTAKE_MAX_WAITING_BYTES = 32 * 1024 * 1024;

/** What the provider is told to wait before sending again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

const holder = globalThis as typeof globalThis & { __paydeskIntakeGate?: IntakeGate };

/** The process's intake gate, as wide as its intake pool. */
export function intakeGate(connections: number): IntakeGate {
  holder.__paydeskIntakeGate ??= createIntakeGate({ concurrency: connections, maxWaitingBytes: INTAKE_MAX_WAITING_BYTES });
  return holder.__paydeskIntakeGate;
}

/** query_canceled: the intake's statement timeout cut a statement the database did not finish. */
const CANCELED = "57014";

/** Could the database not take the intake's write (as opposed to a fault of PayDesk's own)? */
export function isIntakeUnavailable(error: unknown): boolean {
  if (error instanceof IntakeFull || isDatabaseUnreachable(error)) return true;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if ((e as { code?: unknown }).code === CANCELED) return true;
  return false;
}

/** The answer when the webhook could not be stored because of the database: nothing was kept, send it again. */
export function intakeUnavailable(): Response {
  return Response.json(
    {
      status: "error",
      message: `PayDesk cannot store webhooks right now (its database is not answering); nothing was stored. Send it again after ${RETRY_AFTER_SECONDS} seconds.`,
    },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}

/** Runs the intake, answering 503 + Retry-After when the database could not take it; any other failure is the door's 500. */
export async function orUnavailable(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isIntakeUnavailable(error)) return intakeUnavailable();
    throw error;
  }
}
