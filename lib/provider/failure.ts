/**
 * Why a provider call failed, as facts (they travel through PayDesk and are stored as they are);
 * worded once, when shown, in the reader's language, by lib/provider-words/failures.ts
 * (docs/DESIGN.md §11, "Facts, not sentences").
 */
export type FailureFacts =
  /** The provider answered and said no: its code, worded by lib/provider-words/codes.ts. */
  | { kind: "rejected"; code: string; description: string | null }
  | { kind: "auth_failed"; orgId: string; merchantLabel: string }
  /** The key lacks the provider role an operation needs… */
  | { kind: "forbidden"; missing: "role"; operation: string }
  /** …or PayDesk holds no read (VIEWER) key for the merchant at all. */
  | { kind: "forbidden"; missing: "read_key"; merchantLabel: string }
  | { kind: "rate_limited" }
  /** No slot of the provider's budget could be had within the lane's wait (`waitMs`: what the call would have waited in all): nothing was sent. */
  | { kind: "busy"; waitMs: number }
  | { kind: "provider_error"; detail: WireDetail; mayExist: boolean }
  | { kind: "timeout"; timeoutMs: number; mayExist: boolean }
  | { kind: "network"; host: string; detail: WireDetail; mayExist: boolean };

/** What went wrong on the wire: the part in brackets of a provider_error or network failure. */
export type WireDetail =
  | { what: "empty_answer" | "not_json" | "unexpected_status" | "http_status"; status: number }
  | { what: "unreadable_part"; part: string; issue: string }
  | { what: "no_status" | "unreadable_payout" | "not_a_list" | "unreadable_list" }
  | { what: "connection_reset" | "connection_refused" | "host_unknown" | "stalled" }
  | { what: "network"; code: string | null }
  /** Reading the provider's record threw inside PayDesk (a bug, not the provider): the error's own message. */
  | { what: "read_threw"; error: string }
  /** Text PayDesk did not write (kept from rows stored before facts): shown as it is. */
  | { what: "text"; text: string };
