/**
 * The merchant API's endpoints, once: each route (app/api/v1/…) takes its scope and its body or
 * query schema from here, and the OpenAPI document (./openapi.ts) is generated from the same
 * entries, so the document cannot drift from what the routes accept and answer.
 */
import { z } from "zod";
import type { ApiKeyScope } from "./keys/verify";
import { checkoutCreateSchema, listQuerySchema, payoutCreateSchema } from "./schemas";
import { refundListSchema, requestListSchema, requestViewSchema } from "./views";
import { balanceSchema, balanceTransactionListSchema, balanceTransactionsQuerySchema } from "./balance";

/** The one error shape (lib/merchant-api/http/errors.ts writes it). */
export const errorSchema = z
  .strictObject({
    error: z.strictObject({
      type: z.enum([
        "invalid_request_error",
        "authentication_error",
        "permission_error",
        "idempotency_error",
        "rate_limit_error",
        "provider_error",
        "api_error",
      ]),
      code: z.string(),
      message: z.string().describe("In English, for the developer"),
      param: z.string().optional().describe("The field at fault, when one is"),
      payment_request: z.string().optional().describe("The request PayDesk recorded, when the provider refused it"),
      request_id: z.string().describe("Also in the X-Request-Id header, the logs and the audit entry"),
    }),
  })
  .meta({ id: "Error" });

export interface Endpoint {
  operationId: string;
  method: "GET" | "POST";
  /** OpenAPI path, `{id}` for a path parameter. */
  path: string;
  scope: ApiKeyScope;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Successful answers by status. */
  answers: Record<number, { description: string; schema: z.ZodType }>;
  /** Refusals this endpoint may give beside the ones every endpoint may (400, 401, 403, 413, 415, 429, 500). */
  refusals?: Record<number, string>;
}

const created = { description: "Created and sent; the provider accepted it (status `pending`)", schema: requestViewSchema };
const accepted = {
  description:
    "Recorded, not yet settled: `awaiting_approval` (a second person must approve it) or `unknown` (the provider's answer was lost; PayDesk settles it by itself)",
  schema: requestViewSchema,
};
/** Money out: a Pay-Out, a refund or a Withdrawal may also be over the merchant's ceiling. */
const OVER_CEILING =
  "`amount_above_ceiling`: the amount is over the merchant's ceiling for a single Pay-Out or Withdrawal (Settings → Merchants); nothing was sent";
const createRefusals = {
  409: "The reference is in use by another request of this merchant, or a request with this Idempotency-Key is still running",
  422: "The provider refused the request (its code in `error.code`), or the Idempotency-Key was used with a different body",
  502: "The provider refused PayDesk's keys; nothing was sent",
  503: "The provider could not take it now (its limit); nothing was sent — retry after Retry-After seconds",
};

