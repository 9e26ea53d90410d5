/**
 * What the provider says about a request, per profile.
 *
 * spec: the spec's `paymentResponse` with exactly the fields it lists per operation.
 * live: the v0.2.54 shapes (docs/provider-facts.md §4.1–§4.5): extra fields, `qrCodeImage` always "" from a
 * submit, P2P's dummy PromptPay id, and Pay-Out answered as `paymentRequest` + `payoutTransaction`.
 */
import { toJsonNumber } from "../lib/money";
import { isoTime, type SandboxContext } from "./context";
import type { Profile } from "./env";
import { qrPngBase64 } from "./qr-png";
import type { PaymentRequest } from "./types";
import { merchantBearsFee, payOutFee } from "./wallet";

/** The placeholder the live provider puts in payInPromptPayId for P2P without PromptPay (§4.2). */
export const DUMMY_PROMPTPAY_ID = "0000000000000";
export const WEBSOCKET_PATH = "/realtime/payment-tx";

export function slipUploadUrl(r: PaymentRequest): string | null {
  return r.slipToken === null ? null : `/payin-slip-upload/${r.orgId}/${r.id}/${r.slipToken}`;
}

export function payInResponse(ctx: SandboxContext, r: PaymentRequest): Record<string, unknown> {
  const profile = ctx.config.profile;
  const t = (ms: number | null) => (ms === null ? null : isoTime(ms, profile));
  const isP2P = r.kind === "payin_p2p";
  const qrCode = r.qrCode ?? (isP2P && profile === "live" ? "" : null);
  const promptPayId = isP2P && !r.isQrAvailable ? (profile === "live" ? DUMMY_PROMPTPAY_ID : null) : r.payinPromptPayId;
  const destination = {
    isQrAvailable: r.isQrAvailable,
    payInBankCode: r.payinBankCode,
    payInBankAccountNo: r.payinBankAccountNo,
    payInBankAccountName: r.payinBankAccountName,
    payInPromptPayId: promptPayId,
    slipUploadUrl: slipUploadUrl(r),
  };
  if (profile === "live") {
    return {
      id: r.id,
      referenceId: r.refId1,
      refId1: r.refId1,
      refId2: r.refId2,
      refId3: r.refId3,
      sessionId: r.id,
      type: "PayIn",
      status: r.status,
      requestedAmount: toJsonNumber(r.requestedSatang),
      generatedAmount: toJsonNumber(r.generatedSatang ?? r.requestedSatang),
      currency: "THB",
      qrCode,
      qrCodeImage: "", // blanked by the live controller (§3.1, §4.1)
      paymentUrl: null,
      websocketPath: WEBSOCKET_PATH,
      createdAt: t(r.createdAt),
      expireAt: t(r.expireAt),
      ...destination,
    };
  }
  const qrCodeImage = r.isQrAvailable && qrCode ? `data:image/png;base64,${qrPngBase64(qrCode)}` : "";
  const common = {
    id: r.id,
    type: "PayIn",
    status: r.status,
    requestedAmount: toJsonNumber(r.requestedSatang),
    generatedAmount: toJsonNumber(r.generatedSatang ?? r.requestedSatang),
    currency: "THB",
    qrCode,
    qrCodeImage,
  };
  if (isP2P) return { ...common, ...destination };
  return {
    ...common,
    sessionId: r.id,
    paymentUrl: `${ctx.config.publicUrl ?? ctx.baseUrl()}/sandbox/pay/${r.id}`,
    websocketPath: WEBSOCKET_PATH,
    createdAt: t(r.createdAt),
    expireAt: t(r.expireAt),
    ...destination,
  };
}

export function payOutEnvelope(ctx: SandboxContext, r: PaymentRequest): Record<string, unknown> {
  if (ctx.config.profile === "live") {
    return { status: "OK", description: "Success", paymentRequest: entity(ctx, r, { full: false }), payoutTransaction: null };
  }
  return {
    status: "OK",
    description: "Success",
    paymentResponse: {
      id: r.id,
      type: "PayOut",
      status: r.status,
      requestedAmount: toJsonNumber(r.requestedSatang),
      currency: "THB",
      createdAt: isoTime(r.createdAt, "spec"),
    },
  };
}

