import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook receiver for the tests: a real HTTP server on loopback whose answer the test chooses —
 * a status, a redirect, no answer at all (a timeout), an answer held until the test lets it go, or
 * failing N times before it succeeds — and
 * which keeps every request it got, headers and body as sent.
 */
export type Behaviour =
  | { kind: "status"; status: number; body?: string }
  | { kind: "redirect"; to: string }
  | { kind: "hang" }
  | { kind: "fail-then-succeed"; failures: number }
  | { kind: "delay"; ms: number; status?: number }
  /** Holds every request open until `until` settles, then answers: "in flight" without a clock. */
  | { kind: "held"; until: Promise<void>; status?: number };

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The most requests it held open at once since `behave` was last called. */
  maxConcurrent(): number;
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let behaviour: Behaviour = { kind: "status", status: 200 };
  const received: Received[] = [];
  let open = 0;
  let most = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    open += 1;
    most = Math.max(most, open);
    response.on("close", () => (open -= 1));
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      // Close after answering, so no kept-alive socket outlives the test.
      response.setHeader("connection", "close");
      switch (behaviour.kind) {
        case "status":
          response.writeHead(behaviour.status).end(behaviour.body ?? "");
          return;
        case "redirect":
          response.writeHead(302, { location: behaviour.to }).end();
          return;
        case "hang":
          return; // never answers
        case "delay": {
          const status = behaviour.status ?? 200;
          setTimeout(() => response.writeHead(status).end(), behaviour.ms);
          return;
        }
        case "held": {
          const status = behaviour.status ?? 200;
          void behaviour.until.then(() => response.writeHead(status).end());
          return;
        }
        case "fail-then-succeed": {
          const failing = received.length <= behaviour.failures;
          response.writeHead(failing ? 500 : 204).end();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    maxConcurrent: () => most,
    behave: (next) => {
      behaviour = next;
      most = open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