export const ENDPOINTS = {
  createCheckout: {
    operationId: "createCheckout",
    method: "POST",
    path: "/checkouts",
    scope: "checkouts:write",
    summary: "Create a checkout (Pay-In or Pay-In P2P)",
    description:
      "Sends a Pay-In to the provider and answers with PayDesk's hosted checkout URL, the amount to pay, the QR payload and the account details. After the payment ends, the checkout offers the customer a way back to `return_url` with `paydesk_id` appended. A redirect proves nothing: confirm the payment with GET /checkouts/{id} or a webhook.",
    body: checkoutCreateSchema,
    answers: { 201: created, 202: accepted },
    refusals: createRefusals,
  },
  getCheckout: {
    operationId: "getCheckout",
    method: "GET",
    path: "/checkouts/{id}",
    scope: "requests:read",
    summary: "Read a checkout",
    answers: { 200: { description: "The checkout as it stands", schema: requestViewSchema } },
    refusals: { 404: "No checkout with this id for this merchant" },
  },
  listRequests: {
    operationId: "listPaymentRequests",
    method: "GET",
    path: "/payment-requests",
    scope: "requests:read",
    summary: "List payment requests, newest first",
    query: listQuerySchema,
    answers: { 200: { description: "A page of requests", schema: requestListSchema } },
  },
  getRequest: {
    operationId: "getPaymentRequest",
    method: "GET",
    path: "/payment-requests/{id}",
    scope: "requests:read",
    summary: "Read a payment request of any kind",
    answers: { 200: { description: "The request as it stands", schema: requestViewSchema } },
    refusals: { 404: "No request with this id for this merchant" },
  },
  createPayout: {
    operationId: "createPayout",
    method: "POST",
    path: "/payouts",
    scope: "payouts:write",
    summary: "Create a Pay-Out",
    description:
      "Amounts above the merchant's approval threshold are not sent: they answer 202 `awaiting_approval` and wait in the console's approval queue. Amounts over the merchant's ceiling for a single Pay-Out are refused with 422 `amount_above_ceiling`.",
    body: payoutCreateSchema,
    answers: { 201: created, 202: accepted },
    refusals: { ...createRefusals, 422: `${createRefusals[422]}; or ${OVER_CEILING}` },
  },
  createRefund: {
    operationId: "createRefund",
    method: "POST",
    path: "/payment-requests/{id}/refunds",
    scope: "payouts:write",
    summary: "Refund a paid Pay-In",
    description:
      "A Pay-Out to the customer's account that names the paid Pay-In (`refund_of` in the answer). The refunds of a Pay-In never add up to more than the customer paid (`amount_paid`): refunds being sent or waiting for approval count until they end. Otherwise as a Pay-Out: above the approval threshold it answers 202 `awaiting_approval`.",
    body: payoutCreateSchema,
    answers: { 201: created, 202: accepted },
    refusals: {
      ...createRefusals,
      422: `${createRefusals[422]}; or ${OVER_CEILING}`,
      404: "No Pay-In with this id for this merchant",
      409: "The Pay-In is not paid, nothing is left to refund, the reference is in use, or a request with this Idempotency-Key is still running",
    },
  },
  listRefunds: {
    operationId: "listRefunds",
    method: "GET",
    path: "/payment-requests/{id}/refunds",
    scope: "requests:read",
    summary: "A Pay-In's refunds and what is left to refund",
    description:
      "What the customer paid, what refunds paid back, what refunds still on their way take, and what may still be refunded, with every refund of the Pay-In (oldest first). `amount_refundable` is what POST on this path accepts at most.",
    answers: { 200: { description: "The Pay-In's refunds", schema: refundListSchema } },
    refusals: { 404: "No Pay-In with this id for this merchant" },
  },
  createWithdrawal: {
    operationId: "createWithdrawal",
    method: "POST",
    path: "/withdrawals",
    scope: "withdrawals:write",
    summary: "Create a Withdrawal",
    description: "As a Pay-Out, to the merchant's own account.",
    body: payoutCreateSchema,
    answers: { 201: created, 202: accepted },
    refusals: { ...createRefusals, 422: `${createRefusals[422]}; or ${OVER_CEILING}` },
  },
  getBalance: {
    operationId: "getBalance",
    method: "GET",
    path: "/balance",
    scope: "requests:read",
    summary: "The wallet balance at the provider, and what is available",
    description:
      "The provider holds the money; PayDesk reads its balance with the merchant's read key and keeps it, reading it again when it is older than 30 seconds. `available` is the balance less the Pay-Outs and Withdrawals not yet paid out and their fees: the provider checks the balance only when it approves a pay-out.",
    answers: { 200: { description: "The balance as last read", schema: balanceSchema } },
  },
  listBalanceTransactions: {
    operationId: "listBalanceTransactions",
    method: "GET",
    path: "/balance/transactions",
    scope: "requests:read",
    summary: "A Bangkok day's statement: wallet movements matched to requests, and what does not reconcile",
    description:
      "Each Bangkok day is read from the provider and reconciled by itself after it closes (staff can read it again from the console). The answer is that statement: opening and closing balance, credits, debits, fees, findings, and the movements oldest first, each with the payment request it was matched to. `status: not_read` until the day has been read.",
    query: balanceTransactionsQuerySchema,
    answers: { 200: { description: "The day's statement and a page of its movements", schema: balanceTransactionListSchema } },
  },
} as const satisfies Record<string, Endpoint>;
