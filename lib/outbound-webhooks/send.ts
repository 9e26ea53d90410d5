import http from "node:http";
import https from "node:https";
import net from "node:net";
import { ForbiddenAddressError, guardedLookup, isPublicAddress } from "./address-guard";

/**
 * One delivery attempt of an outbound webhook: a POST of the signed JSON to the endpoint, and what
 * became of it, as the delivery log keeps it. Success is a 2xx within the time limit; anything else
 * — a timeout, a refused connection, a redirect (never followed: the endpoint is the URL the admin
 * saved), a 4xx or 5xx — is a failure to retry. Only the first KB of the answer is read and kept.
 */
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const ANSWER_PREVIEW_BYTES = 1024;

export interface Attempt {
  ok: boolean;
  /** The HTTP status, or null when no answer came (timeout, connection refused, forbidden address). */
  status: number | null;
  latencyMs: number;
  /** The first KB of the answer's body, as text. */
  answer: string | null;
  /** Why it failed without an HTTP answer. */
  error: "timeout" | "forbidden_address" | "connection" | "secret_unreadable" | "lease_lost" | null;
  errorDetail: string | null;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Loopback and private addresses allowed (demo mode and tests); never in production. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

export function sendAttempt(options: SendOptions): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  const failed = (error: Attempt["error"], detail: string): Attempt => ({
    ok: false,
    status: null,
    latencyMs: elapsed(),
    answer: null,
    error,
    errorDetail: detail,
  });
  // A literal address is connected to without a lookup: it is judged here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !options.allowPrivate && !isPublicAddress(literal)) {
    return Promise.resolve(failed("forbidden_address", new ForbiddenAddressError(literal).message));
  }
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const finish = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "PayDesk-Webhooks/1",
          "content-length": Buffer.byteLength(options.body),
          ...options.headers,
        },
        lookup: guardedLookup(options.allowPrivate) as never,
        // A fresh connection per attempt: no socket left open to an endpoint between attempts.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on("data", (chunk: Buffer) => {
          if (length < ANSWER_PREVIEW_BYTES) chunks.push(chunk);
          length += chunk.length;
          if (length >= ANSWER_PREVIEW_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          finish({
            ok: status >= 200 && status < 300,
            status,
            latencyMs: elapsed(),
            answer: Buffer.concat(chunks).subarray(0, ANSWER_PREVIEW_BYTES).toString("utf8"),
            error: null,
            errorDetail: null,
          });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(failed("timeout", `no answer within ${options.timeoutMs ?? ATTEMPT_TIMEOUT_MS} ms`));
    }, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    request.on("error", (error) => {
      finish(error instanceof ForbiddenAddressError ? failed("forbidden_address", error.message) : failed("connection", error.message));
    });
    request.end(options.body);
  });
}
