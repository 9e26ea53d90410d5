import "server-only";
import { headers } from "next/headers";
import { currentSession } from "../auth/session";
import type { Locale } from "./index";
import { localeFor } from "./request-locale";

/** The locale for this request: the signed-in person's choice, else the cookie, else the browser. */
export async function getLocale(): Promise<Locale> {
  const session = await currentSession().catch(() => null);
  return localeFor(session, await headers());
}
