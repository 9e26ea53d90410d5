import { staffMessages } from "./rule-messages";

/**
 * A staff or merchant rule that refused a change, as a message key the admin's form words. The server
 * actions turn it into an ActionError (lib/auth/action.ts); lib/ stays free of Next.
 */
export class SettingsRuleError extends Error {
  constructor(
    message: string,
    /** The form field the message belongs beside, when there is one. */
    readonly field?: string,
    readonly outcome: "failed" | "not_found" = "failed",
  ) {
    super(message);
    this.name = "SettingsRuleError";
  }
}

/** The staff modules' refusals, as message keys (worded by ./rule-messages.ts). */
export const STAFF_REFUSALS = staffMessages.keys;

/** Postgres's unique_violation, through drizzle's wrapping (`cause`), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
