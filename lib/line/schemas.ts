import { z } from "zod";
import { parseAmount, type Satang } from "../money";
import { lineRuleMessages } from "./rule-messages";
import { LINE_CHOICE_KINDS } from "./kinds";

/** The forms of Settings → LINE and of linking LINE; the same schemas check the browser's form and the server's action. This file reaches the browser. */
const R = lineRuleMessages.keys;

export { LINE_CHOICE_KINDS, type LineChoiceKind } from "./kinds";

export const connectLineSchema = z.object({
  accessToken: z.string().trim().min(1, R.tokenRequired).max(1_000, R.tokenTooLong),
  secret: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, R.secretInvalid),
});

export const lineGroupSchema = z.object({
  groupId: z.string().min(1).max(100),
  /** "" = no merchant: the group gets nothing. */
  merchantId: z.string().max(100),
  kinds: z.array(z.enum(LINE_CHOICE_KINDS)).max(LINE_CHOICE_KINDS.length),
});

export const lineChoicesSchema = z.object({ kinds: z.array(z.enum(LINE_CHOICE_KINDS)).max(LINE_CHOICE_KINDS.length) });

export const startLinkSchema = z.object({ linkToken: z.string().min(1).max(200) });

export const emptySchema = z.object({});

/** A merchant's LINE settings: the large Pay-In amount (baht as typed, "100,000"; empty = none) and the daily summary's Bangkok time ("HH:MM"; empty = none). */
export const lineMerchantSchema = z.object({
  merchantId: z.string().min(1).max(100),
  threshold: z
    .string()
    .max(30, R.amountInvalid)
    .transform((text, ctx): Satang | null => {
      if (text.trim() === "") return null;
      const parsed = parseAmount(text);
      if (parsed.ok && parsed.satang > 0) return parsed.satang;
      ctx.addIssue({ code: "custom", message: R.amountInvalid });
      return z.NEVER;
    }),
  summaryTime: z
    .string()
    .trim()
    .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, R.timeInvalid),
});