/** The stored entity as GetPaymentRequestById projects it (§4.5); `full` adds the big fields. */
export function entity(ctx: SandboxContext, r: PaymentRequest, { full }: { full: boolean }): Record<string, unknown> {
  const profile: Profile = ctx.config.profile;
  const merchant = ctx.store.get("merchants", r.merchantId);
  const t = (ms: number | null) => (ms === null ? null : isoTime(ms, profile));
  const d = r.destination;
  const num = (s: number | null) => (s === null ? null : toJsonNumber(s));
  const pendingPartials = r.partials.filter((p) => p.status === "Pending").reduce((sum, p) => sum + p.amountSatang, 0);
  const view: Record<string, unknown> = {
    id: r.id,
    orgId: r.orgId,
    refId: null,
    refId1: r.refId1,
    refId2: r.refId2,
    refId3: r.refId3,
    payerName: profile === "live" ? undefined : r.payerName,
    description: r.description,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    currency: "THB",
    bankCode: d?.bankCode ?? null,
    bankAccountNo: d?.accountNo ?? null,
    promptPayId: d?.promptPayId ?? null,
    accountType: d?.accountType ?? null,
    bankAccountName: d?.accountName ?? null,
    requestedAmount: num(r.requestedSatang),
    tags: r.tags,
    status: r.status,
    statusReason: r.statusReason,
    statusCode: r.statusCode,
    direction: r.direction,
    isWithdrawal: profile === "live" ? undefined : r.kind === "withdrawal",
    merchantId: r.merchantId,
    merchantId2: null,
    paymentTxId: null,
    generatedAmount: num(r.generatedSatang),
    generatedAmountStr: r.generatedSatang === null ? null : (r.generatedSatang / 100).toFixed(2),
    createdDate: t(r.createdAt),
    expireDate: t(r.expireAt),
    payinBankAccountId: r.payinAccountId ?? d?.registeredAccountId ?? null,
    payinBankCode: r.payinBankCode,
    payinBankAccountNo: r.payinBankAccountNo,
    payinBankAccountName: r.payinBankAccountName,
    payinPromptPayId: r.payinPromptPayId,
    payInFeePct: Number(r.payInFeePct),
    payinIsPeerToPeer: r.kind === "payin_p2p",
    payinPeer2PeerPayoutId: r.p2pPayoutId,
    payoutFeePct: Number(r.payoutFeePct),
    discardCent: r.discardCent ?? false,
    totalPayOutPendingPaidAmountDecimal: r.direction === "PayOut" ? num(pendingPartials) : null,
    totalPayOutPaidAmountDecimal: r.direction === "PayOut" ? num(r.paidSatang) : null,
    // What the recipient is sent: the amount, less the fee when they bear it (§9.3).
    payOutTotalAmountDecimal:
      r.direction === "PayOut"
        ? num(r.requestedSatang - (merchantBearsFee(r, false) ? 0 : payOutFee(r.requestedSatang, r.payoutFeePct)))
        : null,
    qrCode: r.qrCode,
    rejectReason: r.status === "Rejected" ? r.statusReason : null,
    isPayInBankAccountOverride: d !== null && d.registeredAccountId === null,
    merchantName: merchant?.name ?? null,
    merchantCode: merchant?.code ?? null,
    isPartialyPayout: r.partials.length > 0,
  };
  if (full) {
    view.partialPayouts = r.partials.map((p) => ({
      txDate: t(p.at),
      payinRequestId: p.payinRequestId,
      partialAmount: num(p.amountSatang),
      status: p.status,
    }));
    view.processingSteps = [];
    if (r.direction === "PayIn") {
      // The stored submit response keeps the QR image as bare base64, without a data: prefix (§4.1).
      const response = payInResponse(ctx, r);
      view.responseDataObj = { ...response, qrCodeImage: r.isQrAvailable && r.qrCode ? qrPngBase64(r.qrCode) : "" };
    }
  }
  return view;
}
