/**
 * How the provider has been answering this instance lately, for the overview: each call's outcome
 * in the last 15 minutes, kept in memory (per process: each instance counts its own calls, which
 * is what "is the provider answering us?" needs, and costs no database write per call). An error
 * is the provider failing to answer as it should — a timeout, a network failure, a 5xx or an
 * unreadable answer, a 429 — not a business refusal (a duplicate RefId1 is an answer).
 */
export const CALL_STATS_WINDOW_MS = 15 * 60_000;
const MAX_KEPT = 10_000;

export type CallOutcome = "ok" | "refused" | "error";

interface Entry {
  at: number;
  outcome: CallOutcome;
}

export interface CallStats {
  calls: number;
  errors: number;
  /** errors ÷ calls; null without calls. */
  errorRate: number | null;
  /** When the last error was, if any in the window. */
  lastErrorAt: Date | null;
}

export function createCallStats(now: () => number = Date.now) {
  const entries: Entry[] = [];
  const prune = (at: number) => {
    const from = at - CALL_STATS_WINDOW_MS;
    let drop = 0;
    while (drop < entries.length && entries[drop]!.at < from) drop += 1;
    if (entries.length - drop > MAX_KEPT) drop = entries.length - MAX_KEPT;
    if (drop > 0) entries.splice(0, drop);
  };
  return {
    record(outcome: CallOutcome): void {
      const at = now();
      entries.push({ at, outcome });
      if (entries.length > MAX_KEPT || entries[0]!.at < at - CALL_STATS_WINDOW_MS) prune(at);
    },
    read(): CallStats {
      prune(now());
      const errors = entries.filter((e) => e.outcome === "error");
      return {
        calls: entries.length,
        errors: errors.length,
        errorRate: entries.length === 0 ? null : errors.length / entries.length,
        lastErrorAt: errors.length === 0 ? null : new Date(errors.at(-1)!.at),
      };
    },
  };
}

/** The process's own. */
export const providerCallStats = createCallStats();

/** A call's result as the overview counts it. */
export function outcomeOf(result: { ok: boolean; kind?: string }): CallOutcome {
  if (result.ok) return "ok";
  return ["timeout", "network", "provider_error", "rate_limited"].includes(result.kind ?? "") ? "error" : "refused";
}
