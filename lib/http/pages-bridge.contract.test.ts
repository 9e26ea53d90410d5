import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagesRouteHandler, pagesRoutePathOf, providePagesRoute } from "./pages-bridge";

/** A Node server like the Pages Router's: each request to the bridge for `path`. */
let server: http.Server;
let port: number;
beforeAll(async () => {
  const routes = new Map(["/t/echo", "/t/refuse", "/t/cancel", "/t/cookies", "/t/unregistered"].map((p) => [p, pagesRouteHandler(p)]));
  server = http.createServer((req, res) => void routes.get(new URL(req.url!, "http://x").pathname)!(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request (no fetch: it would not send a Host header we choose), its body written in `chunks`. */
function send(path: string, options: { method?: string; chunks?: Buffer[]; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, path, method: options.method ?? "POST", headers: options.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() }));
    });
    req.on("error", reject);
    const chunks = options.chunks ?? [];
    let i = 0;
    const next = () => {
      if (i === chunks.length) return void req.end();
      // Written in turn, so a large body is still arriving while the handler answers.
      if (req.write(chunks[i++]!)) setImmediate(next);
      else req.once("drain", next);
    };
    next();
  });
}

describe("a Pages API route answered by a door's web handler (lib/http/pages-bridge.ts)", () => {
  beforeAll(() => {
    providePagesRoute(
      "/t/echo",
      async (request) => {
        const bytes = (await request.arrayBuffer()).byteLength;
        const url = new URL(request.url);
        return Response.json(
          { bytes, method: request.method, path: url.pathname, query: url.search, secret: request.headers.get("x-secret") },
          { status: 201, headers: { "X-Request-Id": "rq_1", "Cache-Control": "no-store" } },
        );
      },
      ["POST", "PUT"],
    );
    providePagesRoute("/t/refuse", async () => Response.json({ error: "no secret" }, { status: 401 }), ["POST"]);
    providePagesRoute(
      "/t/cancel",
      async (request) => {
        await request.body?.cancel();
        return Response.json({ error: "busy" }, { status: 503, headers: { "Retry-After": "1" } });
      },
      ["POST"],
    );
    providePagesRoute(
      "/t/cookies",
      async () => {
        const headers = new Headers();
        headers.append("Set-Cookie", "a=1; Path=/");
        headers.append("Set-Cookie", "b=2; Path=/");
        return new Response(null, { status: 204, headers });
      },
      ["POST"],
    );
  });

  it("hands over the method, path, query, headers and the whole body, streamed, and sends back status, headers and body", async () => {
    const chunks = Array.from({ length: 80 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const answer = await send("/t/echo?a=1", { method: "PUT", chunks, headers: { "x-secret": "s3" } });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ bytes: 80 * 64 * 1024, method: "PUT", path: "/t/echo", query: "?a=1", secret: "s3" });
    expect(answer.headers["x-request-id"]).toBe("rq_1");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
  });

  it("answers a refusal that never reads the body on the sender's connection, while the body is still coming (no reset)", async () => {
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 1));
    const refused = await send("/t/refuse", { chunks });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ error: "no secret" });
    const cancelled = await send("/t/cancel", { chunks });
    expect(cancelled.status).toBe(503);
    expect(cancelled.headers["retry-after"]).toBe("1");
  });

  it("sends each Set-Cookie apart", async () => {
    const answer = await send("/t/cookies");
    expect(answer.status).toBe(204);
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("answers a method the route does not take 405 with Allow, in words", async () => {
    const answer = await send("/t/refuse", { method: "GET" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("POST");
    expect(JSON.parse(answer.body).error).toMatch(/takes POST, not GET/);
  });

  it("answers 503 with Retry-After, in words, when start-up has registered no handler (a provider retries; nothing is lost)", async () => {
    const answer = await send("/t/unregistered", { chunks: [Buffer.from("{}")] });
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(JSON.parse(answer.body).error).toMatch(/starting/);
  });

  it("reads the path even behind a Host header that is no host", async () => {
    const answer = await send("/t/echo", { chunks: [Buffer.from("x")], headers: { host: "[not a host" } });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ bytes: 1, path: "/t/echo" });
  });

  it("marks each bridge with its path, for the routes registry", () => {
    expect(pagesRoutePathOf(pagesRouteHandler("/api/x"))).toBe("/api/x");
    expect(pagesRoutePathOf(async () => undefined)).toBeNull();
  });
});
