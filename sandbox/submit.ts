/**
 * The submit operations: validation in the provider's order, with its status codes
 * (docs/provider-facts.md §3.2–§3.3), and creation of the request.
 */
import { randomInt, randomUUID } from "node:crypto";
import { amountProblemText, parseAmount, type Satang } from "../lib/money";
import { amountSlot, isGuid, newId, type SandboxContext } from "./context";
import { Binder } from "./http";
import { billPaymentPayload, promptPayPayload } from "./promptpay";
import type { BankAccount, Destination, Kind, Merchant, PaymentRequest } from "./types";

export type SubmitResult =
  | { ok: true; request: PaymentRequest }
  /** `controller` errors are answered as JSON even by the live provider (§3.1); `extra` is the envelope's payload key. */
  | { ok: false; code: string; description: string; controller?: boolean; extra?: Record<string, unknown>; crash?: boolean };

const SLIP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const P2P_WINDOW_MS = 24 * 60 * 60 * 1000;

export function fail(code: string, description: string, more: Partial<Extract<SubmitResult, { ok: false }>> = {}): SubmitResult {
  return { ok: false, code, description, ...more };
}

/** Controller-level merchant lookup: answered `{status, description, merchant: null}` (§3.2). */
export function findMerchant(ctx: SandboxContext, merchantId: string): Merchant | SubmitResult {
  if (!isGuid(merchantId))
    return fail("UUID_INVALID", `Merchant ID [${merchantId}] is not in GUID format`, { controller: true, extra: { merchant: null } });
  const merchant = ctx.store.get("merchants", merchantId.toLowerCase());
  if (!merchant) return fail("NOTFOUND", `Merchant ID [${merchantId}] not found`, { controller: true, extra: { merchant: null } });
  return merchant;
}

interface CommonFields {
  refId1: string | null;
  refId2: string | null;
  refId3: string | null;
  description: string | null;
  tags: string | null;
  qrProvider: string | null;
  amount: unknown;
}

export function readCommon(b: Binder): CommonFields {
  return {
    refId1: b.string("RefId1"),
    refId2: b.string("RefId2"),
    refId3: b.string("RefId3"),
    description: b.string("Description"),
    tags: b.string("Tags"),
    qrProvider: b.string("QrProvider"),
    amount: b.number("RequestedAmount"),
  };
}

/** RefId1 checks shared by every submit, first in the provider's order. */
export function checkRef(ctx: SandboxContext, orgId: string, f: CommonFields): { refId1: string } | SubmitResult {
  const refId1 = f.refId1?.trim() ?? "";
  if (refId1 === "") return fail("REF_ID1_MISSING", "RefId1 is missing");
  // RefId1 is unique per org across every kind and status, rejected rows included (§8.6).
  if (ctx.store.requestByRef(orgId, refId1)) return fail("REF_ID1_DUPLICATE", `RefId1 [${refId1}] already exists`);
  return { refId1 };
}

export function readAmount(ctx: SandboxContext, raw: unknown): Satang | SubmitResult {
  const invalid = () => fail("INVALID_PAYMENT_AMOUNT", "Requested amount must be greater than zero");
  if (raw === null) {
    // The live provider does not catch a missing amount and fails later with an empty 500 (§3.2 notes).
    return ctx.config.profile === "live" ? fail("INTERNAL_ERROR", "RequestedAmount missing", { crash: true }) : invalid();
  }
  const parsed = parseAmount(raw);
  if (parsed.ok) return parsed.satang > 0 ? parsed.satang : invalid();
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) return invalid();
  // More than 2 decimals: the live provider does not validate precision and its QR shows 2 dp (§8.4).
  if (ctx.config.profile === "live")
    return Math.round(value * 100) || fail("INVALID_PAYMENT_AMOUNT", "Requested amount must be greater than zero");
  return fail("INVALID_PAYMENT_AMOUNT", `Requested amount is invalid: ${amountProblemText(parsed.problem, raw)}`); // too many decimals, or too large
}

export function baseRequest(
  orgId: string,
  merchant: Merchant,
  kind: Kind,
  refId1: string,
  f: CommonFields,
  satang: Satang,
): PaymentRequest {
  const now = Date.now();
  return {
    id: newId(),
    orgId,
    merchantId: merchant.id,
    kind,
    direction: kind === "payin" || kind === "payin_p2p" ? "PayIn" : "PayOut",
    refId1,
    refId2: f.refId2,
    refId3: f.refId3,
    payerName: null,
    description: f.description,
    customerEmail: null,
    customerPhone: null,
    tags: f.tags,
    qrProvider: f.qrProvider,
    requestedSatang: satang,
    generatedSatang: null,
    status: "Pending",
    statusCode: null,
    statusReason: null,
    createdAt: now,
    updatedAt: now,
    expireAt: null,
    payinAccountId: null,
    payinBankCode: null,
    payinBankAccountNo: null,
    payinBankAccountName: null,
    payinPromptPayId: null,
    qrCode: null,
    isQrAvailable: false,
    slipToken: null,
    p2pPayoutId: null,
    payInFeePct: merchant.payInFeePct,
    discardCent: merchant.discardCent ?? false,
    destination: null,
    payoutFeePct: merchant.payoutFeePct,
    partials: [],
    paidSatang: 0,
  };
}

