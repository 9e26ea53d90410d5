/**
 * Every outcome of a provider call as one typed result the UI can explain. A failure is facts
 * (lib/provider/failure.ts), worded only where it is shown, in the reader's language
 * (lib/provider-words/failures.ts `describeFailure`); it never contains a key: the Authorization header is built in the transport
 * and nothing here sees it.
 */
import type { FailureFacts, WireDetail } from "./failure";

/** The facts of a failure, and for some kinds what the wire said beside them (not worded, kept for logs). */
export type ProviderFailure =
  | Exclude<FailureFacts, { kind: "auth_failed" } | { kind: "provider_error" }>
  | (Extract<FailureFacts, { kind: "auth_failed" }> & { httpStatus: number })
  | (Extract<FailureFacts, { kind: "provider_error" }> & { httpStatus: number | null });

export type ProviderResult<T> = { ok: true; data: T } | ({ ok: false } & ProviderFailure);

/** Only the facts of a failure (what is stored and worded), without what the wire said beside them. */
export function factsOf(failure: ProviderFailure): FailureFacts {
  const { httpStatus: _status, ...facts } = failure as ProviderFailure & { httpStatus?: unknown; ok?: unknown };
  delete (facts as { ok?: unknown }).ok;
  return facts as FailureFacts;
}

export interface CallContext {
  operation: string;
  /** How staff know this merchant, for messages ("org demo / Siam Coffee"). */
  merchantLabel: string;
  orgId: string;
  /** A submit may have created the request even when the answer was lost. */
  isSubmit: boolean;
  timeoutMs: number;
  baseUrl: string;
}

export const failures = {
  rejected(code: string, description: string | null): ProviderFailure {
    return { kind: "rejected", code, description };
  },
  authFailed(c: CallContext, httpStatus: number): ProviderFailure {
    return { kind: "auth_failed", orgId: c.orgId, merchantLabel: c.merchantLabel, httpStatus };
  },
  forbidden(c: CallContext): ProviderFailure {
    return { kind: "forbidden", missing: "role", operation: c.operation };
  },
  /** Reads need the merchant's read (VIEWER) key, and PayDesk was given none. */
  noReadKey(merchantLabel: string): ProviderFailure {
    return { kind: "forbidden", missing: "read_key", merchantLabel };
  },
  rateLimited(): ProviderFailure {
    return { kind: "rate_limited" };
  },
  busy(waitMs: number): ProviderFailure {
    return { kind: "busy", waitMs };
  },
  providerError(c: CallContext, httpStatus: number | null, detail: WireDetail): ProviderFailure {
    return { kind: "provider_error", detail, mayExist: c.isSubmit, httpStatus };
  },
  timeout(c: CallContext): ProviderFailure {
    return { kind: "timeout", timeoutMs: c.timeoutMs, mayExist: c.isSubmit };
  },
  network(c: CallContext, detail: WireDetail): ProviderFailure {
    let host = c.baseUrl;
    try {
      host = new URL(c.baseUrl).host;
    } catch {
      // keep the base URL as given
    }
    return { kind: "network", host, detail, mayExist: c.isSubmit };
  },
};
