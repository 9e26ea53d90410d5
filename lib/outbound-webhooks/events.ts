import { isEndedPaid, type State } from "../requests/lifecycle";

/**
 * The events PayDesk sends to the merchant's endpoints, each from a real change of a request's
 * state (docs/DESIGN.md §14). Pay-Outs and Withdrawals have the same events under their own prefix.
 */
export const OUTBOUND_EVENT_TYPES = [
  "payin.paid",
  "payin.rejected",
  "payin.expired",
  "payin.slip_uploaded",
  "payout.paid",
  "payout.partially_paid",
  "payout.rejected",
  "payout.approved",
  "payout.declined",
  "payout.awaiting_approval",
  "withdrawal.paid",
  "withdrawal.partially_paid",
  "withdrawal.rejected",
  "withdrawal.approved",
  "withdrawal.declined",
  "withdrawal.awaiting_approval",
] as const;
export type OutboundEventType = (typeof OUTBOUND_EVENT_TYPES)[number];

/** Sent to one endpoint when an admin asks for it (Settings → Webhooks), through the same delivery as any event. */
export const TEST_EVENT_TYPE = "endpoint.test";

type Kind = "payin" | "payin_p2p" | "payout" | "withdrawal";

/**
 * The event a change causes, or null for a change no merchant system is told of (submitting, pending, unknown…).
 * "Paid" is the one rule of lib/requests/lifecycle.ts (isEndedPaid): `paid` on the spec profile,
 * `approved` on the live provider — never a state's name.
 */
export function eventTypeFor(kind: Kind, from: string, to: State, paidGrew: boolean): OutboundEventType | null {
  if (kind === "payin" || kind === "payin_p2p") {
    if (from === to) return null;
    return isEndedPaid(to) ? "payin.paid" : to === "rejected" ? "payin.rejected" : to === "expired" ? "payin.expired" : null;
  }
  const prefix = kind;
  // A round paid while it stays pending (a partial pay-out) is news; nothing else within one state is.
  if (from === to) return paidGrew && !isEndedPaid(to) ? `${prefix}.partially_paid` : null;
  if (isEndedPaid(to)) return `${prefix}.paid`;
  if (to === "rejected" || to === "expired") return `${prefix}.rejected`;
  if (from === "awaiting_approval" && to === "submitting") return `${prefix}.approved`;
  if (from === "awaiting_approval" && to === "canceled") return `${prefix}.declined`;
  // A pay-out paid in part moves to pending with money on it: that round is news too.
  if (paidGrew) return `${prefix}.partially_paid`;
  return null;
}

/**
 * An event's sequence number among its request's events: the request's `event_seq` as the outbox
 * kept the row (one more with each event, taken in the statement that wrote it: migration 0041).
 * Events arrive in any order — a retry of an older one may come after a newer one — so a receiver
 * keeps, per request, the highest it has applied and ignores any lower. Null for an event about no
 * request (`endpoint.test`).
 */
export function eventSequence(requestRow: Record<string, unknown>): number | null {
  const seq = requestRow.event_seq;
  return typeof seq === "number" && Number.isInteger(seq) && seq > 0 ? seq : null;
}

/**
 * An event's id: 12 random bytes in hex. Web Crypto, not node:crypto: the console's endpoint form
 * imports this module for its list of event types, and a browser bundle would get node:crypto (or
 * Buffer) as a polyfill of hundreds of kilobytes (lib/testing/client-imports.test.ts).
 */
export const newEventId = () =>
  `evt_${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
