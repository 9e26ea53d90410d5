/**
 * The languages and the message picker, with no imports: a client component that only needs its
 * words (the customer pages' error boundary) does not bring lib/money and the formatters of
 * ./index into a customer's phone. ./index re-exports all of it.
 */
export const LOCALES = ["th", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return value === "th" || value === "en";
}

/** The BCP 47 tag Intl's formatters take for a language: Thai as Thailand writes it, English as Britain does (day before month). */
export function intlTag(locale: Locale): "th-TH" | "en-GB" {
  return locale === "th" ? "th-TH" : "en-GB";
}

/** Both languages with the same keys, checked by the compiler; returns a picker. */
export function defineMessages<T extends Record<string, string | ((...args: never[]) => string)>>(messages: {
  en: T;
  th: { [K in keyof T]: T[K] };
}) {
  return (locale: Locale): T => messages[locale] as T;
}
