/**
 * One HTTP exchange with the provider, with a timeout that covers the whole answer. It reports what
 * happened on the wire and nothing else; the client decides what that means.
 *
 * Sent with node:http(s) on kept-alive connections, unless the caller hands in a `fetch` (tests
 * that count calls do). `fetch` (undici) cost about 1 ms of CPU per call in a CPU profile of a
 * webhook burst, where every webhook is confirmed by a read (docs/DESIGN.md §8); node:http about
 * a third of that. What both report is the same: the status, content type and text of a complete
 * answer, or a timeout, or the network failure in words.
 */
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { inSpan, SpanKind } from "../ops/tracing";
import type { WireDetail } from "./failure";

export interface WireRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export type WireOutcome =
  { kind: "response"; status: number; contentType: string; text: string } | { kind: "timeout" } | { kind: "network"; detail: WireDetail };

export async function exchange(request: WireRequest, fetchImpl?: typeof fetch): Promise<WireOutcome> {
  // A span per call (lib/ops/tracing.ts): the method and path, never the headers (keys) or bodies.
  return inSpan(
    `provider ${request.method}`,
    { "http.request.method": request.method, "url.path": pathOf(request.url) },
    async (span) => {
      const outcome = await (fetchImpl ? exchangeByFetch(request, fetchImpl) : exchangeByNode(request));
      span?.setAttribute("paydesk.provider.outcome", outcome.kind === "response" ? String(outcome.status) : outcome.kind);
      return outcome;
    },
    SpanKind.CLIENT,
  );
}

function pathOf(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : "";
}

/**
 * Idle connections are closed after 4 s, before a server's own keep-alive timeout would (most are
 * 5 s or more): a request written on a connection the server is closing fails with a reset, and
 * a reset submit is an answer lost (the request is re-checked, never re-sent, but staff see it).
 */
const IDLE_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

async function exchangeByNode(request: WireRequest): Promise<WireOutcome> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: "network", detail: { what: "host_unknown" } };
  }
  const transport = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!transport) return { kind: "network", detail: { what: "network", code: `protocol ${url.protocol}` } };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, "utf8");
  const headers: Record<string, string | number> = { ...request.headers };
  if (body) headers["Content-Length"] = body.byteLength;
  return new Promise<WireOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: WireOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const sent = transport.request(
      url,
      { method: request.method, headers, agent: agents[url.protocol as "http:" | "https:"] },
      (answer) => {
        const chunks: Buffer[] = [];
        const decoded = decode(answer);
        decoded.on("data", (chunk: Buffer) => chunks.push(chunk));
        decoded.once("end", () =>
          settle({
            kind: "response",
            status: answer.statusCode ?? 0,
            contentType: String(answer.headers["content-type"] ?? ""),
            text: textOf(Buffer.concat(chunks)),
          }),
        );
        decoded.once("error", (error) => settle({ kind: "network", detail: networkDetail(error) }));
        // Closed before the answer was complete: the connection broke mid-answer.
        answer.once("error", (error) => settle({ kind: "network", detail: networkDetail(error) }));
        answer.once("close", () => {
          if (!answer.complete) settle({ kind: "network", detail: { what: "connection_reset" } });
        });
      },
    );
    // The whole answer within the timeout, as with fetch: a server that sends headers and then stalls is a timeout too.
    const timer = setTimeout(() => {
      settle({ kind: "timeout" });
      sent.destroy();
    }, request.timeoutMs);
    sent.once("error", (error) => settle({ kind: "network", detail: networkDetail(error) }));
    sent.end(body);
  });
}

/** A compressed answer decompressed (we ask for none, but a server may send one anyway). */
function decode(answer: http.IncomingMessage): NodeJS.ReadableStream {
  switch (String(answer.headers["content-encoding"] ?? "").toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return answer.pipe(zlib.createGunzip());
    case "deflate":
      return answer.pipe(zlib.createInflate());
    case "br":
      return answer.pipe(zlib.createBrotliDecompress());
    default:
      return answer;
  }
}

/** As fetch's text(): UTF-8, a byte-order mark dropped, invalid bytes as U+FFFD. */
function textOf(bytes: Buffer): string {
  return new TextDecoder("utf-8").decode(bytes);
}

async function exchangeByFetch(request: WireRequest, fetchImpl: typeof fetch): Promise<WireOutcome> {
  // A timer cleared as soon as the answer is read: AbortSignal.timeout would leave one alive for the
  // whole timeout after every call, thousands of them under load.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      cache: "no-store",
      redirect: "manual",
    });
    const text = await response.text();
    return { kind: "response", status: response.status, contentType: response.headers.get("content-type") ?? "", text };
  } catch (error) {
    if (controller.signal.aborted) return { kind: "timeout" };
    return { kind: "network", detail: networkDetail(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** "the connection was reset", "the connection was refused", … from undici's error causes; never a header or URL with secrets. */
function networkDetail(error: unknown): WireDetail {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: string } | null)?.code;
  switch (code) {
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return { what: "connection_reset" };
    case "ECONNREFUSED":
      return { what: "connection_refused" };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { what: "host_unknown" };
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return { what: "stalled" };
    default:
      return { what: "network", code: code ?? null };
  }
}
