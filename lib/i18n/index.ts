/**
 * Thai and English. Every feature keeps its own messages beside it (`defineMessages`), so no file
 * holds the whole app's text (the provider portal's 3,000-line translations object is the
 * counter-example). Amounts are THB with 2 decimals from satang (never floats); dates and times are
 * shown in Asia/Bangkok whatever the server's or browser's zone.
 */
import { formatBaht, type Satang } from "../money";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locale";

export { DEFAULT_LOCALE, defineMessages, intlTag, isLocale, LOCALES, type Locale } from "./locale";

export const LOCALE_COOKIE = "paydesk_locale";

/**
 * The one rule for the reader's language, asked by every layout, page, route and action: the
 * person's saved choice, else the language cookie the switchers set, else the browser's first
 * language PayDesk speaks (Accept-Language), else English. `headers`: the request's (a Request's,
 * a NextRequest's, or next/headers').
 */
export function localeOf(saved: string | null | undefined, headers: { get(name: string): string | null }): Locale {
  return pickLocale(saved ?? cookieValue(headers.get("cookie"), LOCALE_COOKIE), headers.get("accept-language"));
}

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** An explicit choice wins; else the browser's first language we speak; else English. */
function pickLocale(preference: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(preference)) return preference;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("th")) return "th";
    if (tag.startsWith("en")) return "en";
  }
  return DEFAULT_LOCALE;
}

/** "฿1,234.50" — exact, from satang. */
export function formatThb(satang: Satang): string {
  return `฿${formatBaht(satang)}`;
}

export { formatDateTime, TIME_ZONE } from "./date-time";
