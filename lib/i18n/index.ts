/**
 * Thai and English. Every feature keeps its own messages beside it (`defineMessages`), so no file
 * holds the whole app's text (the provider portal's 3,000-line translations object is the
 * counter-example). Amounts are THB with 2 decimals from satang (never floats); dates and times are
 * shown in Asia/Bangkok whatever the server's or browser's zone.
 */
import { formatBaht, type Satang } from "../money";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locale";

export { DEFAULT_LOCALE, defineMessages, isLocale, LOCALES, type Locale } from "./locale";

export const LOCALE_COOKIE = "paydesk_locale";

/** An explicit choice wins; else the browser's first language we speak; else English. */
export function pickLocale(preference: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
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
