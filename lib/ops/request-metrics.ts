/**
 * Every answer a route door gives (lib/http/door.ts `markDoor`), counted and timed in this process
 * for /api/metrics (docs/DESIGN.md §6.6): by door, route (its file-system pattern, so an id never
 * becomes a label), method and status class. Time is until the answer's head: an event stream's
 * life is not its latency. Per process, as Prometheus expects of counters: it adds up the instances.
 */
import type { Gauge } from "./metrics";

/** Upper bounds (seconds) of the latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  labels: Record<string, string>;
  count: number;
  sum: number;
  /** Not cumulative: one count per bucket, the last for answers slower than every bound. */
  buckets: number[];
}

const holder = globalThis as typeof globalThis & { __paydeskRequestSeries?: Map<string, Series> };
const series = (holder.__paydeskRequestSeries ??= new Map());

export interface Answered {
  door: string;
  route: string;
  method: string;
  status: number;
  seconds: number;
}

export function recordAnswer({ door, route, method, status, seconds }: Answered): void {
  const labels = { door, route, method, status: `${Math.floor(status / 100)}xx` };
  const key = JSON.stringify(labels);
  let entry = series.get(key);
  if (!entry) series.set(key, (entry = { labels, count: 0, sum: 0, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0) }));
  entry.count += 1;
  entry.sum += seconds;
  const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
  entry.buckets[bucket === -1 ? LATENCY_BUCKETS.length : bucket]! += 1;
}

/**
 * The route's pattern, from the path it was asked at and the dynamic segments Next matched:
 * `/checkout/abc/events` with `{ token: "abc" }` is `/checkout/[token]/events`.
 */
export function routePattern(pathname: string, params: Record<string, string | string[]> | undefined): string {
  const segments = pathname.split("/");
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      const at = segments.findIndex((_, i) => value.every((part, j) => decode(segments[i + j]) === part));
      if (at >= 0 && value.length > 0) segments.splice(at, value.length, `[...${name}]`);
    } else {
      const at = segments.findIndex((segment) => decode(segment) === value);
      if (at >= 0) segments[at] = `[${name}]`;
    }
  }
  return segments.join("/");
}

function decode(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The counter and the histogram, as /api/metrics writes them. */
export function requestMetrics(): Gauge[] {
  const all = [...series.values()];
  return [
    {
      name: "paydesk_http_requests_total",
      type: "counter",
      help: "Answers this process's routes gave, by door, route pattern, method and status class.",
      samples: all.map(({ labels, count }) => ({ labels, value: count })),
    },
    {
      name: "paydesk_http_request_duration_seconds",
      type: "histogram",
      help: "Seconds until the answer's head, by door, route pattern, method and status class.",
      samples: all.flatMap(({ labels, count, sum, buckets }) => {
        let cumulative = 0;
        const bounds = LATENCY_BUCKETS.map((bound, i) => {
          cumulative += buckets[i]!;
          return { suffix: "_bucket", labels: { ...labels, le: String(bound) }, value: cumulative };
        });
        return [
          ...bounds,
          { suffix: "_bucket", labels: { ...labels, le: "+Inf" }, value: count },
          { suffix: "_sum", labels, value: Math.round(sum * 1e6) / 1e6 },
          { suffix: "_count", labels, value: count },
        ];
      }),
    },
  ];
}
