import { z } from "zod";
import { parseAmount, type Satang } from "../money";

/**
 * The merchant settings forms' schemas, shared by the browser (zodResolver) and the server actions.
 * The rules are lib/merchants/manage.ts's merchantInputSchema (a server-only module, so they are
 * restated here; settings-schemas.test.ts holds the two to the same verdicts), with amounts typed
 * as baht, the way people write them, and turned into satang here.
 */
export const MERCHANT_RULES = {
  nameRequired: "Give the merchant a name staff will recognise.",
  nameTooLong: "A merchant name has at most 100 characters.",
  orgRequired: "The org id from the provider is required.",
  orgInvalid: "An org id has no spaces or slashes.",
  guidInvalid: "The provider's merchant id is a GUID such as 0e6a33cb-96cc-47a6-ac51-1de5027ec190.",
  keyRequired: "Enter the API key the provider gave you.",
  keyTooShort: "An API key from the provider is longer than that.",
  keyTooLong: "That is too long for an API key.",
  keyInvalid: "An API key has no spaces or non-English characters.",
  amountInvalid: "Enter an amount in baht with at most 2 decimals, such as 20 or 50000.00.",
  amountNegative: "An amount cannot be negative. Enter 0 or more, or leave it empty for no limit.",
  amountTooLarge: "That is more than PayDesk can hold: at most 999,999,999,999.99 baht.",
  minAboveMax: "The Pay-In minimum cannot be more than the maximum.",
  maxZero: "The Pay-In maximum must be more than zero.",
  nothingToRotate: "Enter a new key, or choose to remove the read key.",
  readKeyTwice: "Either enter a new read key or remove it, not both.",
  confirmUnconfirmed: "Tick the box to say you understand that unconfirmed webhooks will move money states.",
} as const;

/** What the merchant actions answer when a rule outside the form refuses. */
export const MERCHANT_REFUSALS = {
  duplicate: "This org id and merchant id are already in PayDesk. Open that merchant to change its keys instead.",
  gone: "That merchant no longer exists. Reload the merchant list.",
} as const;

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
    const message = text.startsWith("-") ? R.amountNegative : /too large/.test(parsed.error) ? R.amountTooLarge : R.amountInvalid;
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
    .refine((v) => v.payinMin === undefined || v.payinMax === undefined || v.payinMin <= v.payinMax, { message: R.minAboveMax, path: ["payinMax"] });

export const newMerchantSchema = limitRules(
  z.object({
    displayName,
    orgId: z.string({ error: R.orgRequired }).trim().min(1, R.orgRequired).max(100, R.orgInvalid).regex(/^[^/\s]+$/, R.orgInvalid),
    providerMerchantId: z.string({ error: R.guidInvalid }).trim().regex(GUID, R.guidInvalid),
    submitKey: apiKey,
    readKey: optionalKey,
    ...limits,
  }),
);
export type NewMerchantInput = z.output<typeof newMerchantSchema>;

export const merchantLimitsSchema = limitRules(z.object({ merchantId: z.string().min(1), displayName, ...limits }));
export type MerchantLimitsInput = z.output<typeof merchantLimitsSchema>;

export const rotateKeysSchema = z
  .object({ merchantId: z.string().min(1), submitKey: optionalKey, readKey: optionalKey, removeReadKey: z.boolean() })
  .refine((v) => v.submitKey !== undefined || v.readKey !== undefined || v.removeReadKey, { message: R.nothingToRotate, path: ["submitKey"] })
  .refine((v) => !(v.readKey !== undefined && v.removeReadKey), { message: R.readKeyTwice, path: ["readKey"] });
export type RotateKeysInput = z.output<typeof rotateKeysSchema>;

export const merchantIdSchema = z.object({ merchantId: z.string().min(1) });

/** Turning on "apply webhooks PayDesk cannot confirm" needs an explicit, informed yes. */
export const allowUnconfirmedWebhooksSchema = z.object({
  merchantId: z.string().min(1),
  understood: z.boolean().refine((v) => v, { message: R.confirmUnconfirmed }),
});
