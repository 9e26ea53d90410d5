/**
 * The life of a payment request, one state machine for every kind, fed by one function whatever
 * the source: the provider's answer at submit, a webhook, reconciliation, a staff action.
 *
 * Transitions are monotonic: a terminal state is never left, and a late, duplicate or
 * contradictory event changes nothing — the caller still records it on the timeline. The provider
 * has no Expired status (expiry is Rejected + ERR_EXPIRED_REQUEST, docs/provider-facts.md §2.2); the
 * sandbox's spec profile says Expired; both become `expired`. Partial P2P pay-outs accumulate
 * (§6.3): the running total when the provider sends it, else the sum of the rounds; rounds that
 * add up to the request leave it open until the provider's final word (§2.5).
 */
import type { Satang } from "../money";
import type { Fact, Note } from "./notes";

export const STATES = [
  "awaiting_approval", // Pay-Out/Withdrawal above the threshold: waiting for a second person, not sent
  "submitting", // recorded, being sent to the provider
  "unknown", // sent, but the answer was lost (timeout, empty 500, reset): reconciliation settles it
  "needs_review", // unknown, and the provider cannot tell what became of it: a person decides; never polled
  "pending", // the provider has it: Pending
  "paid",
  "approved",
  "rejected",
  "expired",
  "canceled", // declined before it was ever sent
] as const;
export type State = (typeof STATES)[number];

/**
 * The one rule for "ended and paid" (docs/DESIGN.md §4): the spec profile ends every success as
 * `paid`; the live provider ends an admin's approval (a Pay-In approved by hand, a P2P Pay-In, a
 * completed Pay-Out) as `approved` (docs/provider-facts.md §2.2). Both are the same outcome: money
 * moved in full. Events, refunds, the list, the overview and the API all ask this, never a state's name.
 */
export const ENDED_PAID = ["paid", "approved"] as const satisfies readonly State[];
/** Ended with no more money to move: only what was paid before (normally nothing) counts. */
export const ENDED_UNPAID = ["rejected", "expired", "canceled"] as const satisfies readonly State[];
const ENDED_PAID_SET: ReadonlySet<string> = new Set(ENDED_PAID);
const ENDED_UNPAID_SET: ReadonlySet<string> = new Set(ENDED_UNPAID);
/** Takes a stored status (a string) as well as a State: an unknown word is neither. */
export const isEndedPaid = (state: string): state is (typeof ENDED_PAID)[number] => ENDED_PAID_SET.has(state);
export const isEndedUnpaid = (state: string) => ENDED_UNPAID_SET.has(state);
export const TERMINAL: ReadonlySet<State> = new Set([...ENDED_PAID, ...ENDED_UNPAID]);
export const isTerminal = (state: State) => TERMINAL.has(state);
/** Sent, with no answer from the provider yet: what an answer to the submit itself may settle. */
const isAwaitingSubmitAnswer = (state: State) => state === "submitting" || state === "unknown" || state === "needs_review";

export interface RequestFacts {
  state: State;
  kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
  requestedSatang: Satang;
  /** What the customer was asked to pay (the provider's random satang, §5.1); null when unknown or not a pay-in. */
  generatedSatang?: Satang | null;
  paidSatang: Satang;
}

export type LifecycleEvent =
  | { type: "approval_granted" }
  | { type: "approval_declined"; reason: string }
  | { type: "submit_accepted"; providerStatus: string }
  /** `facts`: why PayDesk itself did not send it (a NOT_SENT_<kind> code); the provider's own refusals have none. */
  | { type: "submit_rejected"; code: string; description: string | null; facts?: Fact }
  /** The answer was lost: `reason` says how (a provider call's failure, or a send that never finished). */
  | { type: "submit_uncertain"; reason: Fact }
  /** Reconciliation cannot learn what became of an unknown submit: a person must look. */
  | { type: "submit_unresolved"; code: string; reason: Fact }
  /**
   * A status read from the provider (webhook, reconciliation, GetPaymentRequestById); `amountSatang`,
   * when known, is what a Pay-In's customer paid (the webhook's TX_AMOUNT).
   */
  | { type: "provider_status"; status: string; statusCode: string | null; reason: string | null; amountSatang?: Satang | null }
  /** One pay-out transfer (PaymentOut.Success); `isPartial` false marks the final one. */
  | { type: "payout_success"; txSatang: Satang; isPartial: boolean; paidInclusiveSatang: Satang | null; providerStatus: string | null };

export type Verdict =
  /** `reason`: the provider's or a person's own words; `facts`: PayDesk's, worded when shown. */
  | { applied: true; next: State; paidSatang: Satang; statusCode?: string | null; reason?: string | null; facts?: Fact | null }
  | { applied: false; why: Note; confirms?: true };

const EXPIRED_CODES = new Set(["ERR_EXPIRED_REQUEST"]);

