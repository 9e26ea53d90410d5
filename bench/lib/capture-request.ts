/**
 * What a caller puts on the wire, caught by a throw-away local server that answers a canned reply.
 * Benchmarks use it to prove that two ways of making a call send the same HTTP request, so a
 * comparison measures the callers and not a difference in what the server was asked to do.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface CapturedRequest {
  method: string;
  path: string;
  /** `name: value`, names lower-cased, sorted: order is not part of HTTP's meaning. */
  headers: string[];
  body: string;
}

export async function captureRequest(
  send: (baseUrl: string) => Promise<unknown>,
  reply: { status: number; json: unknown },
): Promise<CapturedRequest> {
  let captured: CapturedRequest | null = null;
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]!.toLowerCase()}: ${req.rawHeaders[i + 1]}`);
      count += 1;
      captured = { method: req.method ?? "", path: req.url ?? "", headers: headers.sort(), body: Buffer.concat(chunks).toString("utf8") };
      const text = JSON.stringify(reply.json);
      res.writeHead(reply.status, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
        Connection: "close",
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  if (!captured) throw new Error("no request reached the capture server");
  // One call, one request: a second (a retry, a lookup first) would make the comparison about the wrong one.
  if (count > 1) throw new Error(`${count} requests reached the capture server; one was expected`);
  return captured;
}

/** The ways two captured requests differ, as lines a person can read; empty when they are the same. */
export function requestDifferences(a: CapturedRequest, b: CapturedRequest, names: [string, string]): string[] {
  const out: string[] = [];
  if (a.method !== b.method || a.path !== b.path)
    out.push(`request line: ${names[0]} ${a.method} ${a.path}, ${names[1]} ${b.method} ${b.path}`);
  const host = (h: string) => !h.startsWith("host: "); // the capture server's port is all that differs
  for (const h of a.headers.filter(host)) if (!b.headers.includes(h)) out.push(`header only ${names[0]} sends: ${redact(h)}`);
  for (const h of b.headers.filter(host)) if (!a.headers.includes(h)) out.push(`header only ${names[1]} sends: ${redact(h)}`);
  if (a.body !== b.body) out.push(`body: ${names[0]} ${a.body}, ${names[1]} ${b.body}`);
  return out;
}

function redact(header: string): string {
  return header.startsWith("authorization: ") ? "authorization: (hidden)" : header;
}
