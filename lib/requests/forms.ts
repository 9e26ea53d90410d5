/**
 * The four create forms' schemas: what a person types (amounts as text such as "1,250.50",
 * account numbers with dashes, empty optional fields) turned into the provider input schemas of
 * lib/provider/requests.ts. The same schema drives react-hook-form in the browser and the
 * server action (defineAction), so both say the same thing; messages are keys put into words by
 * ./form-messages.ts in the person's language. The rules are those of the provider input schemas
 * (a test feeds every form output through them), a little stricter where a person benefits.
 *
 * The merchant's Pay-In range is not in the static schema (the action does not know the merchant
 * until it runs): the browser builds the schema with the range it shows, the server checks `amountRangeIssue`
 * after loading the merchant. Same function, same message.
 */
import { z } from "zod";
import { type Satang } from "../money";
import {
  ACCOUNT_NO,
  amountField,
  customerFields,
  GUID,
  isBankCode,
  issue,
  optionalText,
  p2pRequestSchema,
  payerFields,
  payInRequestSchema,
  FEE_PAYERS,
  payOutRequestSchema,
  PROMPTPAY_ID,
  referenceFields,
  refId1Field,
  requiredText,
  withoutSeparators,
  type Destination,
} from "./contract";
import { messageKey } from "./form-messages";

export { refId1Field };

export interface PayInLimits {
  minSatang: Satang | null;
  maxSatang: Satang | null;
}

type Ctx = z.RefinementCtx;

/** The merchant's Pay-In range (docs/provider-facts.md §3.2 ERROR_VALUE_NOT_IN_RANGE, caught before sending). */
export function amountRangeIssue(satang: Satang, limits: PayInLimits): string | null {
  if (limits.minSatang !== null && satang < limits.minSatang) return messageKey("amountBelowMin", limits.minSatang);
  if (limits.maxSatang !== null && satang > limits.maxSatang) return messageKey("amountAboveMax", limits.maxSatang);
  return null;
}

// Hidden fields: the merchant the form was rendered for and the key that makes a resubmit harmless.
const merchantIdField = z.string({ error: "formStale" }).min(1, "formStale");
const idempotencyKeyField = z.string({ error: "formStale" }).regex(/^[A-Za-z0-9_-]{16,80}$/, "formStale");

const commonFields = {
  merchantId: merchantIdField,
  idempotencyKey: idempotencyKeyField,
  ...referenceFields,
  amount: amountField,
};

/**
 * The form's values as the contract's checked request. The form's fields are the contract's own
 * rules, so this finds nothing new; were a rule ever to differ, its message lands on the field
 * (the last part of its path) instead of slipping through.
 */
function checked<S extends z.ZodType>(schema: S, value: z.input<S>, ctx: Ctx): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const problem of result.error.issues) issue(ctx, problem.message, [String(problem.path.at(-1) ?? "")]);
  return z.NEVER;
}

/** Field-level problems do not stop these checks (zod skips refinements after one by default): a person sees every message at once. */
const always = { when: () => true };

/** The merchant's range, on the amount field, when the amount itself is readable. */
const rangeCheck = (limits: PayInLimits | undefined) => (v: { amount: unknown }, ctx: Ctx) => {
  const message = limits && typeof v.amount === "number" ? amountRangeIssue(v.amount, limits) : null;
  if (message) issue(ctx, message, ["amount"]);
};

/**
 * Pay-In. Without `limits` (the server action's static schema) the merchant's range is left to the
 * action, which knows the merchant only once it runs; the browser passes the range it was shown.
 */
export function payInFormSchema(limits?: PayInLimits) {
  return z
    .object({ ...commonFields, ...payerFields, ...customerFields })
    .superRefine(rangeCheck(limits), always)
    .transform((v, ctx) => ({
      merchantId: v.merchantId,
      idempotencyKey: v.idempotencyKey,
      payIn: checked(
        payInRequestSchema,
        {
          refId1: v.refId1,
          refId2: v.refId2,
          refId3: v.refId3,
          payerName: v.payerName,
          amountSatang: v.amount,
          qrProvider: v.qrProvider,
          description: v.description,
          customerEmail: v.customerEmail,
          customerPhone: v.customerPhone,
          tags: v.tags,
        },
        ctx,
      ),
    }));
}

/** P2P takes no customer contact or tags (the provider input schema omits them). */
export function p2pFormSchema(limits?: PayInLimits) {
  return z
    .object({ ...commonFields, ...payerFields })
    .superRefine(rangeCheck(limits), always)
    .transform((v, ctx) => ({
      merchantId: v.merchantId,
      idempotencyKey: v.idempotencyKey,
      payIn: checked(
        p2pRequestSchema,
        {
          refId1: v.refId1,
          refId2: v.refId2,
          refId3: v.refId3,
          payerName: v.payerName,
          amountSatang: v.amount,
          qrProvider: v.qrProvider,
          description: v.description,
        },
        ctx,
      ),
    }));
}

