import "server-only";
import { authSecret } from "../secrets";
import * as signing from "./signing";

/**
 * Checkout tokens signed with this server's AUTH_SECRET (lib/secrets.ts). The format and the
 * reasons are in ./signing.ts.
 */
export { CHECKOUT_LINK_GRACE_MS, checkoutLinkExpiry, checkoutPath, receiptPath, type CheckoutTokenResult } from "./signing";

export interface TokenOptions {
  /** The secret to derive the key from; AUTH_SECRET when omitted. */
  secret?: string;
  now?: Date;
}

const withSecret = (options: TokenOptions): signing.TokenOptions => ({ ...options, secret: options.secret ?? authSecret() });

export function signCheckoutToken(requestId: string, linkExpiresAt: Date, options: TokenOptions = {}): string {
  return signing.signCheckoutToken(requestId, linkExpiresAt, withSecret(options));
}

/** The token for a request's checkout link (valid until its expiry + 24 h). */
export function checkoutTokenFor(request: { id: string; expireAt: Date | null; createdAt: Date }, options: TokenOptions = {}): string {
  return signing.checkoutTokenFor(request, withSecret(options));
}

export function verifyCheckoutToken(token: string, options: TokenOptions = {}): signing.CheckoutTokenResult {
  return signing.verifyCheckoutToken(token, withSecret(options));
}

/** The token for a paid Pay-In's receipt link, `/receipts/<token>` (lib/receipts/). */
export function receiptTokenFor(request: { id: string; createdAt: Date }, options: TokenOptions = {}): string {
  return signing.receiptTokenFor(request, withSecret(options));
}

/**
 * The receipt's absolute address while its link still works (RECEIPT_LINK_LIFETIME_MS from the
 * request's creation), else null: nothing hands out a link that would only say "expired".
 */
export function receiptUrlFor(request: { id: string; createdAt: Date }, publicBaseUrl: string, options: TokenOptions = {}): string | null {
  const now = options.now ?? new Date();
  if (now.getTime() >= request.createdAt.getTime() + signing.RECEIPT_LINK_LIFETIME_MS) return null;
  return `${publicBaseUrl}${signing.receiptPath(receiptTokenFor(request, options))}`;
}

export function verifyReceiptToken(token: string, options: TokenOptions = {}): signing.CheckoutTokenResult {
  return signing.verifyCheckoutToken(token, withSecret(options), "receipt");
}
