/**
 * Every answer a route door gives (lib/http/door.ts `markDoor`), counted and timed in this process
 * for /api/metrics (docs/DESIGN.md §6.6): by door, route (its file-system pattern, so an id never
 * becomes a label), method and status class, into the process's registry (./prometheus.ts). Time is
 * until the answer's head: an event stream's life is not its latency. Per process, as Prometheus
 * expects of counters: it adds up the instances.
 */
import { prometheus } from "./prometheus";

export interface Answered {
  door: string;
  route: string;
  method: string;
  status: number;
  seconds: number;
}

export function recordAnswer({ door, route, method, status, seconds }: Answered): void {
  const labels = { door, route, method, status: `${Math.floor(status / 100)}xx` };
  const p = prometheus();
  p.httpRequests.inc(labels);
  p.httpDuration.observe(labels, seconds);
}

/** A server action's run (lib/auth/action.ts), counted and timed by its audit name and outcome. */
export function recordAction(action: string, outcome: "ok" | "refused" | "failed" | "redirected", seconds: number): void {
  const p = prometheus();
  p.actions.inc({ action, outcome });
  p.actionDuration.observe({ action, outcome }, seconds);
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
