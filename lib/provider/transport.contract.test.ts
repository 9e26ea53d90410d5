import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange } from "./transport";

/** A provider's server that answers each path its own way; counts the connections it was opened. */
let server: http.Server;
let base: string;
let connections = 0;
const received: { method: string; body: string; length: string | undefined }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      received.push({ method: req.method!, body: Buffer.concat(parts).toString("utf8"), length: req.headers["content-length"] });
      switch (req.url) {
        case "/json":
          res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
          return res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name: "ร้านค้า" }))]));
        case "/gzip":
          res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
          return res.end(zlib.gzipSync(JSON.stringify({ status: "paid" })));
        case "/stall-body":
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.write('{"partial":');
        case "/never":
          return;
        case "/cut":
          res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "1000" });
          res.write('{"cut":');
          return setTimeout(() => req.socket.destroy(), 20);
        default:
          res.writeHead(404, { "Content-Type": "text/plain" });
          return res.end("no");
      }
    });
  });
  server.on("connection", (socket: Socket) => {
    connections += 1;
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, timeoutMs = 2_000) =>
  exchange({ method: "GET", url: `${base}${path}`, headers: { Accept: "application/json" }, timeoutMs });

describe("one exchange with the provider over node:http (lib/provider/transport.ts)", () => {
  it("reads a whole answer: status, content type, and its text as UTF-8 with the byte-order mark dropped", async () => {
    expect(await get("/json")).toEqual({
      kind: "response",
      status: 200,
      contentType: "application/json; charset=utf-8",
      text: '{"name":"ร้านค้า"}',
    });
    expect(await get("/elsewhere")).toEqual({ kind: "response", status: 404, contentType: "text/plain", text: "no" });
  });

  it("sends a POST's body with its length", async () => {
    const body = JSON.stringify({ amount: "100.47", note: "ค่าสินค้า" });
    const outcome = await exchange({
      method: "POST",
      url: `${base}/json`,
      headers: { "Content-Type": "application/json" },
      body,
      timeoutMs: 2_000,
    });
    expect(outcome.kind).toBe("response");
    expect(received.at(-1)).toEqual({ method: "POST", body, length: String(Buffer.byteLength(body)) });
  });

  it("decompresses an answer a server compressed unasked", async () => {
    expect(await get("/gzip")).toMatchObject({ kind: "response", status: 200, text: '{"status":"paid"}' });
  });

  it("keeps the connection for the next call", async () => {
    await get("/json");
    const before = connections;
    for (let i = 0; i < 5; i++) await get("/json");
    expect(connections).toBe(before);
  });

  it("times out on an answer that never comes, and on one whose body stalls after its headers", async () => {
    const started = Date.now();
    expect(await get("/never", 300)).toEqual({ kind: "timeout" });
    expect(await get("/stall-body", 300)).toEqual({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("says the connection was reset when it breaks mid-answer, and refused when nobody listens", async () => {
    expect(await get("/cut")).toEqual({ kind: "network", detail: { what: "connection_reset" } });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await exchange({ method: "GET", url: `http://127.0.0.1:${port}/x`, headers: {}, timeoutMs: 2_000 })).toEqual({
      kind: "network",
      detail: { what: "connection_refused" },
    });
  });
});
