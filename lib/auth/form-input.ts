import type { z } from "zod";

/**
 * Turns a submitted FormData into the plain object an action's zod schema expects, using the
 * schema's own field types, so one schema serves the form and the server (STYLE.md habit 1):
 *
 * - every value arrives as a string (a hidden input too): a `z.number()` field gets a number when
 *   the text is a plain decimal, else the text stays and zod reports "expected number";
 * - an empty string, or an empty file input, is "not given" (undefined), so `.optional()` works;
 * - a `z.boolean()` field is a checkbox: absent means false, "on"/"true"/"1"/"yes" mean true;
 * - a `z.array()` field collects every value of the name (multi-select, repeated checkboxes),
 *   and is [] when none was sent;
 *   other fields take the last value (a hidden default followed by the real input);
 * - Next's own `$ACTION_…` fields are dropped.
 *
 * Money is never coerced to a number here: its fields are strings parsed by lib/money.ts.
 */
export function formDataToInput(formData: FormData, schema: z.ZodType): Record<string, unknown> {
  const shape = objectShape(schema);
  const input: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const name of formData.keys()) if (!name.startsWith("$ACTION")) names.add(name);
  for (const name of names) {
    const values = formData.getAll(name).filter((v) => (typeof v === "string" ? v !== "" : v.size > 0 || v.name !== ""));
    const kind = shape ? fieldKind(shape[name]) : "other";
    if (kind === "array") input[name] = values;
    else if (values.length > 0) input[name] = coerce(values.at(-1)!, kind);
  }
  if (shape) {
    for (const [name, field] of Object.entries(shape)) {
      if (input[name] !== undefined) continue;
      const kind = fieldKind(field);
      if (kind === "boolean") input[name] = false;
      else if (kind === "array") input[name] = [];
    }
  }
  return input;
}

/**
 * The top-level fields whose text (at any depth: a list, an object) holds a NUL character (U+0000).
 * PostgreSQL cannot store one in text or jsonb, so it would fail the whole statement with an error
 * the person cannot act on; the action door refuses such a field by name instead.
 */
export function fieldsHoldingNul(input: Record<string, unknown>): string[] {
  return Object.entries(input)
    .filter(([, value]) => holdsNul(value, 0))
    .map(([name]) => name);
}

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 10 || value === null || typeof value !== "object" || value instanceof Blob) return false;
  return Object.values(value).some((inner) => holdsNul(inner, depth + 1));
}

type Kind = "boolean" | "number" | "array" | "other";

function coerce(value: FormDataEntryValue, kind: Kind): unknown {
  if (typeof value !== "string") return value;
  if (kind === "boolean") return ["on", "true", "1", "yes"].includes(value.toLowerCase());
  if (kind === "number" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return value;
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType | undefined): ZodDef | undefined => (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;

/** Looks through optional/nullable/default/pipe wrappers to the type underneath. */
function unwrap(schema: z.ZodType | undefined): ZodDef | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth++) {
    const inner = def.type === "pipe" ? def.in : def.innerType;
    if (!inner) break;
    def = defOf(inner);
  }
  return def;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = unwrap(schema);
  return def?.type === "object" ? (def.shape as Record<string, z.ZodType>) : undefined;
}

function fieldKind(field: z.ZodType | undefined): Kind {
  const type = unwrap(field)?.type;
  return type === "boolean" || type === "number" || type === "array" ? type : "other";
}
