"use server";

import { ActionError, defineAction } from "@/lib/auth/action";
import { decideSlip } from "@/lib/slips/decide";
import { slipDecisionSchema } from "@/lib/slips/decision-schema";
import { slipRuleMessages } from "@/lib/slips/rule-messages";

const rules = slipRuleMessages.keys;

/** Matches / does not match, with a note: the merchant's own record on a slip, never the request's state. */
export const decideSlipAction = defineAction({
  permission: "slip.review",
  schema: slipDecisionSchema,
  audit: "slip.decide",
  target: (input) => input.slipId,
  run: async ({ input, session, db }) => {
    const outcome = await decideSlip(db, session, { ...input, actorId: session.userId });
    if (!outcome.ok) {
      if (outcome.problem === "not_found") throw new ActionError(rules.notFound, {}, "not_found");
      throw new ActionError(rules.noteNeeded, { note: [rules.noteNeeded] });
    }
    return { decision: input.decision, previous: outcome.previous, unchanged: outcome.unchanged, requestId: outcome.requestId };
  },
});
