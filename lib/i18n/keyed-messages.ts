import type { Locale } from "./locale";

type Words = Record<string, string | ((value: string) => string)>;

/**
 * Messages that travel as keys: a rule or refusal that crosses from a schema or a server module
 * to a form says `staff.emailTaken` (with a value after a colon when it has one:
 * `signIn.lockedAccount:15`), and the form words the key in the person's language. The keys are
 * namespaced, so several sets can be worded by one form without clashing; text that is not one of
 * the set's keys (the action door's own sentences, already in the person's language) is shown as
 * it came. The compiler checks that both languages have every key.
 */
export function keyedMessages<W extends Words>(
  namespace: string,
  messages: { en: W; th: { [K in keyof W]: W[K] extends string ? string : W[K] } },
) {
  const keys = Object.fromEntries(Object.keys(messages.en).map((key) => [key, `${namespace}.${key}`])) as {
    readonly [K in keyof W]: string;
  };
  const prefix = `${namespace}.`;
  function words(locale: Locale, text: string): string {
    if (!text.startsWith(prefix)) return text;
    const [key, value] = splitOnce(text.slice(prefix.length));
    if (!Object.hasOwn(messages.en, key)) return text;
    const message = messages[locale][key as keyof W] as string | ((value: string) => string);
    return typeof message === "function" ? message(value ?? "") : message;
  }
  return { keys, words };
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf(":");
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Several sets as one: each words its own keys and passes anything else on. */
export function wordsOf(...sets: Array<(locale: Locale, text: string) => string>) {
  return (locale: Locale, text: string): string => {
    for (const words of sets) {
      const worded = words(locale, text);
      if (worded !== text) return worded;
    }
    return text;
  };
}
