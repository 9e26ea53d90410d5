import { ENDED_PAID, ENDED_UNPAID } from "../requests/lifecycle";

/**
 * The Slips page's views. "To check": no decision yet and the request not paid. "Unmatched": the
 * slips that match no open request — staff said it does not match, or its request ended without
 * being paid (money may have come for a request that expired or was rejected).
 */
export const SLIP_VIEWS = ["all", "to_check", "matches", "does_not_match", "unmatched"] as const;
export type SlipView = (typeof SLIP_VIEWS)[number];

export const isSlipView = (value: unknown): value is SlipView =>
  typeof value === "string" && (SLIP_VIEWS as readonly string[]).includes(value);

/** Where a slip stands for staff, from its decision and its request's state (the list's badge). */
export type SlipStanding = "matches" | "does_not_match" | "request_paid" | "request_ended" | "to_check";

export function slipStanding(slip: { decision: string | null; status: string }): SlipStanding {
  if (slip.decision === "matches") return "matches";
  if (slip.decision === "does_not_match") return "does_not_match";
  if ((ENDED_PAID as readonly string[]).includes(slip.status)) return "request_paid";
  if ((ENDED_UNPAID as readonly string[]).includes(slip.status)) return "request_ended";
  return "to_check";
}
