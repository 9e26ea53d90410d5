import Ajv2020 from "ajv/dist/2020";
import { openApiDocument } from "../openapi";

/**
 * Checks an answer the tests received against the OpenAPI document — the generated document, not
 * the zod schemas behind it — so a response the document does not describe fails the test.
 */
type Json = Record<string, unknown>;

const document = openApiDocument("http://paydesk.test") as Json & {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, Json>; content?: { "application/json"?: { schema: Json } } }> }>
  >;
  components: { schemas: Record<string, Json> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
// RFC 3339 times, as zod's z.iso.datetime({ offset: true }) writes them into the document.
ajv.addFormat(
  "date-time",
  (text: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(text) && !Number.isNaN(Date.parse(text)),
);
ajv.addSchema({ $id: "paydesk", components: document.components });

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** `path` as written in the document (`/checkouts/{id}`); throws with the mismatches when the answer does not fit. */
export function expectDocumented(method: string, path: string, status: number, body: unknown): void {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the document has no ${method} ${path}`);
  const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document has no ${status} answer for ${method} ${path}`);
  const key = `${method} ${path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    // References point at #/components/schemas/…: resolve them against the registered components.
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"paydesk#/components/'));
    validate = ajv.compile(rebased);
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${key}: the answer does not fit the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** The headers PayDesk's door sets (lib/merchant-api/http/route.ts, lib/merchant-api/http/errors.ts), as the document names them. */
const DOOR_HEADERS = ["X-Request-Id", "Idempotent-Replayed", "Retry-After"];

/** Every door header the answer carries is declared for its status; every required one is there. */
export function expectDocumentedHeaders(method: string, path: string, status: number, headers: Headers): void {
  const declared = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.headers ?? {};
  for (const name of DOOR_HEADERS) {
    const sent = headers.get(name);
    const header = declared[name] as { $ref?: string } | undefined;
    if (sent !== null && !header) throw new Error(`${method} ${path} ${status}: ${name} is sent but the document does not declare it`);
    const definition: Json | undefined = header?.$ref
      ? (document.components as unknown as { headers: Record<string, Json> }).headers[name]
      : header;
    if (definition?.required === true && sent === null) throw new Error(`${method} ${path} ${status}: ${name} is required but not sent`);
  }
}
