import "server-only";
import { getToken } from "next-auth/jwt";
import { authSecret } from "../secrets";

/**
 * Who this request's session cookie says signed in, read as next-auth wrote it: its own
 * getToken (the cookie, chunked or not, decrypted with the session secret; an expired, forged or
 * foreign one gives null). Pages and actions read the session through this rather than next-auth's
 * auth(), which also seals a renewed cookie that a page or an action cannot send — about a
 * millisecond of key derivation and encryption thrown away on every request (measured by
 * bench/create-overhead). The proxy still renews the cookie on the way in (proxy.ts).
 */
export interface SessionClaims {
  userId: string;
  /** This sign-in's id (lib/auth/base-config.ts), for sign-out and revocation. */
  sessionId: string | null;
  /** When this sign-in happened (the absolute limit counts from it); null for a cookie from before it was recorded. */
  signedInAt: Date | null;
}

/**
 * Cookies already opened, by secret and session cookie, until the token's own expiry: opening one
 * (key derivation and decryption) is most of a millisecond, and a person sends the same cookie on
 * every request until the proxy renews it. Only cookies that opened are kept; whether the sign-in
 * still stands is the database's answer, read on every request (lib/auth/session.ts).
 */
const opened = new Map<string, { claims: SessionClaims; expiresAt: number }>();
const OPENED_MAX = 5_000;

export async function sessionClaims(requestHeaders: Headers, secret: string = authSecret()): Promise<SessionClaims | null> {
  const cookie = requestHeaders.get("cookie") ?? "";
  const key = `${secret}\n${sessionCookieParts(cookie)}`;
  const hit = opened.get(key);
  if (hit && Date.now() < hit.expiresAt) return hit.claims;
  if (hit) opened.delete(key);
  // The cookie only: getToken would also take a Bearer token, which the console never hands out.
  const req = { headers: new Headers({ cookie }) };
  // next-auth names the cookie __Secure-… when it set it over https. Each name is also the token's
  // salt, so a token opens only under the name it was issued with.
  const token = (await getToken({ req, secret, secureCookie: true })) ?? (await getToken({ req, secret, secureCookie: false }));
  const userId = typeof token?.uid === "string" && token.uid !== "" ? token.uid : null;
  if (!userId) return null;
  const signedInAt = typeof token?.sat === "number" && Number.isFinite(token.sat) ? new Date(token.sat * 1000) : null;
  const claims = { userId, sessionId: typeof token?.sid === "string" ? token.sid : null, signedInAt };
  if (typeof token?.exp === "number" && Number.isFinite(token.exp)) {
    if (opened.size >= OPENED_MAX) opened.clear();
    opened.set(key, { claims, expiresAt: token.exp * 1000 });
  }
  return claims;
}

/** The session cookie's parts (next-auth splits a large one into `….0`, `….1`), in order: what decides who signed in. */
function sessionCookieParts(cookie: string): string {
  return cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => /^(__Secure-)?authjs\.session-token(\.\d+)?=/.test(part))
    .join("; ");
}
