import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_FIELDS, type NotificationKind } from "./choice-schema";

/**
 * The one-click "stop these e-mails" link in every staff e-mail's List-Unsubscribe header (RFC 8058;
 * lib/notify/unsubscribe.ts adds the server's secret, app/api/email/unsubscribe/route.ts takes it).
 * A mail client posts to it without the person signing in, so the link itself says who and what:
 * `<payload>.<tag>`, both base64url, the payload `{"s": staffId, "k": [kinds], "e": expiry}` and
 * the tag HMAC-SHA256 over it (cut to 128 bits), with a key derived from AUTH_SECRET under its own
 * purpose label, so no other token signed with that secret can stand in for it. It can only turn
 * e-mails off, for the person it was sent to; it works for 90 days after the e-mail.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const TAG_BYTES = 16;
const PURPOSE = "paydesk/email-unsubscribe/v1";
const KINDS = new Set<string>(Object.values(NOTIFICATION_FIELDS));

export type UnsubscribeTokenResult =
  { ok: true; staffId: string; kinds: NotificationKind[] } | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

const tag = (payload: string, secret: string) =>
  createHmac("sha256", createHmac("sha256", secret).update(PURPOSE).digest()).update(payload).digest().subarray(0, TAG_BYTES);

export function signUnsubscribeToken(staffId: string, kinds: readonly NotificationKind[], options: { secret: string; now?: Date }): string {
  if (kinds.length === 0) throw new RangeError("an unsubscribe link names at least one kind of e-mail");
  const expiry = Math.floor((options.now ?? new Date()).getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify({ s: staffId, k: [...new Set(kinds)].sort(), e: expiry })).toString("base64url");
  return `${payload}.${tag(payload, options.secret).toString("base64url")}`;
}

export function verifyUnsubscribeToken(token: string, options: { secret: string; now?: Date }): UnsubscribeTokenResult {
  const [payload, given, ...rest] = token.split(".");
  if (!payload || !given || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(given))
    return { ok: false, reason: "malformed" };
  const givenTag = Buffer.from(given, "base64url");
  // Compared in constant time, and before anything in the payload is believed.
  if (givenTag.length !== TAG_BYTES || !timingSafeEqual(givenTag, tag(payload, options.secret)))
    return { ok: false, reason: "bad_signature" };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const { s, k, e } = (claims ?? {}) as { s?: unknown; k?: unknown; e?: unknown };
  if (typeof s !== "string" || !Array.isArray(k) || k.length === 0 || !k.every((kind) => KINDS.has(kind)) || typeof e !== "number")
    return { ok: false, reason: "malformed" };
  if ((options.now ?? new Date()).getTime() >= e * 1000) return { ok: false, reason: "expired" };
  return { ok: true, staffId: s, kinds: k as NotificationKind[] };
}
