/**
 * One HTTP exchange with the provider, with a timeout that covers the whole answer. It reports what
 * happened on the wire and nothing else; the client decides what that means.
 */
import type { WireDetail } from "./failure-words";

export interface WireRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export type WireOutcome =
  { kind: "response"; status: number; contentType: string; text: string } | { kind: "timeout" } | { kind: "network"; detail: WireDetail };

export async function exchange(request: WireRequest, fetchImpl: typeof fetch = fetch): Promise<WireOutcome> {
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
