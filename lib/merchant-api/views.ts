import "server-only";
import { z } from "zod";
import type { RequestRow } from "../requests/create";
import { checkoutPath, checkoutTokenFor, receiptUrlFor } from "../checkout/token";
import { reasonOf } from "../requests/create";
import { isEndedPaid, isEndedUnpaid, STATES, type State } from "../requests/lifecycle";
import { factWords } from "../requests/notes";
import { feesOf, plainPercent } from "../requests/fees";
import { toDecimalString } from "../money";

/**
 * What the merchant API answers about a request: PayDesk's state and money (baht strings with 2
 * decimals, never floats), the merchant's reference, and for a Pay-In what the customer needs —
 * the hosted checkout's URL, the QR payload, the account to transfer to. Field names are
 * snake_case and stable; a new field may appear, none disappears.
 */
export type ApiKind = "payin" | "p2p" | "payout" | "withdrawal";

const KIND_OF: Record<RequestRow["kind"], ApiKind> = { payin: "payin", payin_p2p: "p2p", payout: "payout", withdrawal: "withdrawal" };
export const STORED_KIND: Record<ApiKind, RequestRow["kind"]> = {
  payin: "payin",
  p2p: "payin_p2p",
  payout: "payout",
  withdrawal: "withdrawal",
};

interface PayInAnswer {
  qrCode?: string | null;
  isQrAvailable?: boolean;
  payInBankCode?: string | null;
  payInBankAccountNo?: string | null;
  payInBankAccountName?: string | null;
  payInPromptPayId?: string | null;
}

export const baht2 = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('Baht with 2 decimals, such as "150.00"');
const time = z.iso.datetime({ offset: true });

/** The answer's shape, as a schema: the OpenAPI document is generated from it (./openapi.ts) and the tests check answers against that. */
export const requestViewSchema = z
  .strictObject({
    id: z.string().describe("PayDesk's id for the request"),
    object: z.literal("payment_request"),
    kind: z.enum(["payin", "p2p", "payout", "withdrawal"]),
    status: z
      .enum(STATES)
      .describe(
        "PayDesk's state (docs/merchant-api.md lists them). A Pay-In that was paid ends `paid`; a Pay-Out that was paid out ends `approved` on the live provider and `paid` on one that follows the spec (the sandbox's spec profile): treat both as ended and paid.",
      ),
    amount: baht2.describe("The amount asked for"),
    amount_to_pay: baht2
      .nullable()
      .describe("Pay-In: what the customer must pay exactly (the provider may add satang to tell payments apart)"),
    amount_paid: baht2,
    fee: baht2
      .nullable()
      .describe(
        "The provider's fee on what was paid (`fee_source` says how it is known); null while nothing is paid or the provider has not said",
      ),
    net: baht2
      .nullable()
      .describe(
        "What the merchant's wallet at the provider moves by: a Pay-In credits amount_paid − fee, a Pay-Out or Withdrawal debits amount_paid + fee (amount_paid alone when the recipient bears the fee); null with `fee`",
      ),
    fee_payer: z
      .enum(["merchant", "recipient"])
      .describe("Pay-Out and Withdrawal: who bears the transfer fee (`recipient`: they got amount_paid − fee); `merchant` for money in"),
    fee_source: z
      .enum(["provider", "computed"])
      .nullable()
      .describe(
        "`provider`: the fee as the provider stated it (its webhook); `computed`: from the rate the provider fixed for the request, rounded as the provider rounds",
      ),
    fee_rate: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/)
      .nullable()
      .describe('The provider\'s fee rate for the request, in percent, such as "1.5"; null until the provider has said it'),
    currency: z.literal("THB"),
    reference: z.string().describe("The merchant's own reference"),
    ref_id1: z.string().describe("RefId1 at the provider: the reference when it fits the provider's rules, else PayDesk's own"),
    checkout_url: z.string().nullable().describe("Pay-In: PayDesk's hosted checkout for the customer"),
    receipt_url: z
      .string()
      .nullable()
      .describe(
        "Pay-In that ended paid (`paid` or `approved`): the customer's PDF receipt, in the reader's language (add `?lang=th` or `?lang=en` to choose); works for a year from the request's creation. null otherwise, and once that year is over",
      ),
    qr_payload: z.string().nullable().describe("Pay-In: the QR's text, when the provider gave a scannable QR"),
    bank: z
      .strictObject({
        bank_code: z.string().nullable(),
        account_no: z.string().nullable(),
        account_name: z.string().nullable(),
        promptpay_id: z.string().nullable(),
      })
      .nullable()
      .describe("Pay-In: the account to transfer to"),
    expires_at: time.nullable(),
    paid_at: time.nullable(),
    created_at: time,
    updated_at: time,
    failure: z.strictObject({ code: z.string().nullable(), message: z.string() }).nullable(),
    return_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    refund_of: z.string().nullable().describe("A refund (a Pay-Out): the id of the paid Pay-In it gives money back for"),
  })
  .meta({ id: "PaymentRequest" });
