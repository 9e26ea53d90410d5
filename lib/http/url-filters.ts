import type { z } from "zod";

/**
 * Reads a list page's filters from its URL's query, one field of `schema` each (the first value of
 * a repeated name; blank is not given). A value that cannot be used (a mistyped date, an unknown
 * result) is dropped and named in `ignored`, so the page can say so instead of failing or silently
 * showing everything.
 */
export function parseUrlFilters<S extends z.ZodObject>(
  schema: S,
  params: Record<string, string | string[] | undefined>,
): { filters: z.output<S>; ignored: (keyof z.output<S> & string)[] } {
  const filters: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) filters[name] = parsed.data;
    else ignored.push(name);
  }
  return { filters: filters as z.output<S>, ignored: ignored as (keyof z.output<S> & string)[] };
}
