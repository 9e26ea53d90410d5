/**
 * What happens to a request after it is created: money arriving, an admin approving or rejecting,
 * expiry, pay-outs in full or in P2P rounds (docs/provider-facts.md §2.3–§2.5). Each change fires what the
 * provider fires: the webhook job, and `payment.completed` on the hub only for a matched or
 * approved non-P2P pay-in (§4.10).
 */
import { percentOf, type Satang } from "../lib/money";
import { newId, type SandboxContext } from "./context";
import type { PaymentRequest } from "./types";
import { creditPayIn, debitPayOut, InsufficientBalanceError, merchantBearsFee, payInFee, payOutFee, requireBalance } from "./wallet";

export class LifecycleError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The provider's status code for this refusal, e.g. ERROR_INSUFFICIENT_BALANCE. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The provider checks the pay-out merchant's wallet before anything moves (docs/provider-facts.md §9.3). */
function requireFunds(ctx: SandboxContext, merchantId: string, required: Satang): void {
  try {
    requireBalance(ctx, merchantId, required);
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw new LifecycleError(409, error.message, error.status);
    throw error;
  }
}

export interface ChangeResult {
  request: PaymentRequest;
  webhooks: string[];
  hubDeliveries: number;
}

/** The spec profile reports every success as Paid; the live provider says Approved after an admin acts (§2.2). */
function approvedStatus(ctx: SandboxContext): string {
  return ctx.config.profile === "live" ? "Approved" : "Paid";
}

function requirePending(request: PaymentRequest, action: string): void {
  if (request.status !== "Pending") {
    throw new LifecycleError(
      409,
      `Request ${request.id} is ${request.status}${request.statusCode ? ` (${request.statusCode})` : ""}; only a Pending request can be ${action}.`,
    );
  }
}

function save(ctx: SandboxContext, request: PaymentRequest, changes: Partial<PaymentRequest>): PaymentRequest {
  return ctx.store.put("requests", { ...request, ...changes, updatedAt: Date.now() });
}

export function getRequestOrThrow(ctx: SandboxContext, id: string): PaymentRequest {
  const request = ctx.store.get("requests", id.toLowerCase());
  if (!request) throw new LifecycleError(404, `No payment request has id ${id}.`);
  return request;
}

function completePayIn(ctx: SandboxContext, request: PaymentRequest, status: string, received: Satang): ChangeResult {
  const paid = save(ctx, request, { status, statusCode: "OK", statusReason: "Success" });
  // The wallet is credited what arrived minus the fee (DiscardCent: whole baht), linked to the payment tx (§9.3).
  const discardCent = paid.discardCent ?? false;
  const { fee } = payInFee(received, paid.payInFeePct, discardCent);
  const txId = newId();
  creditPayIn(ctx, paid, txId, received, fee);
  const webhooks = [ctx.webhooks.emit("PaymentIn.Success", paid, { txId, txSatang: received, payinFeeSatang: fee, discardCent })];
  const hubDeliveries = ctx.hub.publishCompleted(paid.id, (paid.generatedSatang ?? paid.requestedSatang) / 100);
  return { request: paid, webhooks, hubDeliveries };
}

/**
 * Money arrives at a receiving account. Exactly one pending pay-in with that exact amount on that
 * account → Paid; none or several → the money stays unidentified and no request changes (§2.3).
 */
export function bankTransfer(
  ctx: SandboxContext,
  accountId: string,
  amount: Satang,
): { matched: ChangeResult | null; unidentifiedId: string | null } {
  const candidates = ctx.store
    .all("requests")
    .filter((r) => r.kind === "payin" && r.status === "Pending" && r.payinAccountId === accountId && r.generatedSatang === amount);
  if (candidates.length === 1 && candidates[0]) {
    return { matched: completePayIn(ctx, candidates[0], "Paid", amount), unidentifiedId: null };
  }
  const unidentified = ctx.store.put("unidentified", {
    id: newId(),
    accountId,
    amountSatang: amount,
    reason:
      candidates.length === 0
        ? "no pending request with this amount on this account"
        : `${candidates.length} pending requests share this amount`,
    at: Date.now(),
  });
  return { matched: null, unidentifiedId: unidentified.id };
}

