import { z } from "zod";
import { parseAmount, type Satang } from "../money";
import { merchantRuleMessages } from "./rule-messages";

/**
 * The merchant settings forms' schemas, shared by the browser (zodResolver) and the server actions.
 * The rules are lib/merchants/manage.ts's merchantInputSchema (a server-only module, so they are
 * restated here; settings-schemas.test.ts holds the two to the same verdicts), with amounts typed
 * as baht, the way people write them, and turned into satang here.
 */
/** The forms' rules and the actions' refusals, as message keys (worded by ./rule-messages.ts). */
export const MERCHANT_RULES = merchantRuleMessages.keys;
export const MERCHANT_REFUSALS = merchantRuleMessages.keys;

const R = MERCHANT_RULES;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const apiKey = z
  .string({ error: R.keyRequired })
  .trim()
  .min(1, R.keyRequired)
  .min(8, R.keyTooShort)
  .max(200, R.keyTooLong)
  .regex(/^[\x21-\x7e]+$/, R.keyInvalid);
/** Empty means "not given" (the form sends "", FormData sends nothing). */
const optionalKey = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), apiKey.optional());

/** Baht as typed ("50,000.00"), empty = no limit; out: satang or undefined. */
const optionalBaht = z
  .string()
  .optional()
  .transform((text, ctx): Satang | undefined => {
    if (text === undefined || text.trim() === "") return undefined;
    const parsed = parseAmount(text);
    if (parsed.ok) return parsed.satang;
    // Say what is wrong with this amount, not the general rule (a "-5" has no decimals to blame).
    const message = parsed.problem === "negative" ? R.amountNegative : parsed.problem === "too_large" ? R.amountTooLarge : R.amountInvalid;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

const displayName = z.string({ error: R.nameRequired }).trim().min(1, R.nameRequired).max(100, R.nameTooLong);

const limits = {
  payinMin: optionalBaht,
  payinMax: optionalBaht,
  payoutApprovalThreshold: optionalBaht,
};
type Limits = { payinMin?: Satang; payinMax?: Satang };
const limitRules = <T extends z.ZodType<Limits>>(schema: T) =>
  schema
    .refine((v) => v.payinMax === undefined || v.payinMax > 0, { message: R.maxZero, path: ["payinMax"] })
    .refine((v) => v.payinMin === undefined || v.payinMax === undefined || v.payinMin <= v.payinMax, {
      message: R.minAboveMax,
      path: ["payinMax"],
    });

export const newMerchantSchema = limitRules(
  z.object({
    displayName,
    orgId: z
      .string({ error: R.orgRequired })
      .trim()
      .min(1, R.orgRequired)
      .max(100, R.orgInvalid)
      .regex(/^[^/\s]+$/, R.orgInvalid),
    providerMerchantId: z.string({ error: R.guidInvalid }).trim().regex(GUID, R.guidInvalid),
    submitKey: apiKey,
    readKey: optionalKey,
    ...limits,
  }),
);
export type NewMerchantInput = z.output<typeof newMerchantSchema>;

/** The ceiling for a single Pay-Out/Withdrawal: empty means the default (lib/money.ts DEFAULT_PAYOUT_CEILING_SATANG). */
export const merchantLimitsSchema = limitRules(
  z.object({ merchantId: z.string().min(1), displayName, ...limits, payoutCeiling: optionalBaht }),
).refine((v) => v.payoutCeiling === undefined || v.payoutCeiling > 0, { message: R.ceilingZero, path: ["payoutCeiling"] });
export type MerchantLimitsInput = z.output<typeof merchantLimitsSchema>;

export const rotateKeysSchema = z
  .object({ merchantId: z.string().min(1), submitKey: optionalKey, readKey: optionalKey, removeReadKey: z.boolean() })
  .refine((v) => v.submitKey !== undefined || v.readKey !== undefined || v.removeReadKey, {
    message: R.nothingToRotate,
    path: ["submitKey"],
  })
  .refine((v) => !(v.readKey !== undefined && v.removeReadKey), { message: R.readKeyTwice, path: ["readKey"] });
export type RotateKeysInput = z.output<typeof rotateKeysSchema>;

export const merchantIdSchema = z.object({ merchantId: z.string().min(1) });

/** Turning on "apply webhooks PayDesk cannot confirm" needs an explicit, informed yes. */
export const allowUnconfirmedWebhooksSchema = z.object({
  merchantId: z.string().min(1),
  understood: z.boolean().refine((v) => v, { message: R.confirmUnconfirmed }),
});