/** The provider's status words, in either profile, as our state; null for words we do not know. */
export function stateFromProvider(status: string, statusCode: string | null): State | null {
  switch (status.trim().toLowerCase()) {
    case "pending":
      return "pending";
    case "paid":
      return "paid";
    case "approved":
      return "approved";
    case "expired":
      return "expired";
    case "rejected":
      return statusCode && EXPIRED_CODES.has(statusCode) ? "expired" : "rejected";
    default:
      return null;
  }
}

const ignored = (why: Note): Verdict => ({ applied: false, why });

export function applyEvent(r: RequestFacts, e: LifecycleEvent): Verdict {
  const move = (next: State, extra: Partial<Extract<Verdict, { applied: true }>> = {}): Verdict => ({
    applied: true,
    next,
    paidSatang: r.paidSatang,
    ...extra,
  });
  if (isTerminal(r.state)) return ignored({ note: "terminal", state: r.state });

  switch (e.type) {
    case "approval_granted":
      return r.state === "awaiting_approval" ? move("submitting") : ignored({ note: "approval_not_awaiting", state: r.state });
    case "approval_declined":
      return r.state === "awaiting_approval"
        ? move("canceled", { reason: e.reason })
        : ignored({ note: "decline_not_awaiting", state: r.state });
    case "submit_accepted": {
      if (!isAwaitingSubmitAnswer(r.state)) return ignored({ note: "submit_answer_late", state: r.state });
      return applyProvider(r, stateFromProvider(e.providerStatus, null) ?? "pending", null, null, null, move);
    }
    case "submit_rejected":
      if (!isAwaitingSubmitAnswer(r.state)) return ignored({ note: "submit_rejection_late", state: r.state });
      return move("rejected", { statusCode: e.code, reason: e.description, facts: e.facts ?? null });
    case "submit_uncertain":
      return r.state === "submitting" ? move("unknown", { facts: e.reason }) : ignored({ note: "uncertain_late", state: r.state });
    case "submit_unresolved":
      return r.state === "unknown"
        ? move("needs_review", { statusCode: e.code, facts: e.reason })
        : ignored({ note: "unresolved_not_unknown", state: r.state });
    case "provider_status": {
      if (r.state === "awaiting_approval") return ignored({ note: "never_sent" });
      const next = stateFromProvider(e.status, e.statusCode);
      if (next === null) return ignored({ note: "unknown_provider_status", status: e.status });
      return applyProvider(r, next, e.statusCode, e.reason, e.amountSatang ?? null, move);
    }
    case "payout_success":
      return applyPayout(r, e, move);
  }
}

function applyProvider(
  r: RequestFacts,
  next: State,
  statusCode: string | null,
  reason: string | null,
  receivedSatang: Satang | null,
  move: (next: State, extra?: Partial<Extract<Verdict, { applied: true }>>) => Verdict,
): Verdict {
  if (next === "pending") {
    // Pending confirms what we knew, or settles submitting/unknown; it never goes backwards.
    return r.state === "pending" ? { applied: false, why: { note: "already_pending" }, confirms: true } : move("pending");
  }
  if (!isEndedPaid(next)) return move(next, { statusCode, reason });
  // A completed pay-out paid what was asked; a Pay-In collected what its customer was asked to pay
  // (the generated amount, §5.1), or what the provider says arrived.
  const collected =
    r.kind === "payout" || r.kind === "withdrawal" ? r.requestedSatang : (receivedSatang ?? r.generatedSatang ?? r.requestedSatang);
  return move(next, { statusCode, reason, paidSatang: Math.max(r.paidSatang, collected) });
}

function applyPayout(
  r: RequestFacts,
  e: Extract<LifecycleEvent, { type: "payout_success" }>,
  move: (next: State, extra?: Partial<Extract<Verdict, { applied: true }>>) => Verdict,
): Verdict {
  if (r.kind !== "payout" && r.kind !== "withdrawal") return ignored({ note: "payout_success_for_payin" });
  if (r.state === "awaiting_approval") return ignored({ note: "payout_never_sent" });
  // Rounds may arrive in any order: the running total only grows, and each round adds once
  // (duplicates are stopped earlier, by the webhook's job id).
  const paid = Math.min(
    r.requestedSatang,
    e.paidInclusiveSatang !== null ? Math.max(r.paidSatang, e.paidInclusiveSatang) : r.paidSatang + e.txSatang,
  );
  if (!e.isPartial) {
    const done = e.providerStatus ? stateFromProvider(e.providerStatus, null) : null;
    return move(done && isEndedPaid(done) ? done : "paid", { paidSatang: r.requestedSatang });
  }
  // Rounds that add up mean "fully covered, awaiting the provider's final word" (§2.5): the provider
  // still says Pending, and its admin may yet approve (a final success, often of 0.00) or reject it.
  if (paid === r.paidSatang) return ignored({ note: "partial_adds_nothing" });
  return move(isAwaitingSubmitAnswer(r.state) ? "pending" : r.state, { paidSatang: paid });
}
