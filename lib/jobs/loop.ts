/**
 * The one loop every background job of PayDesk runs in (docs/DESIGN.md §6.8): reconciliation,
 * outbound deliveries, bulk lines, staff e-mail and the daily statements. Each brings its pass —
 * lease what is due in the database, do it, record it — and this module owns the rest, one tested
 * answer for all of them:
 *
 * - one pass at a time per loop and process; another right after while a pass took a full batch
 *   (more may be waiting) or was woken meanwhile, otherwise after `pollMs`;
 * - `wake()` runs a pass now (a change announced on the live bus, a confirmed file);
 * - a pass that throws is logged and counted, and the next one tries again after `pollMs` (work
 *   is leased in the database, so nothing is lost: what the pass held is taken again when its
 *   lease lapses);
 * - `stop()` takes no new pass, tells the running one (`stopping()` turns true, so it finishes the
 *   item in hand and leaves the rest to its lease), and resolves once that pass and `drain` have
 *   ended;
 * - every loop's passes, items and failures are counted for /api/metrics (./visibility.ts).
 */
import { inSpan } from "../ops/tracing";

export interface LoopSpec {
  /** Names the loop in the log and the metrics: `reconcile`, `outbound`, `bulk`, `notify`, `statement`. */
  name: string;
  /** One pass: does what is due; returns how many items it took. `stopping()` is true once the loop is stopping. */
  pass(stopping: () => boolean): Promise<number>;
  /** Wait between passes when the last took less than a full batch, or failed. */
  pollMs: number;
  /** Wait before the first pass; default `pollMs`. */
  firstPassAfterMs?: number;
  /** A pass that took at least this many items is followed by another at once. Default 1; Infinity: never. */
  fullBatch?: number;
  /** Wait before the pass a `wake()` asks for, so a burst of wakes makes one pass. Default 0. */
  wakeAfterMs?: number;
  /** Work the passes started and did not await (outbound's sends in flight): awaited by `stop()`. */
  drain?: () => Promise<void>;
  log?: (message: string) => void;
}

export interface Loop {
  /** Runs a pass as soon as the one in hand (if any) ends. */
  wake(): void;
  /** No pass from now on; resolves when the running pass and `drain` have ended. */
  stop(): Promise<void>;
}

/** What /api/metrics says of each loop of this process. */
export interface LoopStats {
  name: string;
  passes: number;
  failures: number;
  taken: number;
  running: boolean;
  lastPassEndedAt: number | null;
}

const holder = globalThis as typeof globalThis & { __paydeskLoops?: Map<string, LoopStats> };

/** The loops of this process, by name (a loop started twice under one name shares its figures). */
export function loopStats(): LoopStats[] {
  return [...(holder.__paydeskLoops?.values() ?? [])];
}

function statsFor(name: string): LoopStats {
  holder.__paydeskLoops ??= new Map();
  let stats = holder.__paydeskLoops.get(name);
  if (!stats) {
    stats = { name, passes: 0, failures: 0, taken: 0, running: false, lastPassEndedAt: null };
    holder.__paydeskLoops.set(name, stats);
  }
  return stats;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startLoop(spec: LoopSpec): Loop {
  const stats = statsFor(spec.name);
  const fullBatch = spec.fullBatch ?? 1;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerDue = Infinity;

  const schedule = (ms: number) => {
    if (stopped) return;
    const due = Date.now() + ms;
    // A pass already due sooner stays as it is.
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = null;
      timerDue = Infinity;
      run();
    }, ms);
    timer.unref?.();
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    stats.running = true;
    running = (async () => {
      let next = spec.pollMs;
      try {
        const taken = await inSpan(`job ${spec.name}`, {}, async (span) => {
          const items = await spec.pass(() => stopped);
          span?.setAttribute("paydesk.job.items", items);
          return items;
        });
        stats.taken += taken;
        if (taken >= fullBatch) next = 0;
      } catch (error) {
        stats.failures += 1;
        spec.log?.(`${spec.name} pass failed: ${messageOf(error)}`);
      } finally {
        stats.passes += 1;
        stats.running = false;
        stats.lastPassEndedAt = Date.now();
        running = null;
      }
      // Woken during the pass: at once, as the wakes have had the whole pass to gather.
      schedule(again ? 0 : next);
    })();
  };

  schedule(spec.firstPassAfterMs ?? spec.pollMs);

  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(spec.wakeAfterMs ?? 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await spec.drain?.();
    },
  };
}
