import { z } from "zod";
import { DECISION_NOTE_MAX_CHARS, SLIP_DECISIONS } from "./decision-limits";
import { slipRuleMessages } from "./rule-messages";

/**
 * The slip decision form's contract, the same in the browser and in the server action
 * (app/(console)/slips/[id]/actions.ts); its messages travel as keys (./rule-messages.ts).
 */
const rules = slipRuleMessages.keys;

export const slipDecisionSchema = z
  .object({
    slipId: z.string().regex(/^slp_[0-9a-f]{20}$/),
    decision: z.enum(SLIP_DECISIONS, { message: rules.chooseDecision }),
    note: z.string().max(DECISION_NOTE_MAX_CHARS, rules.noteTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "does_not_match" && value.note.trim() === "")
      ctx.addIssue({ code: "custom", path: ["note"], message: rules.noteNeeded });
  });
