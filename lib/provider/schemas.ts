/**
 * Response schemas that accept both the spec's shapes and the live provider's (docs/provider-facts.md §4).
 * Input is first passed through camelKeys, so only camelCase names appear here. Schemas whose
 * result is built by a transform are plain (stripping) objects: the transform names every field it
 * keeps, so copying the provider's other fields along would be work thrown away.
 */
import { z } from "zod";
import {
  booleanish,
  decimalText,
  optionalFlag,
  optionalSatang,
  optionalText,
  promptPayIdSchema,
  qrImageSchema,
  satangSchema,
  timestampSchema,
} from "./normalize";

/** The envelope's status; its payload is read from the answer by the caller, under the operation's key. */
export const envelopeSchema = z.object({
  status: z.string(),
  description: optionalText,
});

/** A Pay-In or P2P answer (`paymentResponse`). */
export const payInResponseSchema = z
  .object({
    id: z.string().min(1),
    sessionId: optionalText,
    type: optionalText,
    status: z.string(),
    requestedAmount: satangSchema,
    generatedAmount: optionalSatang,
    currency: optionalText,
    qrCode: optionalText,
    qrCodeImage: qrImageSchema,
    paymentUrl: optionalText,
    websocketPath: optionalText,
    createdAt: timestampSchema,
    expireAt: timestampSchema,
    isQrAvailable: booleanish,
    payInBankCode: optionalText,
    payInBankAccountNo: optionalText,
    payInBankAccountName: optionalText,
    payInPromptPayId: promptPayIdSchema,
    slipUploadUrl: optionalText,
  })
  .transform((r) => ({
    id: r.id,
    // sessionId is the request id at the provider (§8.7); P2P answers in the spec omit it.
    sessionId: r.sessionId ?? r.id,
    type: r.type,
    status: r.status,
    requestedSatang: r.requestedAmount,
    generatedSatang: r.generatedAmount ?? r.requestedAmount,
    currency: r.currency ?? "THB",
    qrCode: r.qrCode,
    qrCodeImage: r.qrCodeImage,
    paymentUrl: r.paymentUrl,
    websocketPath: r.websocketPath ?? "/realtime/payment-tx",
    createdAt: r.createdAt,
    expireAt: r.expireAt,
    // The provider's word, kept as it is; whether a QR is shown is decided by the payload itself
    // (lib/checkout/scannable-qr.ts): the live provider says false beside a valid SCB bill-payment
    // QR (§4.1).
    isQrAvailable: r.isQrAvailable === true && r.qrCode !== null,
    payInBankCode: r.payInBankCode,
    payInBankAccountNo: r.payInBankAccountNo,
    payInBankAccountName: r.payInBankAccountName,
    // Meaningless without a QR: the live provider leaves a dummy there (§4.2).
    payInPromptPayId: r.isQrAvailable === true ? r.payInPromptPayId : null,
    slipUploadUrl: r.slipUploadUrl,
  }));
export type PayInResponse = z.output<typeof payInResponseSchema>;

/** A Pay-Out/Withdrawal answer: the spec's `paymentResponse` or the live `paymentRequest` entity. */
export const payOutResponseSchema = z
  .object({
    id: z.string().min(1),
    type: optionalText,
    direction: optionalText,
    status: z.string(),
    requestedAmount: satangSchema,
    currency: optionalText,
    createdAt: timestampSchema,
    createdDate: timestampSchema,
  })
  .transform((r) => ({
    id: r.id,
    type: r.type ?? r.direction ?? "PayOut",
    status: r.status,
    requestedSatang: r.requestedAmount,
    currency: r.currency ?? "THB",
    createdAt: r.createdAt ?? r.createdDate,
  }));
export type PayOutResponse = z.output<typeof payOutResponseSchema>;

const partialPayoutSchema = z.object({
  txDate: timestampSchema,
  payinRequestId: optionalText,
  partialAmount: optionalSatang,
  status: optionalText,
});

