"use server";

import { z } from "zod";
import { ActionError, defineAction } from "@/lib/auth/action";
import type { AuditAction } from "@/lib/audit/actions";
import type { Permission } from "@/lib/auth/permissions";
import { getLocale } from "@/lib/i18n/server";
import { merchantApi, merchantApiFor } from "@/lib/provider";
import { createForMerchant, type RequestPayload } from "@/lib/requests/create";
import { ceilingIssue, isRefId1Taken, needsApproval, rulesOf } from "@/lib/requests/form-context";
import { fieldMessage } from "@/lib/requests/form-messages";
import { factWords } from "@/lib/requests/notes";
import { p2pFormSchema, payInFormSchema, payOutFormSchema, refId1Field, type CreateFormData } from "@/lib/requests/forms";
import { generateIdempotencyKey, generateRefId1 } from "@/lib/requests/ref-id";

/**
 * The four create actions (one permission each) and the form's early RefId1 check. The schemas are
 * the ones the forms validate with (lib/requests/forms.ts); the work is lib/requests/create.ts
 * (createForMerchant), the same as the merchant API's.
 */

interface Parsed {
  merchantId: string;
  idempotencyKey: string;
}

function createAction<S extends z.ZodType<Parsed>>(
  /** Also the audit log's name for the action (lib/audit/actions.ts). */
  permission: Permission & AuditAction,
  schema: S,
  toPayload: (input: z.output<S>) => RequestPayload,
  /** A Pay-Out form opened from a paid Pay-In: the refund's Pay-In (lib/refunds). */
  refundOf?: (input: z.output<S>) => string | undefined,
) {
  return defineAction({
    permission,
    schema,
    merchantScoped: true,
    // The merchant's sealed keys come with it: the provider client needs no second read.
    merchantRow: true,
    // Money out above the merchant's approval threshold asks for a fresh second factor (lib/auth/step-up.ts);
    // over its ceiling it is refused in words (createForMerchant) without asking for one first.
    stepUp: (input, merchant) => {
      const payload = toPayload(input);
      if (!("payOut" in payload)) return false;
      const rules = rulesOf(merchant);
      return needsApproval(payload.payOut.amountSatang, rules) && ceilingIssue(payload.payOut.amountSatang, rules) === null;
    },
    audit: permission,
    target: (_input, data: CreateFormData) => data.requestId,
    run: async ({ input, merchant, merchantRow, session, db }): Promise<CreateFormData> => {
      const locale = await getLocale(session);
      // The wrapper has read the merchant, in the person's scope; its rules and sealed keys come with it.
      const apiFor = merchantRow ? async () => merchantApiFor(merchantRow, "staff") : merchantApi;
      const result = await createForMerchant(db, apiFor, {
        rules: rulesOf(merchant),
        payload: toPayload(input),
        idempotencyKey: input.idempotencyKey,
        createdBy: session.userId,
        refundOf: refundOf?.(input),
      });
      switch (result.outcome) {
        case "sent":
        case "held":
        case "existing": {
          const { request, reason } = result;
          // Rejected (now, or the first time this same form was sent): the values stay, under a fresh RefId1.
          if (result.state !== "rejected") return { outcome: "created", requestId: request.id };
          const message = reason ? factWords(reason, locale) : "";
          return {
            outcome: "rejected",
            requestId: request.id,
            message,
            code: request.statusCode,
            refId1: generateRefId1(),
            idempotencyKey: generateIdempotencyKey(),
          };
        }
        case "invalid":
          throw new ActionError(fieldMessage(locale, "fixFields"), result.fieldErrors);
        case "stale":
          throw new ActionError(fieldMessage(locale, "formStale"));
        case "no_api":
          throw new ActionError(fieldMessage(locale, "noApi"));
      }
    },
  });
}

export const createPayInAction = createAction("payin.create", payInFormSchema(), (input) => ({ kind: "payin", payIn: input.payIn }));
export const createP2PAction = createAction("p2p.create", p2pFormSchema(), (input) => ({ kind: "payin_p2p", payIn: input.payIn }));
export const createPayOutAction = createAction(
  "payout.create",
  payOutFormSchema,
  (input) => ({ kind: "payout", payOut: input.payOut }),
  (input) => input.refundOf,
);
export const createWithdrawalAction = createAction("withdrawal.create", payOutFormSchema, (input) => ({
  kind: "withdrawal",
  payOut: input.payOut,
}));

/** The form's check while typing (debounced); the database's unique index decides at submit. */
export const checkRefId1Action = defineAction({
  permission: "request.read",
  schema: z.object({ merchantId: z.string(), refId1: refId1Field }),
  merchantScoped: true,
  audit: false,
  run: async ({ input, merchant, db }) => ({ refId1: input.refId1, isTaken: await isRefId1Taken(db, merchant.id, input.refId1) }),
});
