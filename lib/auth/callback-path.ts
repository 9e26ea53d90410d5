import { publicPathKind } from "../http/public-paths";

/**
 * Where to go after signing in: only a path on this site. Anything else ("//evil.example",
 * "https://evil.example", "/\\evil", javascript:) falls back, so /login?callbackUrl=… cannot be
 * used to bounce a person to another site. Paths are kept relative: next-auth would otherwise
 * build absolute URLs on "localhost" and the cookie would not follow (docs/stack-notes.md §6.4).
 */
/** Where staff land after signing in (or choosing their own password): the overview. */
export const CONSOLE_HOME = "/overview";

export function safeCallbackPath(value: unknown, fallback: string = CONSOLE_HOME): string {
  const path = safeRelativePath(value, fallback);
  // Back to the sign-in page (or next-auth's own routes) after signing in would be a loop.
  const pathname = path.split(/[?#]/)[0];
  return publicPathKind(pathname ?? "") === "sign-in" ? fallback : path;
}

/** A path on this site (any page, /login included), else the fallback. */
export function safeRelativePath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > 2_000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f]/.test(value)) return fallback;
  const base = "http://paydesk.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
