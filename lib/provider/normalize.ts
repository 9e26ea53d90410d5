/**
 * The provider's mess, absorbed once (docs/STYLE.md habit 3): property names in camelCase or
 * PascalCase, numbers as JSON numbers or numeric strings, empty strings for "none", QR images
 * with or without a data: prefix, and a dummy PromptPay id (docs/provider-facts.md §4.0–§4.2, §6.2).
 *
 * Each field schema is one zod transform over a plain reader rather than a chain of
 * preprocess → union → nullish → transform: the same answers, but a submit's answer crosses ~20
 * fields, and every layer is code to walk right after the socket wakes the process, when little of
 * it is in the CPU's caches (timed there, a Pay-In answer took ~3× as long through the layers).
 */
import { z } from "zod";
import { parseAmount, type Satang } from "../money";

/** The placeholder the live provider leaves in payInPromptPayId for P2P without PromptPay (§4.2). */
export const DUMMY_PROMPTPAY_ID = "0000000000000";

/**
 * Lower-cases the first letter of every property name, recursively: `Status` → `status`.
 * Returns the value itself when nothing needs renaming (the spec's camelCase answers), so a
 * camelCase answer is not copied.
 */
export function camelKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const inner = camelKeys(value[i]);
      if (inner !== value[i]) (copy ??= value.slice())[i] = inner;
    }
    return copy ?? value;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  const values = keys.map((key) => camelKeys(source[key]));
  if (keys.every((key, i) => values[i] === source[key] && !startsUpper(key))) return source;
  const out: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    const camel = startsUpper(key) ? key[0]!.toLowerCase() + key.slice(1) : key;
    // When both spellings arrive, the camelCase one (the documented shape) wins.
    if (camel === key || !Object.hasOwn(out, camel)) out[camel] = values[i];
  });
  return out;
}

function startsUpper(key: string): boolean {
  return key.length > 0 && key[0] !== key[0]!.toLowerCase();
}

/** What a reader returns for a value it cannot accept. */
class Invalid {
  constructor(readonly message: string) {}
}

/** A zod schema from a reader: one transform, with the reader's complaint as the issue. */
function fieldSchema<T>(read: (value: unknown) => T | Invalid) {
  return z.transform((value: unknown, ctx): T => {
    const result = read(value);
    if (!(result instanceof Invalid)) return result;
    ctx.addIssue({ code: "custom", message: result.message, input: value });
    return z.NEVER;
  });
}

/** "" and whitespace mean "none" at the provider. */
function readText(value: unknown): string | null | Invalid {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return new Invalid(`expected text, received ${typeof value}`);
  return value.trim() === "" ? null : value;
}

/** An amount as a JSON number or numeric string → satang. */
function readSatang(value: unknown): Satang | Invalid {
  if (typeof value === "number") {
    // A double's shortest decimal with ≤ 2 decimals is exactly Math.round(value * 100) satang, and
    // longer ones (P2P fees are unrounded at the provider, §5.6) are rounded to satang like its F2
    // matching key: so parseAmount's digit walk would give the same answer for every number.
    if (Number.isFinite(value) && value >= 0) return Math.round(value * 100) + 0; // + 0: never -0
    return new Invalid(`not an amount: ${JSON.stringify(value)}`);
  }
  if (typeof value !== "string") return new Invalid(`expected an amount, received ${value === null ? "null" : typeof value}`);
  const parsed = parseAmount(value);
  if (parsed.ok) return parsed.satang;
  // Numeric strings with more decimals are rounded the same way.
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return Math.round(n * 100);
  return new Invalid(`not an amount: ${JSON.stringify(value)}`);
}

function readOptionalSatang(value: unknown): Satang | null | Invalid {
  return value === undefined || value === null || value === "" ? null : readSatang(value);
}

/** true/false, "true"/"True"/"false" (webhook parameters are strings, §6.3). */
function readBooleanish(value: unknown): boolean | null | Invalid {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "string") return value.trim().toLowerCase() === "true";
  return new Invalid(`expected true or false, received ${typeof value}`);
}

/**
 * The QR image as something an <img> can show, or null. The live provider sends "" from submits and
 * bare base64 (no data: prefix) from reads (§4.1, §8.9).
 */
function readQrImage(value: unknown): string | null | Invalid {
  const text = readText(value);
  if (text === null || text instanceof Invalid) return text;
  if (text.startsWith("data:image/")) return text;
  return /^[A-Za-z0-9+/]+=*$/.test(text.slice(0, 64)) ? `data:image/png;base64,${text}` : null;
}

/** The live provider's all-zero dummy (§4.2) is no PromptPay id. */
function readPromptPayId(value: unknown): string | null | Invalid {
  const text = readText(value);
  if (text === null || text instanceof Invalid) return text;
  return /^0+$/.test(text) ? null : text;
}

/** ISO-8601 as sent (7 fractional digits at the live provider); kept as text, validated. */
function readTimestamp(value: unknown): string | null | Invalid {
  const text = readText(value);
  if (text === null || text instanceof Invalid) return text;
  return Number.isNaN(Date.parse(text)) ? new Invalid("not a timestamp") : text;
}

/**
 * A decimal the provider sends as a JSON number or a numeric string (a fee rate: 1.5, "1.5"), as
 * text; anything else is read as "not stated", never as a failure of the whole answer: such a
 * field informs a figure, and the request's state must not wait for it.
 */
function readDecimalText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? String(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  return /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/** true/false as booleanish reads them; anything else is "not stated" (like readDecimalText, for a figure's inputs). */
function readFlag(value: unknown): boolean | null {
  const read = readBooleanish(value);
  return read instanceof Invalid ? null : read;
}

export const optionalText = fieldSchema(readText);
export const optionalFlag = fieldSchema(readFlag);
export const decimalText = fieldSchema(readDecimalText);
export const satangSchema = fieldSchema(readSatang);
export const optionalSatang = fieldSchema(readOptionalSatang);
export const booleanish = fieldSchema(readBooleanish);
export const qrImageSchema = fieldSchema(readQrImage);
export const promptPayIdSchema = fieldSchema(readPromptPayId);
export const timestampSchema = fieldSchema(readTimestamp);
