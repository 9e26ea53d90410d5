import { encode } from "next-auth/jwt";

/**
 * The session cookie next-auth sets at sign-in over http (lib/auth/base-config.ts's jwt callback),
 * for tests that give code a request: `cookie` header value. The role is the sign-in's snapshot,
 * which the person's row overrides.
 */
export async function sealedSessionCookie(
  userId: string,
  options: { secret: string; sessionId?: string; role?: string; signedInAt?: Date },
): Promise<string> {
  const name = "authjs.session-token";
  const sat = Math.floor((options.signedInAt ?? new Date()).getTime() / 1000);
  const token = await encode({
    token: { sub: userId, uid: userId, sid: options.sessionId ?? "sid-test", sat, role: options.role ?? "admin" },
    secret: options.secret,
    salt: name,
  });
  return `${name}=${token}`;
}
