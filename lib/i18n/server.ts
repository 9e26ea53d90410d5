import "server-only";
import { cookies, headers } from "next/headers";
import { currentSession, type StaffSession } from "../auth/session";
import { LOCALE_COOKIE, pickLocale, type Locale } from "./index";

/**
 * The locale for this request: the signed-in person's choice, else the cookie, else the browser.
 * Code that already holds the session (an action's context) passes it: reading it again decodes
 * the session cookie a second time wherever React's per-request cache is not there to share it.
 */
export async function getLocale(known?: Pick<StaffSession, "locale"> | null): Promise<Locale> {
  const session = known !== undefined ? known : await currentSession().catch(() => null);
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  return pickLocale(session?.locale ?? cookie, (await headers()).get("accept-language"));
}

/** The locale for a public page (checkout, slip upload): the cookie the switcher sets, else the browser. No session is read. */
export async function getPublicLocale(): Promise<Locale> {
  return pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}