export type RequestView = z.output<typeof requestViewSchema>;

export const requestListSchema = z
  .strictObject({
    object: z.literal("list"),
    data: z.array(requestViewSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page"),
  })
  .meta({ id: "PaymentRequestList" });

export const refundListSchema = z
  .strictObject({
    object: z.literal("refund_list"),
    payment_request: z.string().describe("The Pay-In's id"),
    amount_paid: baht2.describe("What the customer paid (0.00 unless the Pay-In is paid)"),
    amount_refunded: baht2.describe("What refunds paid back to the customer"),
    amount_refund_pending: baht2.describe(
      "What refunds still on their way take: waiting for approval, being sent, pending at the provider, unknown or in review",
    ),
    amount_refundable: baht2.describe("What may still be refunded: amount_paid − amount_refunded − amount_refund_pending"),
    data: z.array(requestViewSchema).describe("The refunds (Pay-Outs with `refund_of`), oldest first"),
  })
  .meta({ id: "RefundList" });
export type RefundList = z.output<typeof refundListSchema>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);
/** numeric(14,2) comes back as "150.00" from both databases. */
const baht = (value: string | null) => (value === null ? null : Number(value).toFixed(2));

export function requestView(row: RequestRow, publicBaseUrl: string): RequestView {
  const kind = KIND_OF[row.kind];
  const isPayIn = kind === "payin" || kind === "p2p";
  const answer = (isPayIn ? row.providerResponse : null) as PayInAnswer | null;
  const reason = reasonOf(row);
  const failed = isEndedUnpaid(row.status);
  const fees = feesOf(row);
  return {
    id: row.id,
    object: "payment_request",
    kind,
    status: row.status as State,
    amount: baht(row.requestedAmount)!,
    amount_to_pay: isPayIn ? baht(row.generatedAmount) : null,
    amount_paid: baht(row.paidAmount)!,
    fee: fees ? toDecimalString(fees.feeSatang) : null,
    net: fees ? toDecimalString(fees.netSatang) : null,
    fee_payer: row.feePayer === "beneficiary" ? "recipient" : "merchant",
    fee_source: fees?.source ?? null,
    fee_rate: fees?.pct ?? (row.feePct == null ? null : plainPercent(row.feePct)),
    currency: "THB",
    reference: row.reference ?? row.refId1,
    ref_id1: row.refId1,
    checkout_url: isPayIn && row.providerId ? `${publicBaseUrl}${checkoutPath(checkoutTokenFor(row))}` : null,
    receipt_url: isPayIn && isEndedPaid(row.status) ? receiptUrlFor(row, publicBaseUrl) : null,
    qr_payload: answer?.isQrAvailable ? (answer.qrCode ?? null) : null,
    bank: answer
      ? {
          bank_code: answer.payInBankCode ?? null,
          account_no: answer.payInBankAccountNo ?? null,
          account_name: answer.payInBankAccountName ?? null,
          promptpay_id: answer.payInPromptPayId ?? null,
        }
      : null,
    expires_at: iso(row.expireAt),
    paid_at: iso(row.paidAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    failure: failed ? { code: row.statusCode, message: reason ? factWords(reason, "en") : (row.statusReason ?? row.status) } : null,
    return_url: row.returnUrl ?? null,
    cancel_url: row.cancelUrl ?? null,
    metadata: (row.metadata as Record<string, string> | null) ?? {},
    refund_of: row.refundOf ?? null,
  };
}
