import type { NextAuthConfig } from "next-auth";
import { authSecret } from "../secrets";
import { safeRelativePath } from "./callback-path";
import { log } from "../ops/log";

/**
 * The part of the next-auth configuration the proxy needs too: cookie, JWT, pages, callbacks. No
 * providers and no database here, so proxy.ts stays light; lib/auth/config.ts adds the
 * credentials provider for the app itself.
 *
 * The JWT carries the user id, role and merchant scope. They are a snapshot from sign-in: the
 * server reads the person's row again on every request (lib/auth/current-session.ts), so a disabled
 * person is out at once and a changed role or scope applies at once.
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60; // a working day; renewed while in use
/**
 * However busy, a session ends this long after its sign-in (lib/auth/current-session.ts refuses it): a
 * stolen cookie kept alive by a script must not last for ever.
 */
export const SESSION_ABSOLUTE_MAX_SECONDS = 7 * 24 * 60 * 60;

export function baseAuthConfig(): NextAuthConfig {
  return {
    secret: authSecret(),
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) {
          token.uid = user.id;
          token.sid = user.sessionId ?? crypto.randomUUID();
          token.sat = Math.floor(Date.now() / 1000);
          token.role = user.role;
          token.merchantIds = user.merchantIds ?? null;
        }
        return token;
      },
      session({ session, token }) {
        return {
          ...session,
          user: {
            ...session.user,
            id: token.uid ?? "",
            email: token.email ?? "",
            name: token.name,
            role: token.role,
            merchantIds: token.merchantIds ?? null,
            sessionId: token.sid,
          },
        };
      },
      // Relative paths only: see lib/auth/callback-path.ts and docs/stack-notes.md §6.4.
      redirect({ url, baseUrl }) {
        return safeRelativePath(url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url, "/");
      },
    },
    logger: {
      // A refused sign-in is an answer, not an error: it is audited (lib/auth/verify-sign-in.ts).
      error(error) {
        if ((error as { type?: string }).type === "CredentialsSignin") return;
        log("auth").error(`${error.name}: ${error.message}`, { cause: (error as { cause?: unknown }).cause });
      },
      warn(code) {
        log("auth").warn(code);
      },
      debug() {},
    },
  };
}
