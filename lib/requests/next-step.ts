import { isTerminal, type State } from "./lifecycle";

/**
 * What a request waits for and what staff can do about it now, for the top of its page. Pure: the
 * page words it. Only what the request itself tells (its state, its kind, whether a checkout link
 * exists) decides; whether the person looking may act is the page's business.
 */
export type WaitsFor = "approver" | "provider" | "customer" | "person" | "nobody";
export type NextAction = "approve" | "share" | "recheck" | null;

export interface NextStep {
  waitsFor: WaitsFor;
  action: NextAction;
}

export function nextStepOf(request: {
  state: State;
  kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
  hasCheckoutLink: boolean;
}): NextStep {
  const { state, kind, hasCheckoutLink } = request;
  if (isTerminal(state)) return { waitsFor: "nobody", action: null };
  // Held above the merchant's threshold: never sent, so the provider has nothing to be asked about.
  if (state === "awaiting_approval") return { waitsFor: "approver", action: "approve" };
  // The provider cannot tell what became of the submit: a person decides (re-checking may still help).
  if (state === "needs_review") return { waitsFor: "person", action: "recheck" };
  // A pending Pay-In is in the customer's hands: the link is what moves it.
  if (state === "pending" && (kind === "payin" || kind === "payin_p2p") && hasCheckoutLink)
    return { waitsFor: "customer", action: "share" };
  // Being sent, an answer lost, a pay-out being transferred: the provider's move; a re-check asks it now.
  return { waitsFor: "provider", action: "recheck" };
}