export const DESTINATION_TYPES = ["bank", "promptpay", "saved"] as const;

/** Pay-Out and Withdrawal: one form; where the money goes is one of three kinds, fields flat for the form. */
export const payOutFormSchema = z
  .object({
    ...commonFields,
    tags: optionalText(200),
    destinationType: z.enum(DESTINATION_TYPES, { error: "destinationTypeRequired" }),
    bankCode: z.string().optional(),
    // Thai account numbers are printed with dashes (123-4-56789-0): accepted, sent as digits.
    accountNo: optionalText(15, { re: ACCOUNT_NO, key: "accountNoInvalid" }, withoutSeparators),
    accountName: optionalText(100),
    promptPayId: optionalText(13, { re: PROMPTPAY_ID, key: "promptPayInvalid" }, withoutSeparators),
    savedAccountId: optionalText(36, { re: GUID, key: "savedInvalid" }),
    feePayer: z.enum(FEE_PAYERS, { error: "feePayerInvalid" }).default("merchant"),
    /** A refund: the paid Pay-In it is for (hidden; the server checks it with the Pay-In locked, lib/refunds). */
    refundOf: z
      .string({ error: "formStale" })
      .regex(/^req_[0-9a-f]{20}$/, "formStale")
      .optional(),
  })
  .superRefine((v, ctx) => {
    // Which fields are required depends on the kind of destination chosen. `undefined` is a field
    // left empty; a field that failed its own rule already has its message.
    if (v.destinationType === "bank") {
      if (!isBankCode(v.bankCode)) issue(ctx, "bankRequired", ["bankCode"]);
      if (v.accountNo === undefined) issue(ctx, "accountNoInvalid", ["accountNo"]);
      if (v.accountName === undefined) issue(ctx, "accountNameRequired", ["accountName"]);
    } else if (v.destinationType === "promptpay") {
      if (v.promptPayId === undefined) issue(ctx, "promptPayInvalid", ["promptPayId"]);
    } else if (v.destinationType === "saved") {
      if (v.savedAccountId === undefined) issue(ctx, "savedRequired", ["savedAccountId"]);
    }
  }, always)
  .transform((v, ctx) => ({
    merchantId: v.merchantId,
    idempotencyKey: v.idempotencyKey,
    refundOf: v.refundOf,
    payOut: checked(
      payOutRequestSchema,
      {
        refId1: v.refId1,
        refId2: v.refId2,
        refId3: v.refId3,
        amountSatang: v.amount,
        description: v.description,
        tags: v.tags,
        destination: toDestination(v),
        // A refund gives the customer back all they paid: its fee is always the merchant's.
        feePayer: v.refundOf ? "merchant" : v.feePayer,
      },
      ctx,
    ),
  }));

function toDestination(v: {
  destinationType: (typeof DESTINATION_TYPES)[number];
  bankCode?: string;
  accountNo?: string;
  accountName?: string;
  promptPayId?: string;
  savedAccountId?: string;
}): Destination {
  if (v.destinationType === "saved") return { type: "saved", accountId: v.savedAccountId ?? "" };
  if (v.destinationType === "promptpay") return { type: "promptpay", promptPayId: v.promptPayId ?? "" };
  return {
    type: "bank",
    bankCode: v.bankCode ?? "",
    accountNo: v.accountNo ?? "",
    accountName: v.accountName ?? "",
    promptPayId: v.promptPayId,
  };
}

/** Declining a held Pay-Out: the reason is kept on the request and shown to the requester. */
export const declineFormSchema = z.object({
  merchantId: merchantIdField,
  requestId: z.string({ error: "formStale" }).min(1, "formStale"),
  reason: requiredText("declineReasonRequired", 500),
});

export type PayInFormSchema = ReturnType<typeof payInFormSchema>;
export type P2PFormSchema = ReturnType<typeof p2pFormSchema>;
export type PayOutFormSchema = typeof payOutFormSchema;
export type PayInFormValues = z.input<PayInFormSchema>;
export type P2PFormValues = z.input<P2PFormSchema>;
export type PayOutFormValues = z.input<PayOutFormSchema>;
export type PayOutFormOutput = z.output<PayOutFormSchema>;

/** What a create action answers the form (besides field errors): open the request, or stay with the provider's refusal. */
export type CreateFormData =
  | { outcome: "created"; requestId: string }
  /** Values stay; a fresh RefId1 and form key are offered, since the provider keeps rejected RefId1s (docs/provider-facts.md §8.6). */
  | { outcome: "rejected"; requestId: string; message: string; code: string | null; refId1: string; idempotencyKey: string };
