/** The customer's slip upload pages (the provider's slipUploadUrl points here). */
export const SLIP_UPLOAD_PATH = "/payin-slip-upload";

/** A slip link's page, `/payin-slip-upload/<orgId>/<paymentRequestId>/<token>`, each segment as a path segment. */
export const slipPagePath = (link: { orgId: string; paymentRequestId: string; token: string }) =>
  `${SLIP_UPLOAD_PATH}/${encodeURIComponent(link.orgId)}/${encodeURIComponent(link.paymentRequestId)}/${encodeURIComponent(link.token)}`;

/**
 * Every path open without signing in, listed once; the proxy, the route registry test and the
 * permissions policy read it. Everything else needs a session (deny by default), so a new console
 * page is protected the moment it exists; a new public page must be added here. Pages and actions
 * check the session and permission again themselves: the proxy only spares a signed-out person a
 * page that would refuse them.
 *
 * A prefix entry covers the path itself and everything under it ("/checkout", "/checkout/x", not
 * "/checkoutX"). `sessionless` marks where nobody ever signs in (the customer's pages, the
 * provider's webhooks): the proxy does no session work there at all. Above all it sets no cookie:
 * next-auth's wrapper would hand a customer's phone a CSRF and a callback cookie with every first
 * HTML (~330 bytes of headers on a page that has to fit a slow network's first round trip, and
 * cookies a payer has no use for).
 */
export type PublicPathKind = "sign-in" | "health" | "webhook" | "api" | "customer" | "asset" | "email-link";

interface PublicPath {
  path: string;
  match: "prefix" | "exact";
  kind: PublicPathKind;
  sessionless?: true;
}

// Not "/": the home page shows the provider's address and status, for staff only.
export const PUBLIC_PATHS: readonly PublicPath[] = [
  { path: "/login", match: "exact", kind: "sign-in" },
  { path: "/api/auth", match: "prefix", kind: "sign-in" },
  { path: "/api/health", match: "prefix", kind: "health" },
  // Scraped by Prometheus with its own bearer token (METRICS_TOKEN), never a session.
  { path: "/api/metrics", match: "exact", kind: "health", sessionless: true },
  { path: "/api/webhooks", match: "prefix", kind: "webhook", sessionless: true },
  // A mail client's one-click "stop these e-mails" (RFC 8058): the signed link says who, never a session.
  { path: "/api/email/unsubscribe", match: "exact", kind: "email-link", sessionless: true },
  // The merchant API's OpenAPI document, open like any API's reference; then the API itself, whose
  // callers hold an API key, never a session (lib/merchant-api/http/route.ts checks the key).
  { path: "/api/v1/openapi.json", match: "exact", kind: "asset", sessionless: true },
  { path: "/api/v1", match: "prefix", kind: "api", sessionless: true },
  { path: "/checkout", match: "prefix", kind: "customer", sessionless: true },
  { path: SLIP_UPLOAD_PATH, match: "prefix", kind: "customer", sessionless: true },
  // A paid Pay-In's PDF receipt (app/receipts/[token]/route.ts): the signed link says which.
  { path: "/receipts", match: "prefix", kind: "customer", sessionless: true },
  // A merchant's logo on the customer's pages (app/brand/[merchantId]/logo/route.ts): public like any shop's logo.
  { path: "/brand", match: "prefix", kind: "asset", sessionless: true },
  // The checkout's own script (public/checkout-assets/, scripts/build-checkout-script.ts): a payer's phone asks for it.
  { path: "/checkout-assets", match: "prefix", kind: "asset", sessionless: true },
  { path: "/_next", match: "prefix", kind: "asset" },
  ...["/favicon.ico", "/robots.txt", "/icon.svg", "/apple-icon.png", "/manifest.webmanifest"].map((path) => ({
    path,
    match: "exact" as const,
    kind: "asset" as const,
  })),
];

function publicPathOf(pathname: string): PublicPath | undefined {
  return PUBLIC_PATHS.find(({ path, match }) => pathname === path || (match === "prefix" && pathname.startsWith(`${path}/`)));
}

export function isPublicPath(pathname: string): boolean {
  return publicPathOf(pathname) !== undefined;
}

/** What kind of public path `pathname` is, or null for one that needs a staff session. */
export function publicPathKind(pathname: string): PublicPathKind | null {
  return publicPathOf(pathname)?.kind ?? null;
}

/** The customer's pages and the provider's webhooks: no session is read and no auth cookie set. */
export function isSessionlessPath(pathname: string): boolean {
  return publicPathOf(pathname)?.sessionless === true;
}

/** Set by the proxy on every page request: the path and query asked for, for a later sign-in redirect. */
export const REQUEST_PATH_HEADER = "x-paydesk-path";

/** /login, coming back to `path` afterwards when it is a page of ours (a path, never a URL). */
export function signInPath(path: string | null | undefined): string {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path === "/login" || path.startsWith("/login?")) return "/login";
  return `/login?${new URLSearchParams({ callbackUrl: path })}`;
}