export function payIn(ctx: SandboxContext, request: PaymentRequest, amount: Satang | null) {
  if (request.kind !== "payin") {
    throw new LifecycleError(
      409,
      "Only a QR Pay-In is matched from a bank transfer; P2P pay-ins are completed by approval (provider-facts §2.4), so use approve.",
    );
  }
  requirePending(request, "paid");
  if (request.payinAccountId === null) throw new LifecycleError(409, "This request has no receiving account.");
  return bankTransfer(ctx, request.payinAccountId, amount ?? request.generatedSatang ?? request.requestedSatang);
}

/** Admin approval: a pay-in (QR or P2P), or the final payout of a Pay-Out. */
export function approve(ctx: SandboxContext, request: PaymentRequest): ChangeResult {
  if (request.direction === "PayOut") return payOut(ctx, request, null);
  requirePending(request, "approved");
  if (request.kind === "payin") {
    return completePayIn(ctx, request, approvedStatus(ctx), request.generatedSatang ?? request.requestedSatang);
  }
  // P2P: the pay-in completes and the matched pay-out gets a partial success; no hub event (§2.4, §4.10).
  const payoutBefore = request.p2pPayoutId ? ctx.store.get("requests", request.p2pPayoutId) : undefined;
  // A reservation canceled with its pay-out (rejected meanwhile) pays nothing out.
  const reservedBefore = payoutBefore?.partials.find((p) => p.payinRequestId === request.id && p.status === "Pending");
  // The pay-out's merchant pays amount + pay-out fee; the provider refuses the whole approval when it cannot (§9.3).
  const p2pPayoutFee = payoutBefore ? payOutFee(request.requestedSatang, payoutBefore.payoutFeePct) : 0;
  if (payoutBefore && reservedBefore) requireFunds(ctx, payoutBefore.merchantId, request.requestedSatang + p2pPayoutFee);
  const done = save(ctx, request, { status: approvedStatus(ctx), statusCode: "OK", statusReason: "Success" });
  // P2P fees are never DiscardCent'ed (§9.3).
  const p2pPayinFee = percentOf(done.requestedSatang, done.payInFeePct);
  const payinTxId = newId();
  creditPayIn(ctx, done, payinTxId, done.requestedSatang, p2pPayinFee);
  const webhooks = [
    ctx.webhooks.emit("PaymentIn.Success", done, {
      txId: payinTxId,
      txSatang: done.requestedSatang,
      payinFeeSatang: p2pPayinFee,
    }),
  ];
  const payout = done.p2pPayoutId ? ctx.store.get("requests", done.p2pPayoutId) : undefined;
  const reserved = payout?.partials.find((p) => p.payinRequestId === done.id && p.status === "Pending");
  if (payout && reserved) {
    debitPayOut(ctx, payout, done.requestedSatang, p2pPayoutFee, true);
    const partials = payout.partials.map((p) => (p.payinRequestId === done.id ? { ...p, status: "Approved" as const, at: Date.now() } : p));
    const updated = save(ctx, payout, { partials, paidSatang: payout.paidSatang + done.requestedSatang });
    webhooks.push(
      ctx.webhooks.emit("PaymentOut.Success", updated, {
        txId: newId(),
        txSatang: done.requestedSatang,
        isPartial: true,
        paidInclusiveSatang: updated.paidSatang,
        payoutFeeSatang: p2pPayoutFee,
      }),
    );
  }
  return { request: done, webhooks, hubDeliveries: 0 };
}

export function reject(ctx: SandboxContext, request: PaymentRequest, statusCode: string | null, reason: string | null): ChangeResult {
  requirePending(request, "rejected");
  return endRequest(ctx, request, "Rejected", statusCode, reason ?? "Rejected by the provider's admin");
}

export function expire(ctx: SandboxContext, request: PaymentRequest): ChangeResult {
  if (request.direction !== "PayIn") throw new LifecycleError(409, "Only pay-ins expire; reject a Pay-Out instead.");
  requirePending(request, "expired");
  // There is no Expired status at the live provider: expiry is Rejected + ERR_EXPIRED_REQUEST (§2.2).
  // The spec profile reports Expired, which the spec leaves open and PayDesk must accept too.
  const status = ctx.config.profile === "live" ? "Rejected" : "Expired";
  return endRequest(ctx, request, status, "ERR_EXPIRED_REQUEST", "Payment request has expired");
}

