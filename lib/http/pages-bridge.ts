import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The routes served by the Pages Router (pages/api/…), answered by a door built on the App Router
 * side. Why: Next's App Router route handler costs ~2 ms of CPU per request before our code runs,
 * its Pages API route ~0.8 ms (a 4,000-request measurement in docs/DESIGN.md §8), and the provider's
 * webhooks come in bursts of hundreds a second on two cores. The Pages Router refuses every module
 * that imports "server-only", and the doors, the database and the secrets all do; so the door's
 * handler is registered when PayDesk starts (lib/http/pages-routes.ts, from lib/start-up.ts) and
 * handed over through the process, as the checkout's loader is (lib/checkout/page-bridge.ts).
 * This module imports only types: the Pages Router bundles it as it is.
 *
 * The handler sees a web Request as a route handler does. Its body streams from the socket, and a
 * handler that answers without reading it (a refusal before the body: the webhook door checks the
 * secret first) cancels it: the rest is read and dropped, so the answer still reaches the sender
 * on its connection instead of a reset.
 */
export type WebHandler = (request: Request) => Promise<Response>;
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Route {
  handler: WebHandler;
  methods: readonly string[];
}

const holder = globalThis as typeof globalThis & { __paydeskPagesRoutes?: Map<string, Route> };
const routes = () => (holder.__paydeskPagesRoutes ??= new Map());
const served = new WeakMap<object, string>();

/** Registers the door's handler for the Pages API route at `path` (at start-up). */
export function providePagesRoute(path: string, handler: WebHandler, methods: readonly string[]): void {
  routes().set(path, { handler, methods });
}

/** What start-up registered for `path`, or undefined. */
export function pagesRouteAt(path: string): Route | undefined {
  return routes().get(path);
}

/** The Pages API route at `path` (a pages/api file's default export) that `pagesRouteHandler` built, or null. */
export function pagesRoutePathOf(value: unknown): string | null {
  return typeof value === "function" ? (served.get(value) ?? null) : null;
}

/**
 * The default export of the pages/api file for `path`: hands each request to the handler start-up
 * registered. Unregistered (start-up has not run or failed), it answers 503 with Retry-After, in
 * words: a provider retries, and nothing is lost.
 */
export function pagesRouteHandler(path: string): NodeHandler {
  const handle: NodeHandler = async (req, res) => {
    const route = pagesRouteAt(path);
    if (!route) {
      req.resume();
      return sendJson(res, 503, { error: "PayDesk is starting; try again shortly." }, { "Retry-After": "5" });
    }
    const method = req.method ?? "GET";
    if (!route.methods.includes(method)) {
      req.resume();
      return sendJson(
        res,
        405,
        { error: `${path} takes ${route.methods.join(", ")}, not ${method}.` },
        { Allow: route.methods.join(", ") },
      );
    }
    const body = method === "GET" || method === "HEAD" ? null : streamedBody(req);
    try {
      await sendWebResponse(res, await route.handler(toWebRequest(req, body?.stream ?? null)));
    } finally {
      // Whatever the handler left unread is read and dropped (as Node does for a plain handler).
      body?.release();
    }
  };
  served.set(handle, path);
  return handle;
}

/** A web Request over a Node request: its headers as they came (Next has added X-Forwarded-*), its body streamed. */
export function toWebRequest(req: IncomingMessage, body: ReadableStream<Uint8Array> | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(urlOf(req), { method: req.method ?? "GET", headers, ...(body ? { body, duplex: "half" } : {}) } as RequestInit);
}

function urlOf(req: IncomingMessage): URL {
  const target = req.url ?? "/";
  try {
    return new URL(target, `http://${req.headers.host ?? "localhost"}`);
  } catch {
    // A Host header that is no host: the path is what the door reads.
    return new URL(target, "http://localhost");
  }
}

/** The request's body as a web stream, read as the handler pulls; `release` drops whatever it left unread. */
function streamedBody(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; release(): void } {
  let onData: ((chunk: Buffer) => void) | null = null;
  const release = () => {
    if (onData) req.off("data", onData);
    onData = null;
    // Read to the end and dropped: destroying the request would reset the connection the answer goes on.
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      };
      req.on("data", onData);
      req.once("end", () => {
        if (onData) controller.close();
      });
      req.once("error", (error) => {
        if (onData) controller.error(error);
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel: release,
  });
  return { stream, release };
}

/** Writes a web Response to a Node response: status, every header (each Set-Cookie), the body. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) res.setHeader("content-length", body.byteLength);
  res.end(body ?? undefined);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-length", Buffer.byteLength(text));
  res.end(text);
}
