import type { z } from "zod";
import { readCappedBody } from "../../http/read-capped-body";
import { ApiError } from "./errors";

/** The merchant API's bodies: JSON only, at most 64 KB, checked by a strict zod schema whose first problem names its field. */
export const MAX_BODY_BYTES = 64 * 1024;

const invalid = (message: string, param?: string, code = "parameter_invalid") =>
  new ApiError(400, { type: "invalid_request_error", code, message, ...(param ? { param } : {}) });

/** A zod problem → the field's path (`payer.name`, `metadata.colour`) and a sentence naming it. */
export function zodProblem(error: z.ZodError, input: unknown): ApiError {
  const issue = error.issues[0]!;
  const param = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    const where = param ? `${param}.${key}` : key;
    return invalid(`${where}: unknown field (the API takes only the fields its documentation lists)`, where, "parameter_unknown");
  }
  const given = issue.path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );
  const missing = issue.code === "invalid_type" && given === undefined;
  if (missing) return invalid(`${param}: required`, param, "parameter_missing");
  return invalid(param ? `${param}: ${issue.message}` : issue.message, param || undefined);
}

/** The body's bytes, when it is JSON and within the cap (415 and 413 otherwise). */
export async function readJsonBytes(request: Request): Promise<Uint8Array> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError(415, {
      type: "invalid_request_error",
      code: "unsupported_media_type",
      message: "Send the body as JSON with Content-Type: application/json.",
    });
  }
  const read = await readCappedBody(request, MAX_BODY_BYTES);
  if (!read.ok) {
    throw new ApiError(413, {
      type: "invalid_request_error",
      code: "body_too_large",
      message: `The body is over ${MAX_BODY_BYTES / 1024} KB.`,
    });
  }
  return read.bytes;
}

/** The body as the schema makes it; its first problem is a 400 naming the field. */
export function parseJsonBody<S extends z.ZodType>(bytes: Uint8Array, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw invalid("The body is not valid JSON (UTF-8).", undefined, "body_not_json");
  }
  const nul = pathWithNul(json);
  if (nul !== null) throw invalid(`${nul || "body"}: text may not contain the NUL character (\u0000)`, nul || undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw zodProblem(parsed.error, json);
  return parsed.data;
}

const MAX_DEPTH = 32;

/**
 * Where a NUL character is in a JSON value (a string or a key), as a field path; null when nowhere
 * (Postgres text cannot hold one). Walked without recursion, and nesting deeper than any body of
 * the API's is refused before anything else looks at it.
 */
function pathWithNul(json: unknown): string | null {
  const stack: Array<{ value: unknown; at: string; depth: number }> = [{ value: json, at: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, at, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return at;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_DEPTH) throw invalid(`${at || "body"}: nested more than ${MAX_DEPTH} levels deep`, at || undefined);
    for (const [key, inner] of Object.entries(value)) {
      const here = at ? `${at}.${key}` : key;
      if (key.includes("\u0000")) return here;
      stack.push({ value: inner, at: here, depth: depth + 1 });
    }
  }
  return null;
}

/** A query string checked by a strict schema: each parameter once, unknown ones named. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const values: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in values) throw invalid(`${name}: give it once`, name);
    if (`${name}${value}`.includes("\u0000")) throw invalid(`${name}: text may not contain the NUL character (\u0000)`, name);
    values[name] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw zodProblem(parsed.error, values);
  return parsed.data;
}
