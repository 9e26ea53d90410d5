import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signing behind the customer's checkout link (lib/checkout/token.ts adds the server's secret;
 * this file holds no secret and imports nothing server-only, so tools and tests can mint tokens
 * with a secret they were given).
 *
 * The customer's checkout link, `/checkout/<token>`: a signed, URL-safe token naming one request
 * and until when the link works. Stateless, so any PayDesk instance can check it without a lookup,
 * and nobody can walk request ids: the token is `<payload>.<signature>`, both base64url, where the
 * payload is `<requestId>.<expiry in unix seconds>` and the signature is HMAC-SHA256 over it.
 *
 * - The link outlives the payment window by 24 hours, so a customer who comes back late is told
 *   what happened to the payment instead of meeting a dead link.
 * - The key is derived from AUTH_SECRET with a purpose label, so a checkout token can never stand
 *   in for anything else signed with that secret (and vice versa).
 * - The tag is cut to 128 bits (HMAC-SHA256-128, RFC 2104 §5): unforgeable in practice, and the
 *   link — printed into a QR for the customer — stays short enough to scan off a screen.
 */
export const CHECKOUT_LINK_GRACE_MS = 24 * 60 * 60 * 1000;
const TAG_BYTES = 16;
/**
 * What a token is for: the label its key is derived with. A receipt link (`/receipts/<token>`, a paid
 * Pay-In's PDF receipt, lib/receipts/) is signed the same way under its own label, so neither token
 * opens the other's door.
 */
export type TokenPurpose = "checkout" | "receipt";
const PURPOSES: Record<TokenPurpose, string> = { checkout: "paydesk/checkout-link/v1", receipt: "paydesk/receipt-link/v1" };

/**
 * A receipt is kept: its link works for a year from the request's creation, long after the checkout
 * link has stopped, and is the same link every time it is made (a repeat is the same link).
 */
export const RECEIPT_LINK_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

export type CheckoutTokenResult =
  { ok: true; requestId: string; expiresAt: Date } | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

export interface TokenOptions {
  /** The secret to derive the key from (AUTH_SECRET). */
  secret: string;
  now?: Date;
}

function keyFrom(secret: string, purpose: TokenPurpose): Buffer {
  return createHmac("sha256", secret).update(PURPOSES[purpose]).digest();
}

function tag(payload: string, secret: string, purpose: TokenPurpose): Buffer {
  return createHmac("sha256", keyFrom(secret, purpose)).update(payload).digest().subarray(0, TAG_BYTES);
}

/**
 * A P2P Pay-In may come without an expiry; its payment window is then the provider's 24-hour P2P
 * matching window (docs/provider-facts.md §5.5), counted from creation.
 */
export const OPEN_ENDED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When a request's checkout link stops working: the request's own expiry plus the grace. */
export function checkoutLinkExpiry(request: { expireAt: Date | null; createdAt: Date }): Date {
  const closes = request.expireAt ?? new Date(request.createdAt.getTime() + OPEN_ENDED_WINDOW_MS);
  return new Date(closes.getTime() + CHECKOUT_LINK_GRACE_MS);
}

export function signCheckoutToken(
  requestId: string,
  linkExpiresAt: Date,
  options: TokenOptions,
  purpose: TokenPurpose = "checkout",
): string {
  if (requestId === "" || requestId.includes(".")) throw new RangeError(`a request id for a ${purpose} token is non-empty and has no dot`);
  const payload = `${requestId}.${Math.floor(linkExpiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString("base64url")}.${tag(payload, options.secret, purpose).toString("base64url")}`;
}

/** The token for a request's checkout link (valid until its expiry + 24 h). */
export function checkoutTokenFor(request: { id: string; expireAt: Date | null; createdAt: Date }, options: TokenOptions): string {
  return signCheckoutToken(request.id, checkoutLinkExpiry(request), options);
}

export function checkoutPath(token: string): string {
  return `/checkout/${token}`;
}

/** The token for a paid Pay-In's receipt link (valid for RECEIPT_LINK_LIFETIME_MS from its creation). */
export function receiptTokenFor(request: { id: string; createdAt: Date }, options: TokenOptions): string {
  return signCheckoutToken(request.id, new Date(request.createdAt.getTime() + RECEIPT_LINK_LIFETIME_MS), options, "receipt");
}

export function receiptPath(token: string): string {
  return `/receipts/${token}`;
}

export function verifyCheckoutToken(token: string, options: TokenOptions, purpose: TokenPurpose = "checkout"): CheckoutTokenResult {
  const parts = token.split(".");
  if (parts.length !== 2 || !isCanonicalBase64url(parts[0]!) || !isCanonicalBase64url(parts[1]!)) return { ok: false, reason: "malformed" };
  const payload = Buffer.from(parts[0]!, "base64url").toString();
  const given = Buffer.from(parts[1]!, "base64url");
  const match = /^([^.]+)\.(\d{1,12})$/.exec(payload);
  if (!match || given.length !== TAG_BYTES) return { ok: false, reason: "malformed" };
  // Compared in constant time, and before the expiry is believed: only a genuine token is "expired".
  if (!timingSafeEqual(given, tag(payload, options.secret, purpose))) return { ok: false, reason: "bad_signature" };
  const expiresAt = new Date(Number(match[2]) * 1000);
  if ((options.now ?? new Date()).getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, requestId: match[1]!, expiresAt };
}

/**
 * Base64url as signCheckoutToken writes it, and only so: a last character whose unused low bits
 * are set decodes to the same bytes, which would give one link many spellings (16 for the tag).
 */
function isCanonicalBase64url(text: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, "base64url").toString("base64url") === text;
}
