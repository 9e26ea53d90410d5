import { z } from "zod";

/**
 * Turns a submitted FormData into the plain object an action's zod schema expects, using the
 * schema's own field types, so one schema serves the form and the server (docs/STYLE.md habit 1):
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
  const shape = fieldKinds(schema);
  const input: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const name of formData.keys()) if (!name.startsWith("$ACTION")) names.add(name);
  for (const name of names) {
    const values = formData.getAll(name).filter((v) => (typeof v === "string" ? v !== "" : v.size > 0 || v.name !== ""));
    const kind = shape?.[name] ?? "other";
    if (kind === "array") input[name] = values;
    else if (values.length > 0) input[name] = coerce(values.at(-1)!, kind);
  }
  if (shape) {
    for (const [name, kind] of Object.entries(shape)) {
      if (input[name] !== undefined) continue;
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

/** A JSON Schema node as zod writes one: a type, or a choice of them (an optional or nullable field). */
interface JsonNode {
  type?: string | string[];
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  properties?: Record<string, JsonNode>;
}

const KINDS = new WeakMap<z.ZodType, Record<string, Kind> | null>();

/**
 * The kind of each top-level field, read from the schema's JSON Schema as its input (zod's public
 * `toJSONSchema`, which looks through optional, default and pipe wrappers); null when the schema
 * is not an object. Worked out once per schema: an action's schema is a module constant.
 */
function fieldKinds(schema: z.ZodType): Record<string, Kind> | null {
  const known = KINDS.get(schema);
  if (known !== undefined) return known;
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonNode;
  const kinds = json.properties ? Object.fromEntries(Object.entries(json.properties).map(([name, node]) => [name, kindOf(node)])) : null;
  KINDS.set(schema, kinds);
  return kinds;
}

function kindOf(node: JsonNode): Kind {
  const types = [node.type ?? [], ...(node.anyOf ?? []).map((n) => n.type ?? []), ...(node.oneOf ?? []).map((n) => n.type ?? [])]
    .flat()
    .filter((t) => t !== "null");
  if (types.length !== 1) return "other";
  const [type] = types;
  if (type === "integer" || type === "number") return "number";
  return type === "boolean" || type === "array" ? type : "other";
}
