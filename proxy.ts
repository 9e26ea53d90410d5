import NextAuth from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { baseAuthConfig } from "@/lib/auth/base-config";
import { isPublicPath, isSessionlessPath, REQUEST_PATH_HEADER, signInPath } from "@/lib/http/public-paths";
import { env } from "@/lib/env";
import { isActionPost, refuseBadActionPost } from "@/lib/http/action-guard";
import { inlinedStyleHashes } from "@/lib/http/inlined-styles";
import { contentSecurityPolicy, newNonce, permissionsPolicy, strictTransportSecurity } from "@/lib/http/security-headers";

/**
 * Next 16's middleware. A signed-out person asking for a console page is sent to /login with the
 * page to come back to; an API call gets 401. It only checks that a valid session cookie exists
 * (no providers, no database here); pages and actions check the person and permission themselves
 * (lib/auth/current-session.ts, lib/auth/action.ts). Every answer gets the security headers
 * (lib/http/security-headers.ts); action posts Next would fail on get a 4xx (lib/http/action-guard.ts).
 */
const { auth } = NextAuth(() => baseAuthConfig());

const guard = auth((request) => {
  const { pathname, search } = request.nextUrl;
  if (request.auth?.user || isPublicPath(pathname)) {
    // Pages see what was asked for, so a void session can still come back here after signing in.
    const forward = new Headers(request.headers);
    forward.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
    return withNonce(forward);
  }
  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "Sign in to PayDesk first." }, { status: 401 });
  }
  // Next turns a same-host Location into a relative one, so the browser stays on the host it used
  // (127.0.0.1 or a real name) and keeps its cookie (docs/stack-notes.md §6.4). callbackUrl is a path.
  return NextResponse.redirect(new URL(signInPath(`${pathname}${search}`), request.nextUrl));
});

// With a lazy configuration (read at the first request, not at build) next-auth hands back the
// wrapped handler asynchronously, so the export awaits it.
export async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  const { pathname } = request.nextUrl;
  const isCustomerPath = isSessionlessPath(pathname);
  const refusal = isActionPost(request, pathname, isCustomerPath) ? await refuseBadActionPost(request) : null;
  if (refusal) return withTransportHeaders(refusal, pathname);
  // The customer's pages and the webhooks: no session is read, no auth cookie set (public-paths.ts).
  if (isCustomerPath) return withTransportHeaders(withNonce(new Headers(request.headers)), pathname);
  const handler = (await guard) as unknown as (request: NextRequest, event: NextFetchEvent) => Promise<Response>;
  return withTransportHeaders(await handler(request, event), pathname);
}

/** On to the page, with a policy carrying a fresh nonce, which Next reads from the request to mark its scripts. */
function withNonce(forward: Headers): NextResponse {
  const { hubBaseUrl, NODE_ENV } = env();
  const isDevelopment = NODE_ENV === "development";
  const policy = contentSecurityPolicy(newNonce(), { hubBaseUrl, isDevelopment, styleHashes: isDevelopment ? [] : inlinedStyleHashes() });
  forward.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: forward } });
  response.headers.set("content-security-policy", policy);
  return response;
}

function withTransportHeaders(response: Response, pathname: string): Response {
  const hsts = strictTransportSecurity(env().PUBLIC_BASE_URL);
  if (hsts) response.headers.set("strict-transport-security", hsts);
  response.headers.set("permissions-policy", permissionsPolicy(pathname));
  return response;
}

export const config = {
  // Everything except Next's build assets and the provider's webhooks (their door sets its own
  // headers: lib/http/public-route.ts says why); the rest is sorted by isPublicPath.
  matcher: ["/((?!_next/static|_next/image|api/webhooks/).*)"],
};
