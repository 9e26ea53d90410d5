/**
 * Dates and times for people, in Asia/Bangkok. Its own module with no imports, so a client
 * component that shows a time (the checkout's live status) does not bring the rest of lib/i18n
 * and lib/money into a customer's phone.
 */
import type { Locale } from "./locale";

export const TIME_ZONE = "Asia/Bangkok";

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in Bangkok time: Thai uses the Buddhist-era calendar banks print on slips. */
export function formatDateTime(value: Date | string | number, locale: Locale, options: { seconds?: boolean } = {}): string {
  const key = `${locale}:${options.seconds ? "s" : ""}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    // lib/i18n/locale.ts intlTag's choice, written out: this file reaches the customer's phone in the
    // checkout's script, where every byte is counted (lib/checkout/checkout-script.test.ts).
    format = new Intl.DateTimeFormat(locale === "th" ? "th-TH" : "en-GB", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(options.seconds ? { second: "2-digit" } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(value));
}
