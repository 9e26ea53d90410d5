/**
 * The provider's THB wallet per merchant (docs/provider-facts.md §9): a balance and one transaction
 * for every credit and debit. A matched or approved pay-in credits the amount minus its fee
 * (DiscardCent moves the satang into the fee); a P2P approval credits the payer's merchant and
 * debits the pay-out's merchant; a pay-out debits the amount plus its fee when the merchant pays
 * it. Only debits for pay-outs are checked against the balance (ERROR_INSUFFICIENT_BALANCE);
 * credits never are. The control API can seed a balance and inject a manual adjustment.
 */
import { percentOf, type Satang } from "../lib/money";
import { isoTime, newId, type SandboxContext } from "./context";
import type { Store } from "./store";
import type { Merchant, Wallet, WalletTx } from "./types";

/** Demo merchants start rich enough that no existing flow (990,000 THB pay-outs in tests) is refused. */
export const OPENING_BALANCE_SATANG: Satang = 10_000_000_000; // 100,000,000.00 THB

export class InsufficientBalanceError extends Error {
  readonly status = "ERROR_INSUFFICIENT_BALANCE";
  constructor(
    readonly wallet: Wallet,
    readonly requiredSatang: Satang,
  ) {
    // The provider's own sentence (PaymentRequestService.cs:655-659), amounts in baht.
    super(
      `Merchant wallet has insufficient balance, MerchantId=[${wallet.merchantId}], WalletId=[${wallet.id}], CurrentBalance=[${wallet.balanceSatang / 100}], RequiredAmount=[${requiredSatang / 100}]`,
    );
  }
}

export function walletOf(store: Store, merchantId: string): Wallet | undefined {
  return store.all("wallets").find((w) => w.merchantId === merchantId);
}

