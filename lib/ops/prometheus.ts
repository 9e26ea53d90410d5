import { collectDefaultMetrics, Counter, Gauge as PromGauge, Histogram, Registry } from "prom-client";
import type { Gauge } from "./metrics";

/**
 * The process's Prometheus registry (`prom-client`), which /api/metrics renders (docs/DESIGN.md
 * §6.6): Node's and the process's standard figures (`process_cpu_seconds_total`,
 * `nodejs_eventloop_lag_seconds`, heap, handles, GC…), every door's answers and every server
 * action counted and timed as they happen, and, at each scrape, PayDesk's own figures read then
 * (lib/ops/metrics.ts: the money's state, the queues, the process's streams and loops). Kept on
 * the process (globalThis), so a module loaded twice (Next's bundles) counts into one registry.
 */

/** Upper bounds (seconds) of the latency histograms' buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: "paydesk_http_requests_total",
      help: "Answers this process's routes gave, by door, route pattern, method and status class.",
      labelNames: ["door", "route", "method", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "paydesk_http_request_duration_seconds",
      help: "Seconds until the answer's head, by door, route pattern, method and status class.",
      labelNames: ["door", "route", "method", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    actions: new Counter({
      name: "paydesk_actions_total",
      help: "Server actions this process ran, by action (its audit name) and outcome: ok, refused (a worded refusal), failed (answered with a reference), redirected.",
      labelNames: ["action", "outcome"] as const,
      registers: [registry],
    }),
    actionDuration: new Histogram({
      name: "paydesk_action_duration_seconds",
      help: "Seconds a server action took, by action and outcome.",
      labelNames: ["action", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    /** PayDesk's own figures, made at the first scrape that has them. */
    figures: new Map<string, Counter | PromGauge>(),
    /** Scrapes one after the other: each resets and sets the figures it renders. */
    scraping: Promise.resolve() as Promise<unknown>,
  };
}

const holder = globalThis as typeof globalThis & { __paydeskPrometheus?: ReturnType<typeof create> };

export function prometheus(): ReturnType<typeof create> {
  holder.__paydeskPrometheus ??= create();
  return holder.__paydeskPrometheus;
}

/** The figures read at this scrape, put into the registry, and the registry in Prometheus's text format. */
export async function render(gauges: Gauge[]): Promise<string> {
  const p = prometheus();
  const run = p.scraping.then(async () => {
    // A figure this scrape does not have (the database is away) is left out, not left at its last value.
    const named = new Set(gauges.map((g) => g.name));
    for (const name of p.figures.keys())
      if (!named.has(name)) {
        p.registry.removeSingleMetric(name);
        p.figures.delete(name);
      }
    for (const gauge of gauges) {
      const labelNames = [...new Set(gauge.samples.flatMap((s) => Object.keys(s.labels ?? {})))];
      let metric = p.figures.get(gauge.name);
      if (!metric) {
        const config = { name: gauge.name, help: gauge.help, labelNames, registers: [p.registry] };
        metric = gauge.type === "counter" ? new Counter(config) : new PromGauge(config);
        p.figures.set(gauge.name, metric);
      }
      metric.reset();
      for (const { labels = {}, value } of gauge.samples) {
        const v = Number.isFinite(value) ? value : 0;
        if (metric instanceof Counter) metric.inc(labels, Math.max(0, v));
        else metric.set(labels, v);
      }
    }
    return p.registry.metrics();
  });
  p.scraping = run.catch(() => undefined);
  return run;
}
