import { randomBytes } from "node:crypto";
import type { State } from "../requests/lifecycle";

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

/** The event a change causes, or null for a change no merchant system is told of (submitting, pending, unknown…). */
export function eventTypeFor(kind: Kind, from: string, to: State, paidGrew: boolean): OutboundEventType | null {
  if (kind === "payin" || kind === "payin_p2p") {
    if (from === to) return null;
    return to === "paid" ? "payin.paid" : to === "rejected" ? "payin.rejected" : to === "expired" ? "payin.expired" : null;
  }
  const prefix = kind;
  if (from === to) return paidGrew && to !== "approved" ? `${prefix}.partially_paid` : null;
  if (to === "approved") return `${prefix}.paid`;
  if (to === "rejected" || to === "expired") return `${prefix}.rejected`;
  if (from === "awaiting_approval" && to === "submitting") return `${prefix}.approved`;
  if (from === "awaiting_approval" && to === "canceled") return `${prefix}.declined`;
  // A pay-out paid in part moves to pending with money on it: that round is news too.
  if (paidGrew) return `${prefix}.partially_paid`;
  return null;
}

export const newEventId = () => `evt_${randomBytes(12).toString("hex")}`;
