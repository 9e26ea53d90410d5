import "server-only";
import type { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { ApiKeyPrincipal } from "./keys/verify";
import { ApiError } from "./http/errors";
import type { Db } from "../db/client";
import { merchants, paymentRequests } from "../db/schema";
import { isAllowedReturnUrl } from "../merchants/return-origins";
import type { MerchantApi } from "../provider/client";
import { amountField, payInRequestSchema, p2pRequestSchema, payOutRequestSchema } from "../requests/contract";
import { createForMerchant, type CreateOutcome, type RequestPayload } from "../requests/create";
import { rulesOf } from "../requests/form-context";
import { fieldMessage } from "../requests/form-messages";
import { generateIdempotencyKey, generateRefId1 } from "../requests/ref-id";
import type { CheckoutCreate, PayoutCreate } from "./schemas";
import { requestView, type RequestView } from "./views";

/**
 * The merchant API's work, behind its routes (app/api/v1/…): a checkout or a pay-out goes through
 * `createForMerchant` like the console's forms — the same contract, the merchant's rules as they
 * stand now, the limiter (in the merchant API's lane), the state machine, the timeline — with the
 * key as the actor. Reads are scoped to the key's merchant: another merchant's request is 404.
 */
export interface ApiCall {
  db: Db;
  key: ApiKeyPrincipal;
  /** The provider client for the key's merchant, from its row (read once per call, for its rules too). */
  apiOf: (merchant: MerchantRow) => Promise<MerchantApi | undefined>;
  publicBaseUrl: string;
}

export type Answer = { status: number; body: RequestView };
type MerchantRow = typeof merchants.$inferSelect;

/** A contract field (message key) → the API's field and English words. */
const PARAM_OF: Record<string, string> = {
  refId1: "reference",
  payerName: "payer.name",
  customerEmail: "payer.email",
  customerPhone: "payer.phone",
  qrProvider: "qr_provider",
  amountSatang: "amount",
  amount: "amount",
  description: "description",
  tags: "metadata",
  "destination.bankCode": "destination.bank_code",
  "destination.accountNo": "destination.account_no",
  "destination.accountName": "destination.account_name",
  "destination.promptPayId": "destination.promptpay_id",
  "destination.accountId": "destination.id",
};

const invalid = (param: string, key: string) =>
  new ApiError(400, { type: "invalid_request_error", code: "parameter_invalid", param, message: `${param}: ${fieldMessage("en", key)}` });

/** Parses with a contract schema; its first problem becomes a 400 naming the API's field. */
function checked<S extends z.ZodType>(
  schema: S,
  input: unknown,
  /** The API's field when the schema is a single field's. */ field?: string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  const path = first.path.map(String).join(".") || field || "";
  throw invalid(PARAM_OF[path] ?? path, first.message);
}

function satangOf(amount: string | number): number {
  const text = typeof amount === "number" ? String(amount) : amount;
  return checked(amountField, text, "amount");
}

/** The provider's rules for RefId1 (lib/requests/contract.ts): at most 25 of A–Z a–z 0–9 - _. */
const fitsRefId1 = (reference: string) => /^[A-Za-z0-9_-]{1,25}$/.test(reference);

const referenceInUse = (id: string | null) =>
  new ApiError(409, {
    type: "invalid_request_error",
    code: "reference_in_use",
    param: "reference",
    message: `reference: this merchant already has a payment request with this reference${id ? ` (${id})` : ""}; use a new reference, or read that request`,
  });

async function merchantOf(db: Db, key: ApiKeyPrincipal) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, key.merchantRowId)).limit(1);
  if (!merchant)
    throw new ApiError(403, { type: "permission_error", code: "merchant_gone", message: "The merchant of this API key no longer exists." });
  return merchant;
}

function returnUrlChecked(param: "return_url" | "cancel_url", url: string | undefined, origins: readonly string[]): string | null {
  if (url === undefined) return null;
  if (isAllowedReturnUrl(url, origins)) return url;
  throw new ApiError(400, {
    type: "invalid_request_error",
    code: "url_not_allowed",
    param,
    message: `${param}: must be an https URL under one of the origins an admin allowed for this merchant (Settings → Developers)`,
  });
}

export async function createCheckout(call: ApiCall, body: CheckoutCreate): Promise<Answer> {
  const { db, key } = call;
  const merchant = await merchantOf(db, key);
  const origins = merchant.allowedReturnOrigins ?? [];
  const returnUrl = returnUrlChecked("return_url", body.return_url, origins);
  const cancelUrl = returnUrlChecked("cancel_url", body.cancel_url, origins);
  const amountSatang = satangOf(body.amount);
  const payloadFor = (refId1: string): RequestPayload => {
    const common = {
      refId1,
      refId2: refId1 === body.reference ? undefined : body.reference,
      payerName: body.payer.name,
      qrProvider: body.qr_provider,
      amountSatang,
      description: body.description,
    };
    return body.type === "p2p"
      ? { kind: "payin_p2p", payIn: checked(p2pRequestSchema, common) }
      : {
          kind: "payin",
          payIn: checked(payInRequestSchema, { ...common, customerEmail: body.payer.email, customerPhone: body.payer.phone }),
        };
  };
  return settle(
    call,
    payloadFor,
    body.reference,
    { reference: body.reference, returnUrl, cancelUrl, metadata: body.metadata ?? null },
    merchant,
  );
}

