/**
 * Small HTTP helpers shaped like the provider's ASP.NET Core answers: camelCase JSON, model-binding
 * failures as RFC 9110 ProblemDetails (docs/provider-facts.md §3), empty 401/403 bodies (§1.4).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType: "json" | "text" | "empty" = "json",
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "string" ? body : `HTTP ${status}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Length": 0, ...headers });
  res.end();
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
  if (error.contentType === "empty") sendEmpty(res, error.status, error.headers);
  else if (error.contentType === "text") sendText(res, error.status, String(error.body), error.headers);
  else sendJson(res, error.status, error.body, error.headers);
}

/** ASP.NET Core's automatic 400 for a body it cannot bind. */
export function problem(status: number, title: string, errors?: Record<string, string[]>): HttpError {
  const type =
    status === 415
      ? "https://tools.ietf.org/html/rfc9110#section-15.5.16"
      : status === 413
        ? "https://tools.ietf.org/html/rfc9110#section-15.5.14"
        : "https://tools.ietf.org/html/rfc9110#section-15.5.1";
  return new HttpError(status, {
    type,
    title,
    status,
    ...(errors ? { errors } : {}),
    traceId: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-00`,
  });
}

/**
 * Reads the body up to `limit` bytes. Past the limit the request is answered 413 and the rest of
 * the upload is discarded, so a huge body costs neither memory nor a crash.
 */
export function readBody(req: IncomingMessage, limit: number, onTooLarge: () => HttpError): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(onTooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(onTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

/** Parses a JSON object body; anything else is a 400 with the parser's complaint, as ASP.NET does. */
export function parseJsonObject(body: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (!contentType || !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw problem(415, "Unsupported Media Type");
  }
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw problem(400, "One or more validation errors occurred.", {
      $: [`The JSON value could not be parsed: ${(error as Error).message}`],
    });
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw problem(400, "One or more validation errors occurred.", { $: ["The request body must be a JSON object."] });
  }
  return value as Record<string, unknown>;
}

/** Request properties are case-insensitive at the provider (docs/provider-facts.md §4.0). */
export function lowerKeys(body: Record<string, unknown>): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) map.set(key.toLowerCase(), value);
  return map;
}

/** Binding errors collected while reading fields, reported together like ASP.NET does. */
export class Binder {
  private readonly errors: Record<string, string[]> = {};
  private readonly fields: Map<string, unknown>;

  constructor(body: Record<string, unknown>) {
    this.fields = lowerKeys(body);
  }

  string(name: string): string | null {
    const value = this.fields.get(name.toLowerCase());
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") {
      this.fail(name, `The JSON value could not be converted to System.String. Path: $.${name}.`);
      return null;
    }
    return value;
  }

  /** Numbers may be JSON numbers or numeric strings (docs/provider-facts.md §4.0). */
  number(name: string): unknown {
    const value = this.fields.get(name.toLowerCase());
    if (value === undefined || value === null) return null;
    if (typeof value === "number") return value;
    if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value.trim();
    this.fail(name, `The JSON value could not be converted to System.Nullable\`1[System.Decimal]. Path: $.${name}.`);
    return null;
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw problem(400, "One or more validation errors occurred.", this.errors);
  }

  private fail(name: string, message: string): void {
    (this.errors[`$.${name}`] ??= []).push(message);
  }
}

export function clientKey(req: IncomingMessage): string {
  // The live limiter keys on the first X-Original-Forwarded-For entry, else one shared bucket (§8.1).
  const forwarded = req.headers["x-original-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || "unknown";
}
