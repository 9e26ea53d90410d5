/**
 * Where a checkout made through the merchant API may send the customer afterwards: only under the
 * origins an admin listed for the merchant (Settings → Developers), so an API key cannot turn
 * PayDesk's checkout into an open redirect to anywhere. https only, but for http on this machine
 * (localhost, 127.0.0.1, [::1]) while a shop is being built.
 */
export const MAX_RETURN_ORIGINS = 20;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const isLocal = (url: URL) => LOCAL_HOSTS.has(url.hostname);
const schemeAllowed = (url: URL) => url.protocol === "https:" || (url.protocol === "http:" && isLocal(url));

/** An origin as an admin types it ("https://Shop.example.com/") → its normal form, or why not. */
export function parseOrigin(text: string): { ok: true; origin: string } | { ok: false; problem: "not_url" | "scheme" | "has_path" } {
  const url = parsedUrl(text.trim());
  if (!url || !url.hostname) return { ok: false, problem: "not_url" };
  if (!schemeAllowed(url)) return { ok: false, problem: "scheme" };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return { ok: false, problem: "has_path" };
  return { ok: true, origin: url.origin };
}

/** A URL the customer may be sent to: exactly one of the listed origins (scheme, host and port), no credentials in it. */
export function isAllowedReturnUrl(text: string, origins: readonly string[]): boolean {
  if (text.length > 2000) return false;
  const url = parsedUrl(text);
  if (!url || !schemeAllowed(url) || url.username || url.password) return false;
  return origins.includes(url.origin);
}

/** The URL with PayDesk's request id added to its query (kept as it was otherwise). */
export function withPaydeskId(text: string, requestId: string): string {
  const url = new URL(text);
  url.searchParams.set("paydesk_id", requestId);
  return url.toString();
}
