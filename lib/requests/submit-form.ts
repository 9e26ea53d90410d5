import "server-only";
import type { Db } from "../db/client";
import type { MerchantApi } from "../payment-api/client";
import { describeProviderCode } from "../payment-api/codes";
import { createRequest, type RequestPayload, type RequestRow } from "./create";
import { isRefId1Taken, needsApproval, type MerchantRules } from "./form-context";
import { messageKey } from "./form-messages";
import { amountRangeIssue } from "./forms";
import type { State } from "./lifecycle";

/**
 * A validated create form, turned into a request, and what the form should do next: open the
 * request (sent, held for approval, uncertain — reconciliation settles that by itself — or the same
 * form submitted again), stay with the provider's rejection in words, or point at a field.
 */
export type SubmitOutcome =
  | { outcome: "created"; requestId: string; state: State }
  | { outcome: "rejected"; requestId: string; message: string; code: string | null }
  | { outcome: "invalid"; fieldErrors: Record<string, string[]> }
  | { outcome: "stale" }
  | { outcome: "no_api" };

export interface SubmitArgs {
  rules: MerchantRules;
  payload: RequestPayload;
  idempotencyKey: string;
  createdBy: string;
}

export async function submitCreateForm(db: Db, apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>, args: SubmitArgs): Promise<SubmitOutcome> {
  const { rules, payload } = args;
  const isMoneyOut = payload.kind === "payout" || payload.kind === "withdrawal";
  const { amountSatang, refId1 } = "payOut" in payload ? payload.payOut : payload.payIn;

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

  switch (result.outcome) {
    case "sent":
      return result.state === "rejected" ? rejected(result.request, result.message) : created(result.request);
    case "held":
      return created(result.request);
    case "existing":
      // The same form again (double click, retry after a lost answer): its first outcome stands.
      return result.request.status === "rejected" ? rejected(result.request, null) : created(result.request);
    case "conflict":
      // Either the RefId1 is taken, or this form's key belongs to another merchant (a reused form).
      return (await isRefId1Taken(db, rules.id, refId1)) ? { outcome: "invalid", fieldErrors: { refId1: [messageKey("refId1Taken")] } } : { outcome: "stale" };
  }
}

const created = (row: RequestRow): SubmitOutcome => ({ outcome: "created", requestId: row.id, state: row.status as State });

function rejected(row: RequestRow, message: string | null): SubmitOutcome {
  const code = row.statusCode;
  // A call that never reached the provider is recorded as NOT_SENT_<kind> with PayDesk's own sentence.
  const words = message ?? (code?.startsWith("NOT_SENT_") ? (row.statusReason ?? code) : describeProviderCode(code ?? "UNKNOWN", row.statusReason));
  return { outcome: "rejected", requestId: row.id, message: words, code };
}
