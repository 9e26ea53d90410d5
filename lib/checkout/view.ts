import "server-only";
import { eq } from "drizzle-orm";
import { findBank } from "../banks";
import type { Db } from "../db/client";
import { merchantLogos, merchants, paymentRequests } from "../db/schema";
import { logoPath } from "../merchants/brand-color";
import { toSatang, type Satang } from "../money";
import { isAllowedReturnUrl, withPaydeskId } from "../merchants/return-origins";
import { isTerminal, type State } from "../requests/lifecycle";
import { readStoredPayInAnswer } from "../requests/stored-answer";
import { scannableQrPayload } from "./scannable-qr";
import { receiptPath, receiptTokenFor, verifyCheckoutToken, type TokenOptions } from "./token";

/**
 * What the customer's pages show of one request, read from PayDesk's own database: the stored
 * provider answer, never a provider call on load (docs/DESIGN.md §5.2). Only customer-facing
 * fields leave this module — no RefId2/3, no creator, no keys, no provider ids beyond the
 * hub's sessionId (which the provider's hub needs and which is the request id, §4.10).
 */

export interface BankDetails {
  code: string | null;
  nameTh: string | null;
  nameEn: string | null;
  accountNo: string | null;
  accountName: string | null;
  promptPayId: string | null;
}

/** The status the page follows live: what changed, in the customer's terms. */
export type CustomerState = Exclude<State, "needs_review">;
export interface CheckoutStatus {
  state: CustomerState;
  /** The provider's reason for a rejection, as it sent it (shown in words under a translated title). */
  reason: string | null;
  /** When the request last changed: for a paid request, when the payment was recorded. */
  changedAt: string;
}

export interface CheckoutView {
  requestId: string;
  kind: "payin" | "payin_p2p";
  merchantName: string;
  refId1: string;
  amountSatang: Satang;
  status: CheckoutStatus;
  /** The EMVCo payload to draw, only while the request is open and the payload scans (valid CRC, lib/checkout/scannable-qr.ts). */
  qrPayload: string | null;
  /** The provider's own QR image (spec profile); the live provider always sends it empty (docs/provider-facts.md §4.1). */
  qrImage: string | null;
  bank: BankDetails;
  /** Absolute slip upload link: the provider's relative slipUploadUrl served by PayDesk (§4.6, §4.8); only while the request is open. */
  slipUrl: string | null;
  expireAt: string | null;
  /**
   * A checkout made through the merchant API: where the customer goes back to once the payment has
   * ended, and where a cancel leads while it is open — each with PayDesk's id added, and only while
   * its origin is still one the merchant allows (lib/merchants/return-origins.ts).
   */
  returnUrl: string | null;
  cancelUrl: string | null;
  /** For the provider's hub: JoinPayment(sessionId) at `hubPath`. */
  sessionId: string;
  hubPath: string;
  /**
   * The absolute link of the request's PDF receipt (app/receipts/[token]/route.ts). Made for every
   * request, so a page that turns paid in front of the customer can offer it; it shows a receipt only
   * once the request ended paid, and only the paid card links to it.
   */
  receiptUrl: string;
  brand: CustomerBrand;
}

/** The merchant's look on the customer's pages (lib/merchants/branding.ts): a checked colour, a logo PayDesk drew. */
export interface CustomerBrand {
  /** "#rrggbb", or null for PayDesk's own. */
  color: string | null;
  logo: { src: string; width: number; height: number } | null;
}

export type CheckoutLookup = { ok: true; view: CheckoutView } | { ok: false; reason: "bad_link" | "expired_link" | "not_ready" };

/** A submit left to a person (`needs_review`) is, to the customer, still being checked. */
export function statusOf(row: { status: string; statusReason: string | null; updatedAt: Date }): CheckoutStatus {
  const state = row.status === "needs_review" ? "unknown" : (row.status as CustomerState);
  return { state, reason: row.statusReason, changedAt: row.updatedAt.toISOString() };
}

