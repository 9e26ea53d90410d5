/**
 * A calendar day in the reader's words, apart from date-time.ts: that module is in the checkout's
 * own script, which must not grow by what only the console uses.
 */
import { intlTag, type Locale } from "./locale";

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A calendar day ("2026-11-28", as a date field holds it) in the reader's words: "28 พ.ย. 2569" in
 * Thai (day first, the Buddhist era), "28 Nov 2026" in English; "" for anything that is not a day.
 * The browser's own date field shows the day in its own settings' order and era, which are often
 * not a Thai person's.
 */
export function formatDay(isoDay: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return "";
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(at.getTime()) || at.getUTCDate() !== Number(match[3]) || at.getUTCMonth() !== Number(match[2]) - 1) return "";
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag(locale), {
      timeZone: "UTC",
      day: "numeric",
      month: "short",
      year: "numeric",
    });
    dayFormats.set(locale, format);
  }
  return format.format(at);
}