function createWallet(store: Store, merchant: Merchant): Wallet {
  const now = Date.now();
  return store.put("wallets", {
    id: newId(),
    orgId: merchant.orgId,
    merchantId: merchant.id,
    balanceSatang: 0,
    legacyBalance: 0,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Every merchant gets a wallet; one created here (first start, or a journal from before wallets
 * existed) opens with OPENING_BALANCE_SATANG, recorded as a `seed` transaction so the history
 * always adds up to the balance.
 */
export function ensureWallets(store: Store): void {
  for (const merchant of store.all("merchants")) {
    if (walletOf(store, merchant.id)) continue;
    const wallet = createWallet(store, merchant);
    move(store, wallet, 1, OPENING_BALANCE_SATANG, {
      cause: "seed",
      requestId: null,
      feeSatang: 0,
      tags: "Sandbox=[OpeningBalance]",
      description: "Opening balance of the sandbox",
    });
  }
}

export function walletOrCreate(store: Store, merchantId: string): Wallet {
  const found = walletOf(store, merchantId);
  if (found) return found;
  const merchant = store.get("merchants", merchantId);
  if (!merchant) throw new Error(`no merchant ${merchantId}`);
  return createWallet(store, merchant);
}

interface MoveFacts {
  cause: WalletTx["cause"];
  requestId: string | null;
  feeSatang: Satang;
  tags: string | null;
  description: string | null;
}

/** Appends one transaction and the new balance. Credits and debits of 0 are recorded too, as the provider does. */
function move(store: Store, wallet: Wallet, txType: 1 | -1, amountSatang: Satang, facts: MoveFacts): WalletTx {
  const now = Date.now();
  // The provider's legacy long columns take only the whole-baht part of each movement (PointService.AddPoint/DeductPoint).
  const legacyAmount = Math.floor(amountSatang / 100);
  const current = wallet.balanceSatang + txType * amountSatang;
  const legacyCurrent = wallet.legacyBalance + txType * legacyAmount;
  const tx = store.put("walletTxs", {
    id: newId(),
    orgId: wallet.orgId,
    walletId: wallet.id,
    txType,
    amountSatang,
    previousSatang: wallet.balanceSatang,
    currentSatang: current,
    legacyAmount,
    legacyPrevious: wallet.legacyBalance,
    legacyCurrent,
    ...facts,
    createdAt: now,
  });
  store.put("wallets", { ...wallet, balanceSatang: current, legacyBalance: legacyCurrent, updatedAt: now });
  return tx;
}

/**
 * Pay-in fee as the provider computes it for a bank-matched or admin-approved QR pay-in:
 * round(amount × pct / 100, 2, away from zero); with DiscardCent the satang of what is left join
 * the fee, so the credit is whole baht (§9.3).
 */
export function payInFee(amount: Satang, pct: string, discardCent: boolean): { fee: Satang; credit: Satang } {
  let fee = percentOf(amount, pct);
  if (discardCent) fee += (amount - fee) % 100;
  return { fee, credit: amount - fee };
}

/** Pay-out fee: round(amount × pct / 100, 2, away from zero); the merchant pays amount + fee (§9.3). */
export function payOutFee(amount: Satang, pct: string): Satang {
  return percentOf(amount, pct);
}

const refTag = (refId1: string | null) => (refId1 ? `, RefId1=[${refId1}]` : "");

/**
 * Discrepancies a test can arm for a merchant's next movement of a kind (the control API's
 * `POST /sandbox/merchants/:id/wallet/faults`), so PayDesk's reconciliation has something to find:
 * a pay-in credit never written (`skip_credit`), a pay-in credited with a fee one baht higher than
 * the webhook states (`wrong_fee`), a pay-out debited twice (`double_debit`). One-shot, in memory.
 */
export const WALLET_FAULTS = ["skip_credit", "wrong_fee", "double_debit"] as const;
export type WalletFault = (typeof WALLET_FAULTS)[number];
const armedFaults = new WeakMap<Store, Map<string, WalletFault[]>>();

export function armWalletFault(store: Store, merchantId: string, fault: WalletFault): void {
  const byMerchant = armedFaults.get(store) ?? new Map<string, WalletFault[]>();
  armedFaults.set(store, byMerchant);
  byMerchant.set(merchantId, [...(byMerchant.get(merchantId) ?? []), fault]);
}

function takeFault(store: Store, merchantId: string, fault: WalletFault): boolean {
  const armed = armedFaults.get(store)?.get(merchantId) ?? [];
  const at = armed.indexOf(fault);
  if (at < 0) return false;
  armed.splice(at, 1);
  return true;
}

export function creditPayIn(
  ctx: SandboxContext,
  request: { id: string; merchantId: string; refId1: string; kind: string; payInFeePct: string },
  txId: string,
  amount: Satang,
  fee: Satang,
): WalletTx | null {
  if (takeFault(ctx.store, request.merchantId, "skip_credit")) return null;
  if (takeFault(ctx.store, request.merchantId, "wrong_fee")) fee += 100;
  return move(ctx.store, walletOrCreate(ctx.store, request.merchantId), 1, amount - fee, {
    cause: request.kind === "payin_p2p" ? "payin_p2p" : "payin",
    requestId: request.id,
    feeSatang: fee,
    tags: `PaymentTxId=[${txId}]${refTag(request.refId1)}`,
    description: request.kind === "payin_p2p" ? `${amount / 100} - ${fee / 100} (fee=${request.payInFeePct}%)` : null,
  });
}

/** Throws InsufficientBalanceError when the merchant's wallet cannot pay `required`. */
export function requireBalance(ctx: SandboxContext, merchantId: string, required: Satang): Wallet {
  const wallet = walletOrCreate(ctx.store, merchantId);
  if (wallet.balanceSatang < required) throw new InsufficientBalanceError(wallet, required);
  return wallet;
}

/**
 * The merchant's wallet pays a pay-out round: the amount, and its fee when the merchant bears it —
 * always for a P2P round (the provider writes those with PayoutFeePayer "Merchant"), else as the
 * request says (any value but "Merchant" puts the fee on the recipient, §9.3).
 */
export function merchantBearsFee(request: { payoutFeePayer?: string }, p2p: boolean): boolean {
  return p2p || (request.payoutFeePayer ?? "Merchant") === "Merchant";
}

export function debitPayOut(
  ctx: SandboxContext,
  request: { id: string; merchantId: string; refId1: string; payoutFeePct: string; payoutFeePayer?: string },
  amount: Satang,
  providerFee: Satang,
  p2p: boolean,
): WalletTx {
  const fee = merchantBearsFee(request, p2p) ? providerFee : 0;
  const wallet = requireBalance(ctx, request.merchantId, amount + fee);
  const facts = {
    cause: p2p ? ("payout_p2p" as const) : ("payout" as const),
    requestId: request.id,
    feeSatang: fee,
    tags: `PayOutRequestId=[${request.id}]${refTag(request.refId1)}`,
    description: p2p ? `${amount / 100} + ${fee / 100} (fee=${request.payoutFeePct}%)` : null,
  };
  const tx = move(ctx.store, wallet, -1, amount + fee, facts);
  if (takeFault(ctx.store, request.merchantId, "double_debit"))
    move(ctx.store, walletOrCreate(ctx.store, request.merchantId), -1, amount + fee, facts);
  return tx;
}

/**
 * A movement PayDesk did not cause: the provider's admin adding or deducting money by hand
 * (AdminWallet AddPoint/DeductPoint, §9.4). A deduction may not take the balance below 0.
 */
export function adjust(
  ctx: SandboxContext,
  merchantId: string,
  signedSatang: Satang,
  description: string | null,
  tags: string | null,
  cause: "adjustment" | "seed" = "adjustment",
): WalletTx | { refused: string } {
  const wallet = walletOrCreate(ctx.store, merchantId);
  if (signedSatang < 0 && wallet.balanceSatang + signedSatang < 0) {
    return {
      refused: `Balance cannot be less than 0 (INVALID_BALANCE_LESS_THAN_ZERO_DECIMAL): the wallet holds ${wallet.balanceSatang / 100} THB.`,
    };
  }
  return move(ctx.store, wallet, signedSatang < 0 ? -1 : 1, Math.abs(signedSatang), {
    cause,
    requestId: null,
    feeSatang: 0,
    tags,
    description,
  });
}

/** `Wallet` as the provider serializes MWallet (camelCase, §9.1). */
export function walletView(ctx: SandboxContext, wallet: Wallet): Record<string, unknown> {
  const merchant = ctx.store.get("merchants", wallet.merchantId);
  return {
    id: wallet.id,
    orgId: wallet.orgId,
    name: merchant ? `${merchant.code} wallet` : null,
    tags: null,
    description: null,
    customerId: null,
    merchantId: wallet.merchantId,
    bankAccountId: null,
    pointBalance: wallet.legacyBalance,
    pointBalanceDecimal: wallet.balanceSatang / 100,
    createdDate: isoTime(wallet.createdAt, ctx.config.profile),
    updatedDate: isoTime(wallet.updatedAt, ctx.config.profile),
    merchantCode: null,
  };
}

/** `MPointTx` as the provider serializes it (camelCase, §9.2). */
export function walletTxView(ctx: SandboxContext, tx: WalletTx): Record<string, unknown> {
  return {
    id: tx.id,
    orgId: tx.orgId,
    walletId: tx.walletId,
    tags: tx.tags,
    description: tx.description,
    txAmount: tx.legacyAmount,
    txAmountDecimal: tx.amountSatang / 100,
    txType: tx.txType,
    currentBalance: tx.legacyCurrent,
    currentBalanceDecimal: tx.currentSatang / 100,
    previousBalance: tx.legacyPrevious,
    previousBalanceDecimal: tx.previousSatang / 100,
    createdDate: isoTime(tx.createdAt, ctx.config.profile),
    updatedDate: null,
  };
}
