import type { Locale } from "./index";

/**
 * Validation and action messages travel as English sentences: zod schemas shared by a form and its
 * server action carry them, and the action wrapper answers with them. A form shows them in the
 * person's language by looking the sentence up here; one it does not know (a new rule not yet
 * translated) is shown in English rather than hidden.
 *
 * `pairs` is a defineMessages-style object, so the compiler checks that every sentence has both
 * languages.
 */
export function knownMessages<K extends string>(pairs: { en: Record<K, string>; th: Record<K, string> }) {
  const byEnglish = new Map<string, K>(Object.entries(pairs.en).map(([key, text]) => [text as string, key as K]));
  return (locale: Locale, text: string): string => {
    if (locale === "en") return text;
    const key = byEnglish.get(text);
    return key === undefined ? text : pairs.th[key];
  };
}

/** Several dictionaries as one: the first that knows the sentence wins. */
export function combineKnown(...translators: Array<(locale: Locale, text: string) => string>) {
  return (locale: Locale, text: string): string => {
    for (const translate of translators) {
      const translated = translate(locale, text);
      if (translated !== text) return translated;
    }
    return text;
  };
}
