import "server-only";
import type { Db } from "../db/client";
import type { MerchantApi } from "../payment-api/client";
import { createRequest, type CreateOutcome, type RequestPayload } from "./create";
import { needsApproval, type MerchantRules } from "./form-context";
import { messageKey } from "./form-messages";
import { amountRangeIssue } from "./forms";

/**
 * A validated create form, turned into a request: what createRequest made of it (the request as it
 * stands, with its reason as facts), or why nothing was recorded — the amount is outside the
 * merchant's range now, the merchant has no usable API, or the RefId1 is taken (field errors as
 * message keys), or the form is stale (its key belongs to another merchant).
 */
export type SubmitOutcome =
  | Extract<CreateOutcome, { outcome: "sent" | "held" | "existing" }>
  | { outcome: "invalid"; fieldErrors: Record<string, string[]> }
  | { outcome: "stale" }
  | { outcome: "no_api" };

export interface SubmitArgs {
  rules: MerchantRules;
  payload: RequestPayload;
  idempotencyKey: string;
  createdBy: string;
}

export async function submitCreateForm(
  db: Db,
  apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>,
  args: SubmitArgs,
): Promise<SubmitOutcome> {
  const { rules, payload } = args;
  const isMoneyOut = payload.kind === "payout" || payload.kind === "withdrawal";
  const { amountSatang } = "payOut" in payload ? payload.payOut : payload.payIn;

  // The browser checked the range it was shown; the merchant's settings may have changed since.
  const rangeIssue = isMoneyOut ? null : amountRangeIssue(amountSatang, rules.limits);
  if (rangeIssue) return { outcome: "invalid", fieldErrors: { amount: [rangeIssue] } };

  const api = await apiFor(rules.id);
  if (!api) return { outcome: "no_api" };
  const result = await createRequest(db, api, payload, {
    merchantRowId: rules.id,
    idempotencyKey: args.idempotencyKey,
    createdBy: args.createdBy,
    holdForApproval: isMoneyOut && needsApproval(amountSatang, rules),
  });
  if (result.outcome !== "conflict") return result;
  // The same form again (double click, retry after a lost answer) was answered above with its first
  // outcome; a conflict is a taken RefId1, or a form reused for another merchant.
  return result.why === "ref_id1_taken"
    ? { outcome: "invalid", fieldErrors: { refId1: [messageKey("refId1Taken")] } }
    : { outcome: "stale" };
}