/** A stored request as GetPaymentRequestById / GetPaymentRequests return it (§4.5). */
export const paymentRecordSchema = z
  .object({
    id: z.string().min(1),
    orgId: optionalText,
    refId1: optionalText,
    refId2: optionalText,
    refId3: optionalText,
    status: z.string(),
    statusCode: optionalText,
    statusReason: optionalText,
    direction: optionalText,
    merchantId: optionalText,
    payerName: optionalText,
    customerEmail: optionalText,
    customerPhone: optionalText,
    bankAccountNo: optionalText,
    promptPayId: optionalText,
    payinBankAccountId: optionalText,
    requestedAmount: optionalSatang,
    generatedAmount: optionalSatang,
    createdDate: timestampSchema,
    expireDate: timestampSchema,
    payinIsPeerToPeer: booleanish,
    payInFeePct: decimalText,
    payoutFeePct: decimalText,
    discardCent: optionalFlag,
    totalPayOutPaidAmountDecimal: optionalSatang,
    payOutTotalAmountDecimal: optionalSatang,
    partialPayouts: z.array(partialPayoutSchema).nullish(),
    responseDataObj: z.unknown().optional(),
  })
  .transform((r) => ({
    id: r.id,
    orgId: r.orgId,
    refId1: r.refId1,
    refId2: r.refId2,
    refId3: r.refId3,
    status: r.status,
    statusCode: r.statusCode,
    statusReason: r.statusReason,
    direction: r.direction,
    merchantId: r.merchantId,
    // Who pays (a Pay-In) or is paid (a Pay-Out), to tell a request PayDesk sent from another with the same RefId1.
    payerName: r.payerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    bankAccountNo: r.bankAccountNo,
    promptPayId: r.promptPayId,
    payinBankAccountId: r.payinBankAccountId,
    requestedSatang: r.requestedAmount,
    generatedSatang: r.generatedAmount,
    createdAt: r.createdDate,
    expireAt: r.expireDate,
    isP2P: r.payinIsPeerToPeer ?? false,
    // The fee's terms, fixed by the provider when the request was made (docs/provider-facts.md §5.6):
    // the rate of its direction, in percent as text, and whether a Pay-In's satang go to the fee.
    feePct: (r.direction === "PayOut" ? r.payoutFeePct : r.payInFeePct) ?? null,
    discardCent: r.discardCent ?? null,
    payoutPaidSatang: r.totalPayOutPaidAmountDecimal,
    partialPayouts: (r.partialPayouts ?? []).map((p) => ({
      at: p.txDate,
      payinRequestId: p.payinRequestId,
      amountSatang: p.partialAmount,
      status: p.status,
    })),
    payInResponse: r.responseDataObj ? (payInResponseSchema.safeParse(r.responseDataObj).data ?? null) : null,
  }));
export type PaymentRecord = z.output<typeof paymentRecordSchema>;

export const duplicateSchema = z.looseObject({
  id: optionalText,
  dupType: optionalText,
  first4: optionalText,
  last4: optionalText,
  orgId: optionalText,
  documentId: optionalText,
  createdAt: timestampSchema,
});
export type SlipDuplicate = z.output<typeof duplicateSchema>;

/**
 * A balance, which — unlike an amount — may be below zero (a provider admin's deduction is not
 * checked against it, §9.2): the magnitude read like any amount, the sign kept.
 */
const signedSatang = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = String(value).trim();
  const negative = text.startsWith("-");
  const magnitude = satangSchema.safeParse(negative ? (typeof value === "number" ? -value : text.slice(1)) : value);
  if (!magnitude.success) {
    ctx.addIssue({ code: "custom", message: `not a balance: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return negative ? -magnitude.data : magnitude.data;
});

/**
 * The merchant's wallet (`GetMerchantWallet`'s `wallet`, docs/provider-facts.md §9.2): its id (for
 * its transactions) and `pointBalanceDecimal`, the balance; `pointBalance` is a legacy whole-baht
 * copy and is not read.
 */
export const walletSchema = z
  .object({
    id: z.string().min(1),
    merchantId: optionalText,
    pointBalanceDecimal: signedSatang,
    updatedDate: timestampSchema,
  })
  .transform((w) => ({ id: w.id, merchantId: w.merchantId, balanceSatang: w.pointBalanceDecimal, updatedAt: w.updatedDate }));
export type ProviderWallet = z.output<typeof walletSchema>;

/**
 * One wallet movement (`MPointTx`, §9.2): always a positive amount, `txType` 1 credit / -1 debit,
 * the balance before and after it, and `tags` — the only link to a request (§9.3).
 */
export const walletTxSchema = z
  .object({
    id: z.string().min(1),
    walletId: optionalText,
    tags: optionalText,
    description: optionalText,
    txAmountDecimal: satangSchema,
    txType: z.union([z.literal(1), z.literal(-1), z.literal("1"), z.literal("-1")]),
    previousBalanceDecimal: optionalSatang,
    currentBalanceDecimal: optionalSatang,
    createdDate: timestampSchema,
  })
  .transform((t) => ({
    id: t.id,
    walletId: t.walletId,
    tags: t.tags,
    description: t.description,
    amountSatang: t.txAmountDecimal,
    direction: Number(t.txType) === 1 ? ("credit" as const) : ("debit" as const),
    previousSatang: t.previousBalanceDecimal,
    currentSatang: t.currentBalanceDecimal,
    createdAt: t.createdDate,
  }));
export type WalletTx = z.output<typeof walletTxSchema>;
