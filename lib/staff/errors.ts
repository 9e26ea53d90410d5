/**
 * A staff or merchant rule that refused a change, worded for the admin who asked. The server
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

export const STAFF_REFUSALS = {
  emailTaken: "A person with this email address already has an account. Find them in the staff list instead.",
  notFound: "That person was not found. Open the staff list and pick them again.",
  unknownMerchant: "One of the chosen merchants no longer exists. Reload the page and choose again.",
  notYourself: "You cannot change your own access or disable yourself; ask another admin.",
  lastAdmin: "PayDesk needs at least one active admin. Make someone else an admin first.",
  needsAllMerchants: "Managing staff and merchants needs access to every merchant; ask an admin who has it.",
  wrongCurrentPassword: "That is not your current password. Check it and try again.",
} as const;

/** Postgres's unique_violation, through drizzle's wrapping (`cause`), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