function endRequest(ctx: SandboxContext, request: PaymentRequest, status: string, statusCode: string | null, reason: string): ChangeResult {
  const ended = save(ctx, request, {
    status,
    statusCode,
    statusReason: reason,
    expireAt: status === "Expired" ? Math.min(request.expireAt ?? Date.now(), Date.now()) : request.expireAt,
  });
  if (ended.kind === "payin_p2p" && ended.p2pPayoutId) {
    const payout = ctx.store.get("requests", ended.p2pPayoutId);
    if (payout)
      save(ctx, payout, {
        partials: payout.partials.map((p) =>
          p.payinRequestId === ended.id && p.status === "Pending" ? { ...p, status: "Canceled" as const } : p,
        ),
      });
  }
  if (ended.direction === "PayOut" && ended.partials.some((p) => p.status === "Pending")) {
    save(ctx, ended, { partials: ended.partials.map((p) => (p.status === "Pending" ? { ...p, status: "Canceled" as const } : p)) });
  }
  const event = ended.direction === "PayIn" ? "PaymentIn.Rejected" : "PaymentOut.Rejected";
  return { request: ended, webhooks: [ctx.webhooks.emit(event, ended, { txSatang: ended.requestedSatang })], hubDeliveries: 0 };
}

/**
 * A pay-out round. With an amount: a partial transfer (as P2P rounds are) — PAYOUT_IS_PARTIAL=True
 * and the request stays Pending. Without: the final payout of whatever remains (possibly 0), which
 * completes the request (§2.5, §6.3).
 */
export function payOut(ctx: SandboxContext, request: PaymentRequest, amount: Satang | null): ChangeResult {
  if (request.direction !== "PayOut") throw new LifecycleError(409, "Only a Pay-Out or Withdrawal can be paid out.");
  requirePending(request, "paid out");
  const pendingP2P = request.partials.filter((p) => p.status === "Pending").reduce((s, p) => s + p.amountSatang, 0);
  const remaining = request.requestedSatang - request.paidSatang;
  if (amount !== null) {
    if (amount <= 0 || amount > remaining - pendingP2P) {
      throw new LifecycleError(
        400,
        `A partial payout must be more than 0 and at most the ${(remaining - pendingP2P) / 100} THB not yet paid or reserved by P2P.`,
      );
    }
    const fee = payOutFee(amount, request.payoutFeePct);
    requireFunds(ctx, request.merchantId, amount + (merchantBearsFee(request, false) ? fee : 0));
    const partials = [...request.partials, { payinRequestId: null, amountSatang: amount, status: "Approved" as const, at: Date.now() }];
    const updated = save(ctx, request, { partials, paidSatang: request.paidSatang + amount });
    debitPayOut(ctx, updated, amount, fee, false);
    const webhook = ctx.webhooks.emit("PaymentOut.Success", updated, {
      txId: newId(),
      txSatang: amount,
      isPartial: true,
      paidInclusiveSatang: updated.paidSatang,
      payoutFeeSatang: fee,
    });
    return { request: updated, webhooks: [webhook], hubDeliveries: 0 };
  }
  if (pendingP2P > 0) {
    // Paying the remainder now would pay the reserved P2P money twice once those pay-ins are approved.
    throw new LifecycleError(
      409,
      `${pendingP2P / 100} THB of this Pay-Out is reserved by pending P2P pay-ins; approve or reject them first.`,
    );
  }
  // Admin approval of the pay-out: the merchant's wallet must hold the remainder + its fee, else
  // ERROR_INSUFFICIENT_BALANCE and nothing changes (§9.3).
  const fee = payOutFee(remaining, request.payoutFeePct);
  requireFunds(ctx, request.merchantId, remaining + (merchantBearsFee(request, false) ? fee : 0));
  const done = save(ctx, request, {
    status: approvedStatus(ctx),
    statusCode: "OK",
    statusReason: "Success",
    paidSatang: request.requestedSatang,
  });
  debitPayOut(ctx, done, remaining, fee, false);
  const webhook = ctx.webhooks.emit("PaymentOut.Success", done, {
    txId: newId(),
    txSatang: remaining,
    isPartial: false,
    paidInclusiveSatang: done.requestedSatang,
    payoutFeeSatang: fee,
  });
  return { request: done, webhooks: [webhook], hubDeliveries: 0 };
}

/** The provider's cleanup job: pending pay-ins past expireAt are ended (§2.3 step 5). */
export function sweepExpired(ctx: SandboxContext, now = Date.now()): number {
  let count = 0;
  for (const request of ctx.store.all("requests")) {
    if (request.direction === "PayIn" && request.status === "Pending" && request.expireAt !== null && request.expireAt < now) {
      expire(ctx, request);
      count += 1;
    }
  }
  return count;
}
