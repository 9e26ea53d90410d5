"use server";

import { z } from "zod";
import { approvalMessages } from "@/components/console/approvals/messages";
import { stateLabels } from "@/components/console/requests/status-messages";
import { ActionError, defineAction } from "@/lib/auth/action";
import { getLocale } from "@/lib/i18n/server";
import { merchantApi } from "@/lib/provider";
import { approveRequest, declineRequest, type DecisionResult } from "@/lib/requests/approve";
import { fieldMessage } from "@/lib/requests/form-messages";
import { declineFormSchema } from "@/lib/requests/forms";
import type { State } from "@/lib/requests/lifecycle";
import { factWords } from "@/lib/requests/notes";

/** Maker-checker decisions on held Pay-Outs and Withdrawals (lib/requests/approve.ts). */

async function refusal(result: Extract<DecisionResult, { ok: false }>): Promise<never> {
  const locale = await getLocale();
  const t = approvalMessages(locale);
  switch (result.reason) {
    case "own_request":
      throw new ActionError(t.ownRequest, {}, "denied");
    case "not_found":
      throw new ActionError(t.notFound, {}, "not_found");
    case "no_api":
      throw new ActionError(fieldMessage(locale, "noApi"));
    case "already_decided":
      throw new ActionError(t.alreadyDecided(stateLabels(locale)[result.state]));
  }
}

export const approveRequestAction = defineAction({
  stepUp: true,
  permission: "payout.approve",
  schema: z.object({ merchantId: z.string(), requestId: z.string().min(1) }),
  merchantScoped: true,
  audit: "payout.approve",
  target: (input) => input.requestId,
  run: async ({ input, merchant, session, db }): Promise<{ state: State; message: string | null }> => {
    const result = await approveRequest(db, merchantApi, {
      requestId: input.requestId,
      merchantRowId: merchant.id,
      actorId: session.userId,
    });
    if (!result.ok) return refusal(result);
    // The refusal, or the lost answer of an uncertain send, worded for the viewer.
    return { state: result.state, message: result.reason && factWords(result.reason, await getLocale(session)) };
  },
});

export const declineRequestAction = defineAction({
  stepUp: true,
  permission: "payout.approve",
  schema: declineFormSchema,
  merchantScoped: true,
  audit: "payout.decline",
  target: (input) => input.requestId,
  run: async ({ input, merchant, session, db }): Promise<{ state: State }> => {
    const result = await declineRequest(db, {
      requestId: input.requestId,
      merchantRowId: merchant.id,
      actorId: session.userId,
      reason: input.reason,
    });
    if (!result.ok) return refusal(result);
    return { state: result.state };
  },
});
