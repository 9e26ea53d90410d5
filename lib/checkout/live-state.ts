/**
 * The rules of the checkout's live status, shared by the server's render of the page
 * (components/checkout/checkout-page.tsx) and the page's own script
 * (components/checkout/browser/checkout.ts), so both decide the same thing from the same facts.
 * No imports: the script bundles this file as it is, so "ended and paid" (`paid` or `approved`) is
 * written out here; live-state.test.ts holds it to lib/requests/lifecycle.ts's one rule.
 */
export type LiveState =
  "awaiting_approval" | "submitting" | "unknown" | "pending" | "paid" | "approved" | "rejected" | "expired" | "canceled";

export interface LiveStatus {
  state: LiveState;
  reason: string | null;
  changedAt: string;
}

/** The outcomes a page can end in; each has its own card (OutcomeCard). */
export type Outcome = "paid" | "rejected" | "expired" | "canceled";

const TERMINAL: ReadonlySet<LiveState> = new Set<LiveState>(["paid", "approved", "rejected", "expired", "canceled"]);

/** Under five minutes left the countdown turns urgent. */
export const HURRY_MS = 5 * 60_000;

export function isTerminal(state: LiveState): boolean {
  return TERMINAL.has(state);
}

export function outcomeOf(state: LiveState): Outcome | null {
  if (state === "paid" || state === "approved") return "paid";
  return state === "rejected" || state === "expired" || state === "canceled" ? state : null;
}

/**
 * Later news wins, but nothing leaves a terminal state (the same rule as lib/requests/lifecycle.ts).
 * PayDesk's own word on the same outcome replaces a guess (the hub's "payment.completed" stamped with
 * the phone's estimate of server time), so the receipt shows the time PayDesk recorded.
 */
export function reduceStatus(current: LiveStatus, next: LiveStatus, nextIsPayDesks = true): LiveStatus {
  if (isTerminal(current.state)) return nextIsPayDesks && outcomeOf(next.state) === outcomeOf(current.state) ? next : current;
  return next.state === current.state && next.reason === current.reason ? current : next;
}

/** A pending request whose time ran out is shown expired without waiting for the provider to say so. */
export function shownStatus(status: LiveStatus, remainingMs: number | null): LiveStatus {
  return !isTerminal(status.state) && remainingMs !== null && remainingMs <= 0 && status.state === "pending"
    ? { ...status, state: "expired" }
    : status;
}

/** Whole seconds left, never below zero, and the minutes and seconds the countdown shows. */
export function countdownParts(remainingMs: number): { seconds: number; minutes: string; secondsOfMinute: string; hurry: boolean } {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1_000));
  return {
    seconds,
    minutes: String(Math.floor(seconds / 60)),
    secondsOfMinute: String(seconds % 60).padStart(2, "0"),
    hurry: remainingMs <= HURRY_MS,
  };
}
