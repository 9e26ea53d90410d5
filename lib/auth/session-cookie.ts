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

export async function sessionClaims(requestHeaders: Headers, secret: string = authSecret()): Promise<SessionClaims | null> {
  // The cookie only: getToken would also take a Bearer token, which the console never hands out.
  const req = { headers: new Headers({ cookie: requestHeaders.get("cookie") ?? "" }) };
  // next-auth names the cookie __Secure-… when it set it over https. Each name is also the token's
  // salt, so a token opens only under the name it was issued with.
  const token = (await getToken({ req, secret, secureCookie: true })) ?? (await getToken({ req, secret, secureCookie: false }));
  const userId = typeof token?.uid === "string" && token.uid !== "" ? token.uid : null;
  if (!userId) return null;
  const signedInAt = typeof token?.sat === "number" && Number.isFinite(token.sat) ? new Date(token.sat * 1000) : null;
  return { userId, sessionId: typeof token?.sid === "string" ? token.sid : null, signedInAt };
}
