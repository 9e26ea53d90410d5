/**
 * Every outcome of a provider call as one typed result the UI can explain. Messages are written
 * for merchant staff, and never contain a key: the Authorization header is built in the transport
 * and nothing here sees it.
 *
 * Each failure carries its facts beside its English `message` (lib/payment-api/failure-words.ts),
 * so the console can word it again in the viewer's language with `describeFailure`.
 */
import { describeFailure, type FailureFacts } from "./failure-words";

export type ProviderFailure =
  /** The provider answered and said no (envelope status other than OK). */
  | { kind: "rejected"; code: string; description: string | null; message: string }
  | { kind: "auth_failed"; httpStatus: number; orgId: string; merchantLabel: string; message: string }
  | { kind: "forbidden"; missing: "role"; operation: string; message: string }
  | { kind: "forbidden"; missing: "read_key"; merchantLabel: string; message: string }
  | { kind: "rate_limited"; message: string }
  /** No slot of the provider's budget could be had within the lane's wait (`waitMs`: what the call would have waited in all): nothing was sent. */
  | { kind: "busy"; waitMs: number; message: string }
  /** 5xx, empty or non-JSON answer, or JSON PayDesk cannot read. For submits the request may exist. */
  | { kind: "provider_error"; httpStatus: number | null; detail: string; message: string; mayExist: boolean }
  | { kind: "timeout"; timeoutMs: number; message: string; mayExist: boolean }
  | { kind: "network"; host: string; detail: string; message: string; mayExist: boolean };

export type ProviderResult<T> = { ok: true; data: T } | ({ ok: false } & ProviderFailure);

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

/** The facts, and the English sentence for logs and the timeline. */
const worded = <F extends FailureFacts>(facts: F): F & { message: string } => ({ ...facts, message: describeFailure(facts, "en") });

export const failures = {
  rejected(code: string, description: string | null): ProviderFailure {
    return worded({ kind: "rejected", code, description });
  },
  authFailed(c: CallContext, httpStatus: number): ProviderFailure {
    return { ...worded({ kind: "auth_failed", orgId: c.orgId, merchantLabel: c.merchantLabel }), httpStatus };
  },
  forbidden(c: CallContext): ProviderFailure {
    return worded({ kind: "forbidden", missing: "role", operation: c.operation });
  },
  /** Reads need the merchant's read (VIEWER) key, and PayDesk was given none. */
  noReadKey(merchantLabel: string): ProviderFailure {
    return worded({ kind: "forbidden", missing: "read_key", merchantLabel });
  },
  rateLimited(): ProviderFailure {
    return worded({ kind: "rate_limited" });
  },
  busy(waitMs: number): ProviderFailure {
    return worded({ kind: "busy", waitMs });
  },
  providerError(c: CallContext, httpStatus: number | null, detail: string): ProviderFailure {
    return { ...worded({ kind: "provider_error", detail, mayExist: c.isSubmit }), httpStatus };
  },
  timeout(c: CallContext): ProviderFailure {
    return worded({ kind: "timeout", timeoutMs: c.timeoutMs, mayExist: c.isSubmit });
  },
  network(c: CallContext, detail: string): ProviderFailure {
    let host = c.baseUrl;
    try {
      host = new URL(c.baseUrl).host;
    } catch {
      // keep the base URL as given
    }
    return worded({ kind: "network", host, detail, mayExist: c.isSubmit });
  },
};
