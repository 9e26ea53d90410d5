/**
 * Reading the provider's answers: what an HTTP outcome means for a call (`interpret`), the envelope
 * every answer but a list wears, and one parser per kind of payload. Nothing here sends anything;
 * ./client.ts calls and hands each answer here.
 */
import { z } from "zod";
import { camelKeys } from "./normalize";
import type { WireOutcome } from "./transport";
import type { WireDetail } from "./failure";
import { failures, type CallContext, type ProviderResult } from "./result";
import {
  duplicateSchema,
  envelopeSchema,
  payInResponseSchema,
  payOutResponseSchema,
  paymentRecordSchema,
  walletSchema,
  walletTxSchema,
  type PayOutResponse,
} from "./schemas";

/** Reads a call's JSON answer into its result. */
export type Parse<T> = (json: unknown) => ProviderResult<T>;

export function interpret<T>(outcome: WireOutcome, c: CallContext, parse: Parse<T>): ProviderResult<T> {
  if (outcome.kind === "timeout") return { ok: false, ...failures.timeout(c) };
  if (outcome.kind === "network") return { ok: false, ...failures.network(c, outcome.detail) };
  const { status, contentType, text } = outcome;
  if (status === 401) return { ok: false, ...failures.authFailed(c, 401) };
  if (status === 403) return { ok: false, ...failures.forbidden(c) };
  if (status === 429) return { ok: false, ...failures.rateLimited() };
  // Every failed pay-in submit of the v0.2.54 provider is an empty 500 (§3.1).
  if (status >= 500)
    return { ok: false, ...failures.providerError(c, status, { what: text.trim() === "" ? "empty_answer" : "http_status", status }) };
  // The live auth handler writes plain text before its challenge, so the 401 may arrive as 200 text (§1.4).
  if (/^text\/plain/i.test(contentType) && status < 300) return { ok: false, ...failures.authFailed(c, status) };
  // The live provider has no SubmitWithdrawalRequest and answers a bare 404 (§4.4): nothing was created.
  if (status === 404)
    return {
      ok: false,
      ...failures.rejected("HTTP_404", "The provider has no such endpoint (the live provider has no Withdrawal endpoint)."),
    };
  let json: unknown;
  try {
    json = camelKeys(JSON.parse(text));
  } catch {
    if (status >= 400) return { ok: false, ...failures.rejected(`HTTP_${status}`, null) };
    return { ok: false, ...failures.providerError(c, status, { what: "not_json", status }) };
  }
  if (status >= 400) {
    // ASP.NET's ProblemDetails for a body it could not bind: nothing was created.
    const title = (json as { title?: unknown } | null)?.title;
    return { ok: false, ...failures.rejected(`HTTP_${status}`, typeof title === "string" ? title : null) };
  }
  if (status !== 200) return { ok: false, ...failures.providerError(c, status, { what: "unexpected_status", status }) };
  const parsed = parse(json);
  if (!parsed.ok && parsed.kind === "provider_error") return { ok: false, ...failures.providerError(c, status, parsed.detail) };
  return parsed;
}

/** An answer the parser could not read; `interpret` words it again with the call's context (a submit's request may exist). */
function unreadable(detail: WireDetail): ProviderResult<never> {
  return { ok: false, kind: "provider_error", httpStatus: 200, mayExist: false, detail };
}

/** The envelope's status and description; `answer` is the whole (camelCased) answer, to read the payload from. */
function readEnvelope(
  json: unknown,
): { ok: true; answer: Record<string, unknown>; description: string | null } | { ok: false; result: ProviderResult<never> } {
  const envelope = envelopeParser.safeParse(json);
  if (!envelope.success) return { ok: false, result: unreadable({ what: "no_status" }) };
  if (envelope.data.status.toUpperCase() !== "OK")
    return { ok: false, result: { ok: false, ...failures.rejected(envelope.data.status, envelope.data.description) } };
  return { ok: true, answer: json as Record<string, unknown>, description: envelope.data.description };
}

function payloadOf<S extends z.ZodType>(key: string, schema: S): Parse<z.output<S>> {
  return (json) => {
    const read = readEnvelope(json);
    if (!read.ok) return read.result;
    const payload = schema.safeParse(read.answer[key]);
    if (!payload.success) return unreadable({ what: "unreadable_part", part: key, issue: payload.error.issues[0]?.message ?? "invalid" });
    return { ok: true, data: payload.data };
  };
}

/** The spec's `paymentResponse`, or the live provider's `paymentRequest` entity (§4.3). */
export const payOutPayload: Parse<PayOutResponse> = (json) => {
  const read = readEnvelope(json);
  if (!read.ok) return read.result;
  const payload = read.answer.paymentResponse ?? read.answer.paymentRequest;
  const parsed = payOutParser.safeParse(payload);
  if (!parsed.success) return unreadable({ what: "unreadable_payout" });
  return { ok: true, data: parsed.data };
};

export const envelopeOnly: Parse<{ description: string | null }> = (json) => {
  const read = readEnvelope(json);
  if (!read.ok) return read.result;
  return { ok: true, data: { description: read.description } };
};

/** List endpoints answer a bare array, not an envelope (§4.5). */
function bareArray<S extends z.ZodType<unknown[]>>(schema: S): Parse<z.output<S>> {
  return (json) => {
    if (!Array.isArray(json)) {
      const read = readEnvelope(json);
      if (!read.ok) return read.result;
      return unreadable({ what: "not_a_list" });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return unreadable({ what: "unreadable_list" });
    return { ok: true, data: parsed.data };
  };
}

/**
 * The schemas on every call's path, compiled by zod into straight-line code (z.compile). The same
 * answers: whatever the fast path would not accept is handed to zod's runtime parser, which gives
 * its usual issues. A call runs them once, right after the socket woke the process, when the
 * layered runtime parser's code is out of the CPU's caches: compiled, a submit's parsing costs a
 * fraction of it (bench/client-overhead).
 */
const envelopeParser = z.compile(envelopeSchema);
const payOutParser = z.compile(payOutResponseSchema);
export const parsePayIn = payloadOf("paymentResponse", z.compile(payInResponseSchema));
export const parseRecord = payloadOf("paymentRequest", z.compile(paymentRecordSchema));
export const parseRecords = bareArray(z.compile(z.array(paymentRecordSchema)));
export const parseDuplicates = payloadOf("duplicates", z.compile(z.array(duplicateSchema)));
export const parseWallet = payloadOf("wallet", walletSchema);
export const parseWalletTxs = bareArray(z.array(walletTxSchema));
