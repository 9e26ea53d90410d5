import "server-only";
import { HTTPFetchError, messagingApi } from "@line/bot-sdk";
import { env } from "../env";

/**
 * LINE's Messaging API through its own SDK (`@line/bot-sdk` 11.0.0, the last on Node 20:
 * docs/line-facts.md), at LINE's address or, in demo mode, the sandbox's LINE stand-in. The SDK
 * sets no timeout and retries nothing; both are PayDesk's: a call gets `LINE_TIMEOUT_MS`, and what
 * went wrong comes back as a fact, never thrown.
 */
export const LINE_TIMEOUT_MS = 10_000;

export type LineFailure =
  /** LINE refused the call as asked (4xx but 409 and 429): a bad token, a bad request; no use repeating it. */
  | { kind: "refused"; status: number; message: string }
  /** Try again later: 429 (too many, or the month's messages used up), 5xx, a timeout, no connection. */
  | { kind: "unavailable"; status: number | null; message: string }
  /** 409 to a push with a retry key: LINE had already accepted it (docs/line-facts.md). */
  | { kind: "already_accepted"; acceptedRequestId: string | null };

export type LineResult<T> = { ok: true; value: T; requestId: string | null } | { ok: false; failure: LineFailure };

export function lineApi(accessToken: string, baseUrl = env().lineApiBaseUrl): messagingApi.MessagingApiClient {
  return new messagingApi.MessagingApiClient({ channelAccessToken: accessToken, baseURL: baseUrl });
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** Runs one SDK call within LINE_TIMEOUT_MS, as a result. */
export async function callLine<T>(
  call: () => Promise<{ httpResponse: Response; body: T }>,
  timeoutMs = LINE_TIMEOUT_MS,
): Promise<LineResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const answer = await Promise.race([call(), timeout]);
    if (answer === "timeout")
      return { ok: false, failure: { kind: "unavailable", status: null, message: `no answer within ${timeoutMs} ms` } };
    return { ok: true, value: answer.body, requestId: answer.httpResponse.headers.get("x-line-request-id") };
  } catch (error) {
    if (error instanceof HTTPFetchError) {
      if (error.status === 409)
        return { ok: false, failure: { kind: "already_accepted", acceptedRequestId: error.headers.get("x-line-accepted-request-id") } };
      const message = messageOf(error.body);
      if (error.status === 429 || error.status >= 500)
        return { ok: false, failure: { kind: "unavailable", status: error.status, message } };
      return { ok: false, failure: { kind: "refused", status: error.status, message } };
    }
    return { ok: false, failure: { kind: "unavailable", status: null, message: error instanceof Error ? error.message : String(error) } };
  } finally {
    clearTimeout(timer);
  }
}
