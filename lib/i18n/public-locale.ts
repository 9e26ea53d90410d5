import "server-only";
import { env } from "../env";
import { isLocale, LOCALE_COOKIE } from "./index";

/**
 * The language switch of the public pages: a plain link, so it works without JavaScript. Sets the
 * same cookie the console's switcher uses and sends the browser back to `back` (a path of ours,
 * never a URL from the query). An unknown language is ignored rather than refused.
 */
export function setPublicLocale(request: Request, back: string): Response {
  const to = new URL(request.url).searchParams.get("to");
  const headers = new Headers({ Location: back, "Cache-Control": "no-store" });
  if (isLocale(to)) {
    const secure = env().PUBLIC_BASE_URL.startsWith("https:") ? "; Secure" : "";
    headers.append("Set-Cookie", `${LOCALE_COOKIE}=${to}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure}`);
  }
  return new Response(null, { status: 303, headers });
}
