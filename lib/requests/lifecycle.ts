/**
 * The life of a payment request, one state machine for every kind, fed by one function whatever
 * the source: the provider's answer at submit, a webhook, reconciliation, a staff action.
 *
 * Transitions are monotonic: a terminal state is never left, and a late, duplicate or
 * contradictory event changes nothing — the caller still records it on the timeline. The provider
 * has no Expired status (expiry is Rejected + ERR_EXPIRED_REQUEST, provider-facts §2.2); the
 * sandbox's spec profile says Expired; both become `expired`. Partial P2P pay-outs accumulate
 * (§6.3): the running total when the provider sends it, else the sum of the rounds; rounds that
 * add up to the request leave it open until the provider's final word (§2.5).
 */
import type { Satang } from "../money";

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

export const TERMINAL: ReadonlySet<State> = new Set(["paid", "approved", "rejected", "expired", "canceled"]);
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
  | { type: "submit_rejected"; code: string; description: string | null }
  | { type: "submit_uncertain"; reason: string }
  /** Reconciliation cannot learn what became of an unknown submit: a person must look. */
  | { type: "submit_unresolved"; code: string; reason: string }
  /**
   * A status read from the provider (webhook, reconciliation, GetPaymentRequestById); `amountSatang`,
   * when known, is what a Pay-In's customer paid (the webhook's TX_AMOUNT).
   */
  | { type: "provider_status"; status: string; statusCode: string | null; reason: string | null; amountSatang?: Satang | null }
  /** One pay-out transfer (PaymentOut.Success); `isPartial` false marks the final one. */
  | { type: "payout_success"; txSatang: Satang; isPartial: boolean; paidInclusiveSatang: Satang | null; providerStatus: string | null };

export type Verdict =
  | { applied: true; next: State; paidSatang: Satang; statusCode?: string | null; reason?: string | null }
  | { applied: false; why: string; confirms?: true };

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

const ignored = (why: string): Verdict => ({ applied: false, why });

export function applyEvent(r: RequestFacts, e: LifecycleEvent): Verdict {
  const move = (next: State, extra: Partial<Extract<Verdict, { applied: true }>> = {}): Verdict => ({ applied: true, next, paidSatang: r.paidSatang, ...extra });
  if (isTerminal(r.state)) return ignored(`the request is already ${r.state}; a terminal state is never left`);

  switch (e.type) {
    case "approval_granted":
      return r.state === "awaiting_approval" ? move("submitting") : ignored(`approval only applies while awaiting approval (now ${r.state})`);
    case "approval_declined":
      return r.state === "awaiting_approval" ? move("canceled", { reason: e.reason }) : ignored(`only a request awaiting approval can be declined (now ${r.state})`);
    case "submit_accepted": {
      if (!isAwaitingSubmitAnswer(r.state)) return ignored(`the provider's answer to the submit came while ${r.state}`);
      return applyProvider(r, stateFromProvider(e.providerStatus, null) ?? "pending", null, null, null, move);
    }
    case "submit_rejected":
      if (!isAwaitingSubmitAnswer(r.state)) return ignored(`a submit rejection came while ${r.state}`);
      return move("rejected", { statusCode: e.code, reason: e.description });
    case "submit_uncertain":
      return r.state === "submitting" ? move("unknown", { reason: e.reason }) : ignored(`an uncertain submit outcome came while ${r.state}`);
    case "submit_unresolved":
      return r.state === "unknown" ? move("needs_review", { statusCode: e.code, reason: e.reason }) : ignored(`only an unknown submit can be left to a person (now ${r.state})`);
    case "provider_status": {
      if (r.state === "awaiting_approval") return ignored("the provider cannot know a request that was never sent");
      const next = stateFromProvider(e.status, e.statusCode);
      if (next === null) return ignored(`the provider status "${e.status}" is not one PayDesk knows`);
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
    return r.state === "pending" ? { applied: false, why: "already pending", confirms: true } : move("pending");
  }
  if (next !== "paid" && next !== "approved") return move(next, { statusCode, reason });
  // A completed pay-out paid what was asked; a Pay-In collected what its customer was asked to pay
  // (the generated amount, §5.1), or what the provider says arrived.
  const collected = r.kind === "payout" || r.kind === "withdrawal" ? r.requestedSatang : (receivedSatang ?? r.generatedSatang ?? r.requestedSatang);
  return move(next, { statusCode, reason, paidSatang: Math.max(r.paidSatang, collected) });
}

function applyPayout(
  r: RequestFacts,
  e: Extract<LifecycleEvent, { type: "payout_success" }>,
  move: (next: State, extra?: Partial<Extract<Verdict, { applied: true }>>) => Verdict,
): Verdict {
  if (r.kind !== "payout" && r.kind !== "withdrawal") return ignored("a pay-out success for a pay-in");
  if (r.state === "awaiting_approval") return ignored("the provider cannot pay out a request that was never sent");
  // Rounds may arrive in any order: the running total only grows, and each round adds once
  // (duplicates are stopped earlier, by the webhook's job id).
  const paid = Math.min(r.requestedSatang, e.paidInclusiveSatang !== null ? Math.max(r.paidSatang, e.paidInclusiveSatang) : r.paidSatang + e.txSatang);
  if (!e.isPartial) {
    const done = e.providerStatus ? stateFromProvider(e.providerStatus, null) : null;
    return move(done === "paid" || done === "approved" ? done : "paid", { paidSatang: r.requestedSatang });
  }
  // Rounds that add up mean "fully covered, awaiting the provider's final word" (§2.5): the provider
  // still says Pending, and its admin may yet approve (a final success, often of 0.00) or reject it.
  if (paid === r.paidSatang) return ignored("this partial pay-out adds nothing to what is already paid");
  return move(isAwaitingSubmitAnswer(r.state) ? "pending" : r.state, { paidSatang: paid });
}
