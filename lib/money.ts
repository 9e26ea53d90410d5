/**
 * Satang-exact THB amounts.
 *
 * Money is an integer number of satang (1 THB = 100 satang) everywhere in our logic. JavaScript
 * numbers hold integers exactly up to 2^53, far above numeric(14,2)'s 10^14 satang, so integers
 * need no bigint. The only floats are at the provider's JSON border, where the provider itself
 * uses doubles (docs/provider-facts.md §4.0, §8.4): we turn them into satang through their shortest
 * decimal string, never by multiplying.
 */

export type Satang = number;

/** The largest amount a numeric(14,2) column can hold, in satang. */
export const MAX_SATANG: Satang = 99_999_999_999_999;
/** A merchant's ceiling for a single Pay-Out or Withdrawal until an admin sets another (2,000,000 THB; migration 0040). */
export const DEFAULT_PAYOUT_CEILING_SATANG: Satang = 200_000_000;

/** Why a text is not an amount: a fact each place words for its reader (form, API, sandbox). */
export type AmountProblem = "missing" | "not_a_number" | "negative" | "not_an_amount" | "too_many_decimals" | "too_large";
export type ParseResult = { ok: true; satang: Satang } | { ok: false; problem: AmountProblem };

// Digits with optional thousands separators in the right places, then at most 2 decimals.
const AMOUNT_RE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * Parses what a person or a provider wrote: "325", "325.5", "325.52", "1,000.00", or a JSON number.
 * Rejects negatives, more than two decimals, exponents, NaN, empty input and absurd sizes, saying
 * which (`AmountProblem`); the words are the reader's (lib/requests/form-messages.ts for people,
 * `amountProblemText` for the sandbox and errors about PayDesk's own data).
 */
export function parseAmount(input: unknown): ParseResult {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, problem: "not_a_number" };
    // The shortest round-trip string of a double is the decimal the sender meant (325.52 → "325.52").
    text = String(input);
  } else if (typeof input === "string") {
    text = input.trim();
  } else {
    return { ok: false, problem: "missing" };
  }
  if (text === "") return { ok: false, problem: "missing" };
  if (text.startsWith("-")) return { ok: false, problem: "negative" };
  const match = AMOUNT_RE.exec(text);
  if (!match) return { ok: false, problem: "not_an_amount" };
  const decimals = match[1] ?? "";
  if (decimals.length > 2) {
    return { ok: false, problem: "too_many_decimals" };
  }
  const [whole = "0"] = text.replaceAll(",", "").split(".");
  if (whole.replace(/^0+/, "").length > 12) return { ok: false, problem: "too_large" };
  const satang = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  if (satang > MAX_SATANG) return { ok: false, problem: "too_large" };
  return { ok: true, satang };
}

/** A problem in English, for the sandbox's answers and errors about PayDesk's own data (a person's form words it in their language). */
export function amountProblemText(problem: AmountProblem, input?: unknown): string {
  switch (problem) {
    case "missing":
      return "The amount is missing.";
    case "not_a_number":
      return "The amount is not a number.";
    case "negative":
      return "The amount cannot be negative.";
    case "not_an_amount":
      return `"${truncate(String(input ?? "").trim())}" is not an amount in baht, such as 325 or 325.50.`;
    case "too_many_decimals":
      return "An amount in baht has at most 2 decimals (satang).";
    case "too_large":
      return "The amount is too large.";
  }
}

/** parseAmount for trusted input (our own database, our own constants): throws on bad input. */
export function toSatang(input: string | number): Satang {
  const parsed = parseAmount(input);
  if (!parsed.ok) throw new RangeError(amountProblemText(parsed.problem, input));
  return parsed.satang;
}

/** "325.52": the decimal string for numeric(14,2) columns, CSV and QR payloads. */
export function toDecimalString(satang: Satang): string {
  assertSatang(satang);
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The JSON number the provider expects (RequestedAmount is a double, docs/provider-facts.md §8.4).
 * satang / 100 is the double nearest the decimal, so it serialises back to the same digits.
 */
export function toJsonNumber(satang: Satang): number {
  assertSatang(satang);
  return satang / 100;
}

/** "1,234.50" with grouping, for people. */
export function formatBaht(satang: Satang): string {
  assertSatang(satang);
  const [whole = "0", frac = "00"] = toDecimalString(Math.abs(satang)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${satang < 0 ? "-" : ""}${grouped}.${frac}`;
}

/** Percentage fee in satang, rounded half away from zero like the provider (docs/provider-facts.md §5.6). */
export function percentOf(satang: Satang, percent: string): Satang {
  const bp = percentToBasisPoints(percent);
  const product = Math.abs(satang) * bp;
  const rounded = Math.floor((product + 5_000) / 10_000);
  return satang < 0 ? -rounded : rounded;
}

function percentToBasisPoints(percent: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) throw new RangeError(`"${percent}" is not a percentage with at most 2 decimals.`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

function assertSatang(satang: Satang): void {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`${satang} is not a whole number of satang.`);
}

function truncate(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
