/**
 * The merchant API's reference, rendered from its OpenAPI document (lib/merchant-api/openapi.ts) —
 * the document the routes are checked against — so what a developer reads here is what the API
 * does. English only: the API speaks English (docs/merchant-api.md).
 */
type Json = Record<string, unknown>;
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  format?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  $ref?: string;
}

function typeOf(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(" or ");
  if (schema.type === "array" && schema.items) return `${typeOf(schema.items)}[]`;
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Rows for an object's fields, nested objects flattened into `a.b` names. */
function fieldRows(schema: Schema, prefix = ""): Array<{ name: string; type: string; required: boolean; note: string }> {
  const rows: Array<{ name: string; type: string; required: boolean; note: string }> = [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (!schema.properties && variants) {
    variants.forEach((variant) => rows.push(...fieldRows(variant, prefix)));
    return rows;
  }
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const full = `${prefix}${name}`;
    const notes = [
      field.description,
      field.default !== undefined ? `default ${JSON.stringify(field.default)}` : null,
      field.maxLength ? `at most ${field.maxLength} characters` : null,
    ];
    rows.push({
      name: full,
      type: typeOf(field),
      required: schema.required?.includes(name) ?? false,
      note: notes.filter(Boolean).join("; "),
    });
    if (field.properties || (field.oneOf && field.type === undefined)) rows.push(...fieldRows(field, `${full}.`));
  }
  return rows;
}

function Fields({ schema }: { schema: Schema }) {
  const rows = fieldRows(schema);
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th className="py-1 pr-3 font-medium">Field</th>
          <th className="py-1 pr-3 font-medium">Type</th>
          <th className="py-1 font-medium">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.name}-${i}`} className="border-b border-slate-100 align-top">
            <td className="py-1 pr-3 font-mono text-xs">
              {row.name}
              {row.required && <span className="text-red-700"> *</span>}
            </td>
            <td className="py-1 pr-3 font-mono text-xs">{row.type}</td>
            <td className="py-1 text-slate-700">{row.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ApiReference({ document }: { document: Json }) {
  const info = document.info as { title: string; description: string };
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
  const server = (document.servers as Array<{ url: string }>)[0]!.url;
  return (
    <div className="space-y-8" data-testid="api-reference">
      <div>
        <h1 className="text-2xl font-semibold">{info.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{info.description}</p>
        <p className="mt-2 font-mono text-sm">{server}</p>
      </div>
      {Object.entries(paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => {
          const body = (operation.requestBody as { content: Record<string, { schema: Schema }> } | undefined)?.content["application/json"]
            ?.schema;
          const parameters =
            (operation.parameters as Array<{ name: string; in: string; schema: Schema; description?: string }> | undefined) ?? [];
          const responses = operation.responses as Record<string, { description: string }>;
          const id = String(operation.operationId);
          return (
            <section key={`${method} ${path}`} aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
              <h2 id={id} className="font-mono text-lg">
                <span className="mr-2 rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold">{method.toUpperCase()}</span>
                {path}
              </h2>
              <p className="mt-1 font-medium">{String(operation.summary)}</p>
              {typeof operation.description === "string" && (
                <p className="mt-1 max-w-3xl text-sm text-slate-700">{operation.description}</p>
              )}
              <p className="mt-1 text-sm text-slate-600">
                Scope: <code>{String(operation["x-required-scope"])}</code>
              </p>
              {parameters.length > 0 && (
                <>
                  <h3 className="mt-4 text-sm font-semibold">Parameters</h3>
                  <Fields
                    schema={{
                      properties: Object.fromEntries(
                        parameters.map((p) => [`${p.name} (${p.in})`, { ...p.schema, description: p.description ?? p.schema.description }]),
                      ),
                      required: parameters.filter((p) => p.in === "path").map((p) => `${p.name} (${p.in})`),
                    }}
                  />
                </>
              )}
              {body && (
                <>
                  <h3 className="mt-4 text-sm font-semibold">Body (JSON)</h3>
                  <Fields schema={body} />
                </>
              )}
              <h3 className="mt-4 text-sm font-semibold">Answers</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {Object.entries(responses).map(([status, response]) => (
                  <li key={status}>
                    <span className="font-mono font-semibold">{status}</span> {response.description}
                  </li>
                ))}
              </ul>
            </section>
          );
        }),
      )}
      {Object.entries(schemas).map(([name, schema]) => (
        <section key={name} aria-labelledby={`schema-${name}`} className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id={`schema-${name}`} className="font-mono text-lg">
            {name}
          </h2>
          <Fields schema={schema} />
        </section>
      ))}
    </div>
  );
}
