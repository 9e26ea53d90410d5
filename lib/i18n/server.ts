import "server-only";
import { cookies, headers } from "next/headers";
import { currentSession } from "../auth/session";
import { LOCALE_COOKIE, pickLocale, type Locale } from "./index";

/** The locale for this request: the signed-in person's choice, else the cookie, else the browser. */
export async function getLocale(): Promise<Locale> {
  const session = await currentSession().catch(() => null);
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  return pickLocale(session?.locale ?? cookie, (await headers()).get("accept-language"));
}
