/**
 * A sentence with `{placeholders}`, usable both ways: filled in, or recognised in stored text with
 * its values read back.
 *
 * PayDesk keeps its own sentences in English where they are stored (logs, the timeline, a request's
 * status reason) and words them again in the viewer's language when they are shown. Building the
 * English and reading it back from one pattern keeps the two from drifting apart; a sentence that
 * is not recognised (an older wording, someone else's text) is simply shown as stored.
 */
import type { Locale } from "./index";

export type Placeholders<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

export interface Sentence<K extends string> {
  readonly pattern: string;
  fill(values: Record<K, string | number>): string;
  /** The values of a text that is exactly this sentence; null for any other text. */
  read(text: string): Record<K, string> | null;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function sentence<const P extends string>(pattern: P): Sentence<Placeholders<P>> {
  type K = Placeholders<P>;
  const names: string[] = [];
  let source = "^";
  let last = 0;
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(pattern.slice(last, match.index));
    // Shortest first, so the literal text after a value decides where the value ends.
    source += "(.+?)";
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  const matcher = new RegExp(`${source}${escapeRegExp(pattern.slice(last))}$`, "s");
  return {
    pattern,
    fill: (values) => pattern.replace(PLACEHOLDER, (_, name: string) => String(values[name as K])),
    read(text) {
      const found = matcher.exec(text);
      if (!found) return null;
      return Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) as Record<K, string>;
    },
  };
}

/** One sentence in both languages, with the same placeholders. */
export interface SentencePair<K extends string> {
  en: Sentence<K>;
  th: Sentence<K>;
}

/** Both languages of one sentence; the compiler checks that the Thai has exactly the English's placeholders. */
export function sentencePair<const E extends string, const T extends string>(
  en: E,
  th: T & (Placeholders<T> extends Placeholders<E> ? (Placeholders<E> extends Placeholders<T> ? T : never) : never),
): SentencePair<Placeholders<E>> {
  return { en: sentence(en), th: sentence(th) as unknown as Sentence<Placeholders<E>> };
}

/**
 * Stored English text in another language: the first pair whose English fits gives the words, its
 * values passed through `value` (to word a state name, say). Null when no pair fits.
 */
export function reword(pairs: Iterable<SentencePair<string>>, text: string, locale: Locale, value: (name: string, value: string) => string = (_, v) => v): string | null {
  for (const words of pairs) {
    const values = words.en.read(text);
    if (values) return words[locale].fill(Object.fromEntries(Object.entries(values).map(([name, v]) => [name, value(name, v)])));
  }
  return null;
}