/** A rejected-at-submit row keeps its RefId1 (§3.2 "Row stored? yes"). */
function storeRejected(ctx: SandboxContext, request: PaymentRequest, code: string, description: string): SubmitResult {
  ctx.store.put("requests", { ...request, status: "Rejected", statusCode: code, statusReason: description });
  return fail(code, description);
}

export function submitPayIn(
  ctx: SandboxContext,
  orgId: string,
  merchant: Merchant,
  body: Record<string, unknown>,
  isP2P: boolean,
): SubmitResult {
  const b = new Binder(body);
  const f = readCommon(b);
  const currency = b.string("Currency");
  const extra = { payerName: b.string("PayerName"), customerEmail: b.string("CustomerEmail"), customerPhone: b.string("CustomerPhone") };
  b.done();

  const ref = checkRef(ctx, orgId, f);
  if ("ok" in ref) return ref;
  if (currency !== "THB") return fail("CURRENCY_NOT_SUPPORT", `Currency [${currency ?? ""}] is not supported`);
  if (f.qrProvider !== "PP" && f.qrProvider !== "SCB")
    return fail("BANK_PROVIDER_NOT_SUPPORT", `QR provider [${f.qrProvider ?? ""}] is not supported`);
  const satang = readAmount(ctx, f.amount);
  if (typeof satang !== "number") return satang;

  const request = { ...baseRequest(orgId, merchant, isP2P ? "payin_p2p" : "payin", ref.refId1, f, satang), ...extra };
  if (
    (merchant.payinMinSatang !== null && satang < merchant.payinMinSatang) ||
    (merchant.payinMaxSatang !== null && satang > merchant.payinMaxSatang)
  ) {
    const range = `[${(merchant.payinMinSatang ?? 0) / 100}, ${merchant.payinMaxSatang === null ? "∞" : merchant.payinMaxSatang / 100}]`;
    return storeRejected(ctx, request, "ERROR_VALUE_NOT_IN_RANGE", `Requested amount [${satang / 100}] is not in range ${range}`);
  }
  const live = ctx.config.profile === "live";
  const minutes = merchant.payinExpireMinutes ?? (live ? 30 : 15); // §5.2: live default 30, docs 15
  request.expireAt = request.createdAt + minutes * 60_000;
  request.slipToken = randomUUID();

  if (isP2P) {
    const match = matchP2P(ctx, satang);
    if (!match)
      return storeRejected(ctx, request, "ERROR_NO_P2P_ACCOUNT_MATCH", "No pending pay-out request is available to match this amount");
    const { payout, destination } = match;
    payout.partials = [...payout.partials, { payinRequestId: request.id, amountSatang: satang, status: "Pending", at: Date.now() }];
    ctx.store.put("requests", { ...payout, updatedAt: Date.now() });
    Object.assign(request, {
      generatedSatang: satang, // P2P never randomises satang (§5.1)
      p2pPayoutId: payout.id,
      payinBankCode: destination.bankCode,
      payinBankAccountNo: destination.accountNo,
      payinBankAccountName: destination.accountName,
      payinPromptPayId: destination.promptPayId,
      isQrAvailable: destination.promptPayId !== null,
      qrCode:
        destination.promptPayId === null
          ? null
          : promptPayPayload({
              promptPayId: destination.promptPayId,
              amountSatang: satang,
              bankCode: destination.bankCode ?? "PP",
              accountNo: destination.accountNo ?? destination.promptPayId,
              refId1: qrRef(request.refId1),
            }),
    });
  } else {
    const placed = placePayIn(ctx, merchant, request, f.qrProvider);
    if (!placed) return storeRejected(ctx, request, "ERROR_NO_PAYIN_ACCOUNT_MATCH", "No pay-in bank account is available for this request");
  }
  ctx.store.put("requests", request);
  if (request.payinAccountId !== null && request.generatedSatang !== null) {
    const slot = amountSlot(request.payinAccountId, request.generatedSatang);
    ctx.pendingByAccount.set(slot, (ctx.pendingByAccount.get(slot) ?? new Set<string>()).add(request.id));
  }
  ctx.store.put("slipTokens", { token: request.slipToken, requestId: request.id, expiresAt: request.createdAt + SLIP_TOKEN_TTL_MS });
  return { ok: true, request };
}

