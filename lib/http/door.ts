import "server-only";
import { randomBytes } from "node:crypto";
import { log } from "../ops/log";
import { recordAnswer, routePattern } from "../ops/request-metrics";
import { inSpan, tracingOn } from "../ops/tracing";

/**
 * What every route handler door shares (lib/auth/route.ts for staff, lib/http/public-route.ts for
 * the public routes and the webhooks, lib/merchant-api/http/route.ts for the merchant API): a request id on every answer, a failure answered 500 with
 * that id as the reference and none of its text, and a mark saying which door built the handler,
 * which lib/auth/routes-registry.db.test.ts reads to fail on a route.ts that bypasses them.
 */
export type DoorKind = "staff" | "public" | "webhook" | "api";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What Next hands a route handler beside the request: the dynamic segments of its path. */
export interface RouteSegment<P extends Record<string, string | string[]>> {
  params: Promise<P>;
}

const doors = new WeakMap<object, DoorKind>();

/**
 * Marks `handler` as built by the `kind` door, and counts and times its every answer for
 * /api/metrics (lib/ops/request-metrics.ts); a throw that escapes the door counts as a 500.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each door's handler takes its own request and segment types
export function markDoor<T extends (request: any, segment?: any) => Promise<Response>>(handler: T, kind: DoorKind): T {
  const measured = (async (request: Request, segment?: RouteSegment<Record<string, string | string[]>>) => {
    const started = performance.now();
    let status = 500;
    const answer = async () => {
      const response = await handler(request, segment);
      status = response.status;
      return response;
    };
    try {
      if (!tracingOn()) return await answer();
      // A span per request, named by its route's pattern (lib/ops/tracing.ts).
      const route = routePattern(pathnameOf(request), await Promise.resolve(segment?.params).catch(() => undefined));
      return await inSpan(
        `${request.method} ${route}`,
        { "http.request.method": request.method, "http.route": route, "paydesk.door": kind },
        async (span) => {
          const response = await answer();
          span?.setAttribute("http.response.status_code", response.status);
          return response;
        },
      );
    } finally {
      const seconds = (performance.now() - started) / 1_000;
      void Promise.resolve(segment?.params)
        .catch(() => undefined)
        .then((params) =>
          recordAnswer({ door: kind, route: routePattern(pathnameOf(request), params), method: request.method, status, seconds }),
        );
    }
  }) as T;
  doors.set(measured, kind);
  return measured;
}

/**
 * The door for a Pages Router page's reading (the Pages Router cannot import this module, so the
 * reading is built here and handed over at start-up: lib/checkout/page-bridge.ts). Like every
 * door: a request id for the answer, a failure logged under that id and answered with it as the
 * reference and none of its text, and the answer counted and timed for /api/metrics under `route`
 * (the page's pattern, as Next names it). Marked, so lib/auth/routes-registry.db.test.ts fails on a
 * page under pages/ whose reading bypasses it.
 */
export function definePublicPage<A, R>(
  route: string,
  read: (input: A) => Promise<R>,
): (input: A) => Promise<{ ok: true; data: R; requestId: string } | { ok: false; requestId: string }> {
  const page = async (input: A) => {
    const requestId = newRequestId();
    const started = performance.now();
    let status = 500;
    try {
      const data = await inSpan(`GET ${route}`, { "http.request.method": "GET", "http.route": route, "paydesk.door": "public" }, () =>
        read(input),
      );
      status = 200;
      return { ok: true as const, data, requestId };
    } catch (error) {
      log("route").error("failed", { route, requestId, error });
      return { ok: false as const, requestId };
    } finally {
      recordAnswer({ door: "public", route, method: "GET", status, seconds: (performance.now() - started) / 1_000 });
    }
  };
  doors.set(page, "public");
  return page;
}

/** The door that built `value`, or null for a handler written by hand. */
export function doorOf(value: unknown): DoorKind | null {
  return typeof value === "function" ? (doors.get(value) ?? null) : null;
}

export function newRequestId(): string {
  return `rq_${randomBytes(8).toString("hex")}`;
}

/** Response.redirect() and fetch()'s responses have read-only headers: copy those. */
export function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** Runs `run`, stamping its answer with the request id; a throw is logged and answered 500 by `failed`. */
export async function answerStamped(
  requestId: string,
  where: string,
  run: () => Promise<Response>,
  failed: () => Response,
): Promise<Response> {
  try {
    return withHeader(await run(), REQUEST_ID_HEADER, requestId);
  } catch (error) {
    log("route").error("failed", { route: where, requestId, error });
    return withHeader(failed(), REQUEST_ID_HEADER, requestId);
  }
}

/** The path a request asked for; a plain Request (tests, benches) has no nextUrl. */
export function pathnameOf(request: Request): string {
  return new URL(request.url).pathname;
}
