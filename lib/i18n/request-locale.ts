import "server-only";
import { cookies } from "next/headers";
import { LOCALE_COOKIE, pickLocale, type Locale } from "./index";

/**
 * The locale for a request whose person is already known (or known to be nobody): their saved
 * choice, else the language cookie, else the browser's Accept-Language. The cookie is read only
 * when the choice does not settle it.
 */
export async function localeFor(session: { locale: string | null } | null, requestHeaders: Headers): Promise<Locale> {
  const preference = session?.locale ?? (await cookies()).get(LOCALE_COOKIE)?.value;
  return pickLocale(preference, requestHeaders.get("accept-language"));
}