/** RefId1 goes into the QR only when it fits EMVCo's reference field as ASCII (§8.2). */
function qrRef(refId1: string): string {
  return refId1.length <= 25 && /^[\x20-\x7e]*$/.test(refId1) ? refId1 : "";
}

function placePayIn(ctx: SandboxContext, merchant: Merchant, request: PaymentRequest, qrProvider: string | null): boolean {
  const live = ctx.config.profile === "live";
  const candidates = ctx.store
    .all("accounts")
    .filter(
      (a) => a.category === "PayIn" && a.isActive && a.orgId === request.orgId && (a.merchantId === null || a.merchantId === merchant.id),
    )
    .filter((a) => (qrProvider === "SCB" ? a.bankCode === "SCB" && a.billerId !== null : a.promptPayId !== null));
  for (const account of candidates) {
    const generated = live ? randomCents(request.requestedSatang) : uniqueCents(ctx, account, request.requestedSatang);
    if (generated === null) continue;
    const refId1 = qrRef(request.refId1);
    Object.assign(request, {
      generatedSatang: generated,
      payinAccountId: account.id,
      payinBankCode: account.bankCode,
      payinBankAccountNo: account.accountNo,
      payinBankAccountName: account.accountName,
      payinPromptPayId: account.promptPayId,
      qrCode:
        qrProvider === "SCB"
          ? billPaymentPayload({
              billerId: account.billerId ?? "",
              amountSatang: generated,
              refId1: request.refId1,
              refId2: request.refId2,
            })
          : promptPayPayload({
              promptPayId: account.promptPayId ?? "",
              amountSatang: generated,
              bankCode: account.bankCode,
              accountNo: account.accountNo,
              refId1,
            }),
      // Live: true only when the account has a PromptPay id, even if an SCB QR was made (§4.1).
      isQrAvailable: live ? account.promptPayId !== null : true,
    });
    return true;
  }
  return false;
}

/** Live: whole baht of the request plus random satang 0.01–0.99, avoiding multiples of 0.10 when it can (§5.1). */
function randomCents(requested: Satang): Satang {
  const whole = requested - (requested % 100);
  let cents = randomInt(1, 100);
  for (let i = 0; i < 3 && cents % 10 === 0; i++) cents = randomInt(1, 100);
  return whole + cents;
}

/**
 * Spec profile: the same, but unique among pending requests on the account so every payment can
 * be matched — the live provider does not check, and two equal amounts then match nothing (§5.1).
 */
function uniqueCents(ctx: SandboxContext, account: BankAccount, requested: Satang): Satang | null {
  const whole = requested - (requested % 100);
  const taken = new Set<number>();
  for (const other of pendingInSlot(ctx, amountSlot(account.id, whole))) {
    if (other.generatedSatang !== null) taken.add(other.generatedSatang % 100);
  }
  if (taken.size >= 99) return null;
  let cents = randomInt(1, 100);
  while (taken.has(cents)) cents = (cents % 99) + 1;
  return whole + cents;
}

function* pendingInSlot(ctx: SandboxContext, slot: string): Generator<PaymentRequest> {
  const ids = ctx.pendingByAccount.get(slot);
  if (!ids) return;
  for (const id of ids) {
    const request = ctx.store.get("requests", id);
    if (request && request.status === "Pending") yield request;
    else ids.delete(id);
  }
}

/** Oldest pending pay-out of the last 24 h, of any merchant, with room for the whole amount (§5.5). */
function matchP2P(ctx: SandboxContext, satang: Satang): { payout: PaymentRequest; destination: Destination } | null {
  const since = Date.now() - P2P_WINDOW_MS;
  const payouts = ctx.store
    .all("requests")
    .filter((r) => r.direction === "PayOut" && r.status === "Pending" && r.createdAt >= since)
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const payout of payouts) {
    const committed = payout.paidSatang + payout.partials.filter((p) => p.status === "Pending").reduce((s, p) => s + p.amountSatang, 0);
    if (payout.requestedSatang - committed < satang || !payout.destination) continue;
    const destination = resolveDestination(ctx, payout.destination);
    // A blank PromptPayId (the live profile accepts "") is no PromptPay id: the dummy id and no QR
    // (§4.2), never isQrAvailable with a QR that has no target (the provider's builder throws, §3.2).
    return { payout, destination: { ...destination, promptPayId: destination.promptPayId?.trim() ? destination.promptPayId : null } };
  }
  return null;
}

export function resolveDestination(ctx: SandboxContext, d: Destination): Destination {
  if (d.registeredAccountId === null) return d;
  const account = ctx.store.get("accounts", d.registeredAccountId);
  if (!account) return d;
  return {
    ...d,
    bankCode: account.bankCode,
    accountNo: account.accountNo,
    accountName: account.accountName,
    promptPayId: account.promptPayId,
    accountType: account.promptPayId ? "PromptPay" : "Native",
  };
}
