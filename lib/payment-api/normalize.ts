/**
 * The provider's mess, absorbed once (STYLE.md habit 3): property names in camelCase or
 * PascalCase, numbers as JSON numbers or numeric strings, empty strings for "none", QR images
 * with or without a data: prefix, and a dummy PromptPay id (provider-facts §4.0–§4.2, §6.2).
 */
import { z } from "zod";
import { parseAmount, type Satang } from "../money";

/** The placeholder the live provider leaves in payInPromptPayId for P2P without PromptPay (§4.2). */
export const DUMMY_PROMPTPAY_ID = "0000000000000";

/** Lower-cases the first letter of every property name, recursively: `Status` → `status`. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const camel = key.length > 0 ? key[0]!.toLowerCase() + key.slice(1) : key;
    // When both spellings arrive, the camelCase one (the documented shape) wins.
    if (camel in out && camel === key) out[camel] = camelKeys(inner);
    else if (!(camel in out)) out[camel] = camelKeys(inner);
  }
  return out;
}

/** "" and whitespace mean "none" at the provider. */
export const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().nullish().transform((v) => v ?? null));

/** An amount as a JSON number or numeric string → satang. Doubles are read via their shortest decimal. */
export const satangSchema = z.union([z.number(), z.string()]).transform((value, ctx): Satang => {
  const parsed = parseAmount(value);
  if (parsed.ok) return parsed.satang;
  // P2P fees are unrounded at the provider (§5.6); amounts we read are rounded to satang like its F2 matching key.
  const n = typeof value === "number" ? value : Number(value);
  if (Number.isFinite(n) && n >= 0 && typeof value !== "boolean") return Math.round(n * 100);
  ctx.addIssue({ code: "custom", message: `not an amount: ${JSON.stringify(value)}` });
  return z.NEVER;
});

export const optionalSatang = z.preprocess((v) => (v === "" ? null : v), satangSchema.nullish().transform((v) => v ?? null));

/** true/false, "true"/"True"/"false" (webhook parameters are strings, §6.3). */
export const booleanish = z.union([z.boolean(), z.string()]).transform((v) => (typeof v === "boolean" ? v : v.trim().toLowerCase() === "true"));

/**
 * The QR image as something an <img> can show, or null. The live provider sends "" from submits and
 * bare base64 (no data: prefix) from reads (§4.1, §8.9).
 */
export const qrImageSchema = z
  .string()
  .nullish()
  .transform((v) => {
    if (!v || v.trim() === "") return null;
    if (v.startsWith("data:image/")) return v;
    return /^[A-Za-z0-9+/]+=*$/.test(v.slice(0, 64)) ? `data:image/png;base64,${v}` : null;
  });

export const promptPayIdSchema = optionalText.transform((v) => (v === null || /^0+$/.test(v) ? null : v));

/** ISO-8601 as sent (7 fractional digits at the live provider); kept as text, validated. */
export const timestampSchema = optionalText.refine((v) => v === null || !Number.isNaN(Date.parse(v)), "not a timestamp");
