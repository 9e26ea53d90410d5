/**
 * The sandbox control form's input, shared by the browser (react-hook-form) and the server action,
 * so both give the same messages. Client-safe: no server imports here.
 */
import { z } from "zod";
import { amountProblemText, parseAmount } from "../money";

export const PAYIN_CONTROLS = ["pay", "approve", "reject", "expire"] as const;
export const PAYOUT_CONTROLS = ["payout", "partial_payout", "reject"] as const;
export type SandboxControl = (typeof PAYIN_CONTROLS)[number] | (typeof PAYOUT_CONTROLS)[number];
const ALL_CONTROLS = [...new Set<SandboxControl>([...PAYIN_CONTROLS, ...PAYOUT_CONTROLS])] as [SandboxControl, ...SandboxControl[]];

export const sandboxControlSchema = z
  .object({
    requestId: z.string().min(1),
    control: z.enum(ALL_CONTROLS),
    amount: z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined || value === "") return;
        const parsed = parseAmount(value);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: amountProblemText(parsed.problem, value) });
        else if (parsed.satang <= 0) ctx.addIssue({ code: "custom", message: "The amount must be more than 0." });
      }),
  })
  .superRefine((input, ctx) => {
    if (input.control === "partial_payout" && !input.amount)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount of this partial pay-out, such as 500 or 500.25." });
  });
export type SandboxControlInput = z.output<typeof sandboxControlSchema>;