export async function createPayout(
  call: ApiCall,
  kind: "payout" | "withdrawal",
  body: PayoutCreate,
  /** A refund: the paid Pay-In of the key's merchant it is for (lib/refunds). */
  refundOf?: string,
): Promise<Answer> {
  const { db, key } = call;
  const merchant = await merchantOf(db, key);
  const amountSatang = satangOf(body.amount);
  const d = body.destination;
  const destination =
    d.type === "bank"
      ? { type: "bank" as const, bankCode: d.bank_code, accountNo: d.account_no, accountName: d.account_name, promptPayId: d.promptpay_id }
      : d.type === "promptpay"
        ? { type: "promptpay" as const, promptPayId: d.promptpay_id }
        : { type: "saved" as const, accountId: d.id };
  const payloadFor = (refId1: string): RequestPayload => ({
    kind,
    payOut: checked(payOutRequestSchema, {
      refId1,
      refId2: refId1 === body.reference ? undefined : body.reference,
      amountSatang,
      description: body.description,
      destination,
      // A refund gives the customer back all they paid: its fee is always the merchant's.
      feePayer: body.fee_payer === "recipient" && !refundOf ? "beneficiary" : "merchant",
    }),
  });
  const columns = { reference: body.reference, returnUrl: null, cancelUrl: null, metadata: body.metadata ?? null };
  return settle(call, payloadFor, body.reference, columns, merchant, refundOf);
}

interface ApiColumns {
  reference: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, string> | null;
}

/**
 * Records and sends the request. The merchant's reference is its RefId1 when it fits the
 * provider's rules; otherwise, or when a request the provider refused already holds it (the
 * provider keeps rejected RefId1s, docs/provider-facts.md §8.6), PayDesk makes a RefId1 and keeps
 * the reference beside it. A reference held by a live request is a 409. The unique index decides
 * (no look-up first): the usual call costs no extra read.
 */
async function settle(
  call: ApiCall,
  payloadFor: (refId1: string) => RequestPayload,
  reference: string,
  columns: ApiColumns,
  merchant: MerchantRow,
  refundOf?: string,
): Promise<Answer> {
  const create = (refId1: string) =>
    createForMerchant(call.db, () => call.apiOf(merchant), {
      rules: rulesOf(merchant),
      payload: payloadFor(refId1),
      // Idempotency across retries is the API's own (Idempotency-Key, lib/merchant-api/http/idempotency.ts); each call here is a new request.
      idempotencyKey: generateIdempotencyKey(),
      createdBy: null,
      actor: `api_key:${call.key.keyId}`,
      columns: { ...columns, apiKeyId: call.key.keyId },
      refundOf,
    });
  let outcome: CreateOutcome = await create(fitsRefId1(reference) ? reference : generateRefId1());
  if (outcome.outcome === "invalid" && outcome.fieldErrors.refId1 && fitsRefId1(reference)) {
    const [holder] = await call.db
      .select({ id: paymentRequests.id, status: paymentRequests.status })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.merchantId, merchant.id), eq(paymentRequests.refId1, reference)))
      .limit(1);
    if (holder && holder.status !== "rejected" && holder.status !== "canceled") throw referenceInUse(holder.id);
    outcome = await create(generateRefId1());
  }
  switch (outcome.outcome) {
    case "invalid": {
      const [field, keys] = Object.entries(outcome.fieldErrors)[0]!;
      if (field === "refId1") throw referenceInUse(null);
      const refusal = keys[0]!.split(":")[0];
      // Over the merchant's ceiling: the request was well formed, the merchant's rule refuses it.
      if (refusal === "amountAboveCeiling")
        throw new ApiError(422, {
          type: "invalid_request_error",
          code: "amount_above_ceiling",
          param: "amount",
          message: `amount: ${fieldMessage("en", keys[0]!)}`,
        });
      if (refusal === "refundNotPaid" || refusal === "refundNothingLeft" || refusal === "refundNotFound")
        throw new ApiError(refusal === "refundNotFound" ? 404 : 409, {
          type: "invalid_request_error",
          code:
            refusal === "refundNotPaid"
              ? "payin_not_paid"
              : refusal === "refundNothingLeft"
                ? "nothing_left_to_refund"
                : "resource_missing",
          param: refusal === "refundNotFound" ? "id" : undefined,
          message: fieldMessage("en", keys[0]!),
        });
      throw invalid(PARAM_OF[field] ?? field, keys[0]!);
    }
    case "stale":
      // The idempotency key is PayDesk's own and random: a clash is a bug, not the caller's fault.
      throw new Error("a fresh idempotency key belonged to another merchant");
    case "no_api":
      throw new ApiError(503, {
        type: "api_error",
        code: "merchant_not_configured",
        message: "PayDesk cannot open this merchant's provider keys; an admin must enter them again. Nothing was sent.",
      });
  }
  const view = requestView(outcome.request, call.publicBaseUrl);
  const code = outcome.request.statusCode;
  if (outcome.state === "rejected" && code?.startsWith("NOT_SENT_")) {
    // The provider never heard of it: nothing to pay, nothing to confirm. Worth retrying later.
    const busy = code === "NOT_SENT_RATE_LIMITED" || code === "NOT_SENT_BUSY";
    throw new ApiError(busy ? 503 : 502, {
      type: "provider_error",
      code: code.toLowerCase(),
      message: view.failure?.message ?? "The provider was not reached; nothing was sent.",
      paymentRequest: outcome.request.id,
      retryAfterSeconds: busy ? 10 : undefined,
    });
  }
  if (outcome.state === "rejected") {
    throw new ApiError(422, {
      type: "provider_error",
      code: code ?? "REJECTED",
      message: view.failure?.message ?? "The provider refused this request.",
      paymentRequest: outcome.request.id,
    });
  }
  return { status: outcome.state === "awaiting_approval" || outcome.state === "unknown" ? 202 : 201, body: view };
}
