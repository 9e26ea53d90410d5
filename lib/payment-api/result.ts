/**
 * Every outcome of a provider call as one typed result the UI can explain. Messages are written
 * for merchant staff, and never contain a key: the Authorization header is built in the transport
 * and nothing here sees it.
 */
import { describeProviderCode } from "./codes";

export type ProviderFailure =
  /** The provider answered and said no (envelope status other than OK). */
  | { kind: "rejected"; code: string; description: string | null; message: string }
  | { kind: "auth_failed"; httpStatus: number; message: string }
  | { kind: "forbidden"; message: string }
  | { kind: "rate_limited"; message: string }
  /** Our own limiter's queue was too long: nothing was sent. */
  | { kind: "busy"; message: string }
  /** 5xx, empty or non-JSON answer, or JSON PayDesk cannot read. For submits the request may exist. */
  | { kind: "provider_error"; httpStatus: number | null; message: string; mayExist: boolean }
  | { kind: "timeout"; message: string; mayExist: boolean }
  | { kind: "network"; message: string; mayExist: boolean };

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

const OPERATION_LABELS: Record<string, string> = {
  SubmitPayInRequest: "creating Pay-In requests",
  SubmitPayInRequestP2P: "creating P2P Pay-In requests",
  SubmitPayOutRequest: "creating Pay-Out requests",
  SubmitWithdrawalRequest: "creating Withdrawal requests",
  GetPaymentRequestById: "reading requests back (the VIEWER role)",
  GetPaymentRequests: "searching requests (the VIEWER role)",
};

const maybe = (c: CallContext) =>
  c.isSubmit ? " The request may or may not have been created; PayDesk checks with the provider before anything is sent again." : " Try again in a moment.";

export const failures = {
  rejected(code: string, description: string | null): ProviderFailure {
    return { kind: "rejected", code, description, message: describeProviderCode(code, description) };
  },
  authFailed(c: CallContext, httpStatus: number): ProviderFailure {
    return {
      kind: "auth_failed",
      httpStatus,
      message: `The provider rejected the API key for org ${c.orgId} (${c.merchantLabel}). The key may be wrong, disabled or expired: enter the current key in the merchant's settings.`,
    };
  },
  forbidden(c: CallContext): ProviderFailure {
    return {
      kind: "forbidden",
      message: `This merchant's API key lacks the role for ${OPERATION_LABELS[c.operation] ?? c.operation}. Ask the provider for a key with that role.`,
    };
  },
  rateLimited(): ProviderFailure {
    return { kind: "rate_limited", message: "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds." };
  },
  busy(waitMs: number): ProviderFailure {
    return {
      kind: "busy",
      message: `Too many calls to the provider are already waiting (more than ${Math.round(waitMs / 1000)} s of queue at its rate limit). Nothing was sent; try again shortly.`,
    };
  },
  providerError(c: CallContext, httpStatus: number | null, detail: string): ProviderFailure {
    return { kind: "provider_error", httpStatus, mayExist: c.isSubmit, message: `The provider failed to answer properly (${detail}).${maybe(c)}` };
  },
  timeout(c: CallContext): ProviderFailure {
    return { kind: "timeout", mayExist: c.isSubmit, message: `The provider did not answer within ${Math.round(c.timeoutMs / 1000)} s.${maybe(c)}` };
  },
  network(c: CallContext, detail: string): ProviderFailure {
    let host = c.baseUrl;
    try {
      host = new URL(c.baseUrl).host;
    } catch {
      // keep the base URL as given
    }
    return { kind: "network", mayExist: c.isSubmit, message: `PayDesk could not reach the provider at ${host} (${detail}).${maybe(c)}` };
  },
};
