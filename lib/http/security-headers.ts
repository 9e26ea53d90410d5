import { SLIP_UPLOAD_PATH } from "./public-paths";

/**
 * The browser-side defences every answer of PayDesk carries (set by proxy.ts).
 *
 * - Content-Security-Policy with a fresh nonce per response. Next reads the nonce from the
 *   request's own `Content-Security-Policy` header and puts it on every script it writes; every
 *   page is rendered per request anyway (the root layout reads the language cookie), so the nonce
 *   costs no static rendering. 'strict-dynamic' lets the framework's nonced scripts load their own
 *   chunks; nothing else runs. The stylesheets Next inlines are allowed by their hashes
 *   (inlined-styles.ts). The provider's hub is the one other place a page talks to (the
 *   checkout's live status).
 * - Strict-Transport-Security only when PayDesk is reached over HTTPS: sent over plain HTTP it
 *   would be ignored at best, and pin a name to HTTPS it does not serve at worst.
 * - Permissions-Policy: no page uses a camera (the slip page's file input needs no permission),
 *   microphone, location, payment handler or device API; only the copy buttons write the clipboard.
 *   Web Share (a request's "Share" button) is not named: its default allowlist is already 'self',
 *   which is all the console needs, and Chromium builds without Web Share (desktop Linux) log
 *   "Unrecognized feature: 'web-share'" on every page that names it, allowed or denied.
 */

/** A fresh, unguessable nonce (128 bits, base64). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export interface PolicyOptions {
  /** ws(s):// address of the provider's hub as browsers reach it, or null when the checkout does not use it. */
  hubBaseUrl: string | null;
  /** `next dev` evaluates code and injects styles for its overlay; a production build needs neither. */
  isDevelopment: boolean;
  /** 'sha256-…' sources of the stylesheets pages carry inline. */
  styleHashes: string[];
}

export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  const script = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(options.isDevelopment ? ["'unsafe-eval'"] : [])];
  // A nonce or a hash makes browsers ignore 'unsafe-inline', so development gets only that.
  const style = ["'self'", ...(options.isDevelopment ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`, ...options.styleHashes])];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    `style-src ${style.join(" ")}`,
    // Slip previews and Save QR draw through canvas and blob: URLs.
    "img-src 'self' data: blob:",
    `connect-src ${["'self'", ...hubSources(options.hubBaseUrl)].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** The hub's origin as a WebSocket (how the checkout joins it) and as HTTP(S) (a SignalR negotiate). */
function hubSources(hubBaseUrl: string | null): string[] {
  if (hubBaseUrl === null) return [];
  const { host, protocol } = new URL(hubBaseUrl);
  const secure = protocol === "wss:" || protocol === "https:";
  return [`${secure ? "wss" : "ws"}://${host}`, `${secure ? "https" : "http"}://${host}`];
}

/** Two years, subdomains included (the preload list's minimum), when PUBLIC_BASE_URL is https; otherwise none. */
export function strictTransportSecurity(publicBaseUrl: string): string | null {
  return new URL(publicBaseUrl).protocol === "https:" ? "max-age=63072000; includeSubDomains" : null;
}

// Only names Chromium knows: an unknown one is logged as an error on every page.
const DENIED = ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "midi", "display-capture", "clipboard-read"];

/** What a page at `pathname` may use: the slip page copies nothing, the checkout and the console have copy buttons. */
export function permissionsPolicy(pathname: string): string {
  const copies = !pathname.startsWith(`${SLIP_UPLOAD_PATH}/`);
  return [...DENIED.map((feature) => `${feature}=()`), `clipboard-write=${copies ? "(self)" : "()"}`].join(", ");
}

/** The nonce a policy of contentSecurityPolicy() carries, for a page that writes its own script tag; null without one. */
export function nonceOf(policy: string | null | undefined): string | null {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1] ?? null;
}
