/**
 * The merchant API's request bodies (`/api/v1/…`), as zod schemas: the one source for validation
 * and for the OpenAPI document. They take JSON as a shop sends it (snake_case, amounts as "150.00"
 * or 150.5) and are strict: an unknown field is a 400 naming it. What they accept is then handed to
 * the request contract (lib/requests/contract.ts), whose rules are the console's, so a request
 * made by API is checked exactly as one made by staff.
 */
import { z } from "zod";

/** Baht with at most 2 decimals, as a string ("150.00") or a JSON number (150.5); the contract turns it into satang. */
export const amountInput = z.union([z.string().max(24), z.number()], { error: 'amount must be a string such as "150.00" or a number' });

const MAX_METADATA_KEYS = 20;
export const metadataInput = z
  .record(
    z.string().min(1, "metadata keys are 1 to 40 characters").max(40, "metadata keys are 1 to 40 characters"),
    z.string().max(500, "metadata values are strings of at most 500 characters"),
  )
  .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, `metadata has at most ${MAX_METADATA_KEYS} keys`);

const urlInput = z.string().max(2000, "a URL is at most 2000 characters");

export const checkoutCreateSchema = z.strictObject({
  /** `payin`: a QR the customer scans (PromptPay or SCB); `p2p`: a transfer to the account the provider matches. */
  type: z.enum(["payin", "p2p"], { error: 'type is "payin" or "p2p"' }).default("payin"),
  amount: amountInput,
  currency: z.literal("THB", { error: 'currency is "THB" (the only one)' }).optional(),
  /** The merchant's order reference: RefId1 when it fits the provider's rules, else mapped (reference kept). */
  reference: z.string().min(1, "reference is required").max(100, "reference is at most 100 characters"),
  payer: z.strictObject({
    name: z.string({ error: "payer.name is required" }),
    email: z.string().optional(),
    phone: z.string().optional(),
  }),
  qr_provider: z.enum(["PP", "SCB"], { error: 'qr_provider is "PP" (PromptPay) or "SCB"' }).default("PP"),
  description: z.string().optional(),
  return_url: urlInput.optional(),
  cancel_url: urlInput.optional(),
  metadata: metadataInput.optional(),
});
export type CheckoutCreate = z.output<typeof checkoutCreateSchema>;

const destinationInput = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("bank"),
      bank_code: z.string(),
      account_no: z.string(),
      account_name: z.string(),
      promptpay_id: z.string().optional(),
    }),
    z.strictObject({ type: z.literal("promptpay"), promptpay_id: z.string() }),
    z.strictObject({ type: z.literal("saved"), id: z.string() }),
  ],
  { error: 'destination.type is "bank", "promptpay" or "saved"' },
);

export const payoutCreateSchema = z.strictObject({
  amount: amountInput,
  currency: z.literal("THB", { error: 'currency is "THB" (the only one)' }).optional(),
  reference: z.string().min(1, "reference is required").max(100, "reference is at most 100 characters"),
  destination: destinationInput,
  fee_payer: z
    .enum(["merchant", "recipient"], { error: 'fee_payer is "merchant" (the default) or "recipient"' })
    .optional()
    .describe(
      "Who bears the provider's transfer fee: `merchant` (the default: the recipient gets the whole amount, the wallet pays amount + fee) or `recipient` (they get the amount less the fee, the wallet pays the amount). Refunds are always `merchant`",
    ),
  description: z.string().optional(),
  metadata: metadataInput.optional(),
});
export type PayoutCreate = z.output<typeof payoutCreateSchema>;

const KINDS = ["payin", "p2p", "payout", "withdrawal"] as const;

/** `GET /payment-requests`: filters and a cursor, all optional. */
export const listQuerySchema = z.strictObject({
  kind: z.enum(KINDS, { error: `kind is one of ${KINDS.join(", ")}` }).optional(),
  status: z.string().max(40).optional(),
  reference: z.string().max(100).optional(),
  created_gte: z.iso.datetime({ offset: true, error: "created_gte is an ISO 8601 time such as 2026-11-24T00:00:00Z" }).optional(),
  created_lt: z.iso.datetime({ offset: true, error: "created_lt is an ISO 8601 time such as 2026-11-25T00:00:00Z" }).optional(),
  limit: z.coerce
    .number({ error: "limit is a whole number from 1 to 100" })
    .int("limit is a whole number from 1 to 100")
    .min(1, "limit is a whole number from 1 to 100")
    .max(100, "limit is a whole number from 1 to 100")
    .default(20),
  cursor: z.string().max(200).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
