import "server-only";
import { headers } from "next/headers";
import { currentSession, type StaffSession } from "../auth/current-session";
import { localeOf, type Locale } from "./index";

/**
 * The locale for this request (`localeOf`'s rule), for pages and actions. Code that already holds
 * the session (an action's context) passes it: reading it again decodes the session cookie a
 * second time wherever React's per-request cache is not there to share it.
 */
export async function getLocale(known?: Pick<StaffSession, "locale"> | null): Promise<Locale> {
  const session = known !== undefined ? known : await currentSession().catch(() => null);
  return localeOf(session?.locale, await headers());
}

/** The locale for a public page (checkout, slip upload): no session is read. */
export async function getPublicLocale(): Promise<Locale> {
  return localeOf(null, await headers());
}