/** The request a checkout token opens, or why it opens nothing (no request data in that case). */
export async function loadCheckout(db: Db, token: string, publicBaseUrl: string, options: TokenOptions = {}): Promise<CheckoutLookup> {
  const verified = verifyCheckoutToken(token, options);
  if (!verified.ok) return { ok: false, reason: verified.reason === "expired" ? "expired_link" : "bad_link" };
  const [row] = await db
    .select({
      request: paymentRequests,
      merchantName: merchants.displayName,
      origins: merchants.allowedReturnOrigins,
      brandColor: merchants.brandColor,
      logo: { width: merchantLogos.width, height: merchantLogos.height, version: merchantLogos.version },
    })
    .from(paymentRequests)
    .innerJoin(merchants, eq(merchants.id, paymentRequests.merchantId))
    .leftJoin(merchantLogos, eq(merchantLogos.merchantId, merchants.id))
    .where(eq(paymentRequests.id, verified.requestId))
    .limit(1);
  // A genuine token for a request that is gone, or is not a pay-in, opens nothing either.
  if (!row || (row.request.kind !== "payin" && row.request.kind !== "payin_p2p")) return { ok: false, reason: "bad_link" };
  const r = row.request;
  if (!r.providerResponse || r.providerId === null) return { ok: false, reason: "not_ready" };
  const answer = readStoredPayInAnswer(r.providerResponse);
  const state = r.status as State;
  const open = !isTerminal(state);
  const bank = findBank(answer.payInBankCode);
  const qrPayload = scannableQrPayload(answer.qrCode);
  // The provider's own image (spec profile) only when there is no payload of its own to draw.
  const qrImage = !qrPayload && !answer.qrCode && answer.isQrAvailable ? (answer.qrCodeImage ?? null) : null;
  const allowed = (url: string | null) => (url && isAllowedReturnUrl(url, row.origins) ? withPaydeskId(url, r.id) : null);
  return {
    ok: true,
    view: {
      requestId: r.id,
      kind: r.kind as "payin" | "payin_p2p",
      merchantName: row.merchantName,
      refId1: r.refId1,
      amountSatang: toSatang(r.generatedAmount ?? r.requestedAmount),
      status: statusOf(r),
      // A terminal request never shows a scannable QR (docs/DESIGN.md §5.2): the payload is not even sent.
      qrPayload: open ? qrPayload : null,
      qrImage: open ? qrImage : null,
      bank: {
        code: answer.payInBankCode ?? null,
        nameTh: bank?.nameTh ?? null,
        nameEn: bank?.nameEn ?? null,
        accountNo: answer.payInBankAccountNo ?? null,
        accountName: answer.payInBankAccountName ?? null,
        // The live provider leaves a dummy PromptPay id when there is no QR (§4.2); the normaliser drops it.
        promptPayId: answer.payInPromptPayId ?? null,
      },
      slipUrl:
        open && answer.slipUploadUrl
          ? /^https?:\/\//.test(answer.slipUploadUrl)
            ? answer.slipUploadUrl
            : `${publicBaseUrl}${answer.slipUploadUrl}`
          : null,
      expireAt: r.expireAt?.toISOString() ?? null,
      returnUrl: allowed(r.returnUrl),
      cancelUrl: open ? allowed(r.cancelUrl) : null,
      sessionId: answer.sessionId ?? r.providerId,
      hubPath: answer.websocketPath ?? "/realtime/payment-tx",
      receiptUrl: `${publicBaseUrl}${receiptPath(receiptTokenFor(r, options))}`,
      brand: {
        color: row.brandColor,
        logo: row.logo ? { src: logoPath(r.merchantId, row.logo.version), width: row.logo.width, height: row.logo.height } : null,
      },
    },
  };
}

/** The live status of the request a token opens, or null when the token opens nothing. */
export async function loadCheckoutStatus(
  db: Db,
  token: string,
  options: TokenOptions = {},
): Promise<{ requestId: string; status: CheckoutStatus } | null> {
  const verified = verifyCheckoutToken(token, options);
  if (!verified.ok) return null;
  return loadStatusById(db, verified.requestId);
}

export async function loadStatusById(db: Db, requestId: string): Promise<{ requestId: string; status: CheckoutStatus } | null> {
  const [row] = await db
    .select({
      kind: paymentRequests.kind,
      status: paymentRequests.status,
      statusReason: paymentRequests.statusReason,
      updatedAt: paymentRequests.updatedAt,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId))
    .limit(1);
  if (!row || (row.kind !== "payin" && row.kind !== "payin_p2p")) return null;
  return { requestId, status: statusOf(row) };
}
