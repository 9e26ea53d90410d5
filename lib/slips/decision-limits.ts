/** What a slip decision holds (the slips table's check says the same: lib/db/migrations/0049_slip-decisions.sql). */
export const SLIP_DECISIONS = ["matches", "does_not_match"] as const;
export type SlipDecision = (typeof SLIP_DECISIONS)[number];
export const DECISION_NOTE_MAX_CHARS = 500;
