/**
 * What the proxy lets through without a session. Everything else needs one (deny by default), so
 * a new console page is protected the moment it exists; a new public page must be added here.
 * Pages and actions check the session and permission again themselves: the proxy only spares a
 * signed-out person a page that would refuse them.
 */
const PUBLIC_PREFIXES = ["/api/auth/", "/api/health/", "/api/webhooks/", "/checkout/", "/payin-slip-upload/", "/_next/"];
// Not "/": the home page shows the provider's address and status, for staff only.
const PUBLIC_EXACT = new Set(["/login", "/favicon.ico", "/robots.txt", "/icon.svg", "/apple-icon.png", "/manifest.webmanifest"]);

export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_EXACT.has(pathname)) return true;
  // "/checkout" alone is public too, but not "/checkoutX".
  return PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}

/**
 * The customer's pages (checkout, slip upload) and the provider's webhooks: nobody signs in there,
 * so the proxy does no session work for them at all. Above all it sets no cookie: next-auth's
 * wrapper would hand a customer's phone a CSRF and a callback cookie with every first HTML (~330
 * bytes of headers on a page that has to fit a slow network's first round trip, and cookies a
 * payer has no use for). A subset of the public paths.
 */
const SESSIONLESS_PREFIXES = ["/checkout/", "/payin-slip-upload/", "/api/webhooks/"];

export function isSessionlessPath(pathname: string): boolean {
  return pathname === "/checkout" || SESSIONLESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Set by the proxy on every page request: the path and query asked for, for a later sign-in redirect. */
export const REQUEST_PATH_HEADER = "x-paydesk-path";

/** /login, coming back to `path` afterwards when it is a page of ours (a path, never a URL). */
export function signInPath(path: string | null | undefined): string {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path === "/login" || path.startsWith("/login?")) return "/login";
  return `/login?${new URLSearchParams({ callbackUrl: path })}`;
}
