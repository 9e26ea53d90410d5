/**
 * The merchant API's OpenAPI 3.1 document, generated from the endpoint table (./endpoints.ts) and
 * the zod schemas the routes validate with: no hand-kept copy. Served at /api/v1/openapi.json.
 */
import { z } from "zod";
import { ENDPOINTS, errorSchema, type Endpoint } from "./endpoints";

const COMMON_REFUSALS: Record<number, string> = {
  400: "A field is missing or wrong (`error.param` names it), or the body is not JSON",
  401: "No API key, or one that is malformed, unknown, revoked or expired",
  403: "The key lacks the scope this endpoint needs",
  429: "Too many requests for this key; retry after Retry-After seconds",
  500: "PayDesk failed; `error.request_id` is the reference",
};
/** Only an endpoint that reads a body can refuse it (lib/merchant-api/http/body.ts). */
const BODY_REFUSALS: Record<number, string> = {
  413: "The body is over 64 KB",
  415: "The body is not application/json",
};

/** The headers the door (lib/merchant-api/http/route.ts, lib/merchant-api/http/errors.ts) sets, declared once and referred to. */
const HEADERS = {
  "X-Request-Id": {
    description: "PayDesk's id for this call (`rq_` and 16 hex digits); also in `error.request_id`, the logs and the audit entry",
    required: true,
    schema: { type: "string", pattern: "^rq_[0-9a-f]{16}$" },
  },
  "Idempotent-Replayed": {
    description: "`true` when this is the kept answer of an earlier call with the same Idempotency-Key, replayed without running",
    schema: { type: "string", enum: ["true"] },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying",
    schema: { type: "integer", minimum: 1 },
  },
} as const;
type HeaderName = keyof typeof HEADERS;
/** Answers a POST may replay: the kept ones (lib/merchant-api/http/idempotency.ts) — a success, or the provider's refusal. */
const REPLAYABLE = new Set([201, 202, 422]);
/** Answers that may carry Retry-After: over the limit, the provider busy, an Idempotency-Key still running. */
const MAY_RETRY_AFTER = new Set([409, 429, 503]);

type Json = Record<string, unknown>;

function headersOf(method: string, status: number): Record<string, Json> {
  const names: HeaderName[] = ["X-Request-Id"];
  if (method === "POST" && REPLAYABLE.has(status)) names.push("Idempotent-Replayed");
  if (MAY_RETRY_AFTER.has(status)) names.push("Retry-After");
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

export function openApiDocument(serverUrl: string): Json {
  // Schemas with an id (`.meta({ id })`) become components, referred to by $ref: zod puts them in
  // $defs, which are lifted into components/schemas with their references rewritten.
  const components: Record<string, Json> = {};
  const jsonOf = (schema: z.ZodType, io: "input" | "output"): Json => {
    const generated = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
    const {
      $schema: _schema,
      $defs,
      ...own
    } = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json & { $defs?: Record<string, Json> };
    for (const [name, def] of Object.entries($defs ?? {})) components[name] = def;
    return own;
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) {
    const parameters: Json[] = [];
    for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
    }
    if (endpoint.query) {
      for (const [name, field] of Object.entries(endpoint.query.shape)) {
        const schema = jsonOf(field as z.ZodType, "input");
        parameters.push({ name, in: "query", required: false, schema, ...(schema.description ? { description: schema.description } : {}) });
      }
    }
    if (endpoint.method === "POST") {
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Any unique string up to 255 characters. The same key with the same parameters (the body's JSON, whatever its keys' order) within 24 hours answers the kept answer again (a success, or the provider's refusal), without a second provider call; a refusal before the request ran is not kept.",
        schema: { type: "string", maxLength: 255 },
      });
    }
    const responses: Record<string, Json> = {};
    for (const [status, answer] of Object.entries(endpoint.answers)) {
      responses[status] = {
        description: answer.description,
        headers: headersOf(endpoint.method, Number(status)),
        content: { "application/json": { schema: jsonOf(answer.schema, "output") } },
      };
    }
    const refusals = { ...COMMON_REFUSALS, ...(endpoint.body ? BODY_REFUSALS : {}), ...endpoint.refusals };
    for (const [status, description] of Object.entries(refusals)) {
      responses[status] = {
        description,
        headers: headersOf(endpoint.method, Number(status)),
        content: { "application/json": { schema: jsonOf(errorSchema, "output") } },
      };
    }
    const operation: Json = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      security: [{ apiKey: [endpoint.scope] }],
      "x-required-scope": endpoint.scope,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonOf(endpoint.body, "input") } } } }
        : {}),
      responses,
    };
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "PayDesk merchant API",
      version: "1.0.0",
      description:
        "Create checkouts and pay-outs through PayDesk, and read their state. Authenticate with `Authorization: Bearer <key>` (Settings → Developers). Amounts are baht strings with 2 decimals. Every answer carries X-Request-Id.",
      // PayDesk is not open source: the API is for the merchants its operator serves.
      license: { name: "Proprietary" },
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "A PayDesk API key: pdk_test_… (the sandbox) or pdk_live_…" },
      },
      headers: HEADERS,
      schemas: components,
    },
    paths,
  };
}
