import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "./endpoints";
import { openApiDocument } from "./openapi";
import { expectDocumented, expectDocumentedHeaders } from "./testing/openapi-check";

describe("the merchant API's OpenAPI document", () => {
  it("passes an independent OpenAPI 3.1 validator", async () => {
    const result = await validate(structuredClone(openApiDocument("https://pay.example.com")) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it("lists every endpoint of the table with its scope, and the body schema the route validates with", () => {
    const doc = openApiDocument("https://pay.example.com") as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const endpoint of Object.values(ENDPOINTS)) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.operationId).toBeDefined();
      expect(operation!["x-required-scope"]).toBe(endpoint.scope);
      expect(Boolean(operation!.requestBody)).toBe("body" in endpoint);
    }
    const body = (
      doc.paths["/checkouts"]!.post!.requestBody as {
        content: Record<string, { schema: { required: string[]; additionalProperties: boolean } }>;
      }
    ).content["application/json"]!.schema;
    expect(body.required).toEqual(expect.arrayContaining(["amount", "reference", "payer"]));
    expect(body.additionalProperties).toBe(false);
  });

  it("tells a documented answer from one it does not describe", () => {
    const error = {
      error: { type: "invalid_request_error", code: "parameter_invalid", message: "amount: …", param: "amount", request_id: "rq_1" },
    };
    expect(() => expectDocumented("POST", "/checkouts", 400, error)).not.toThrow();
    expect(() => expectDocumented("POST", "/checkouts", 400, { error: { ...error.error, type: "oops" } })).toThrow(/does not fit/);
    expect(() => expectDocumented("POST", "/checkouts", 400, { message: "free text" })).toThrow(/does not fit/);
    expect(() => expectDocumented("GET", "/checkouts/{id}", 200, { id: "req_1" })).toThrow(/does not fit/);
  });

  type Doc = {
    info: { license?: { name: string } };
    components: { headers?: Record<string, { schema: unknown; required?: boolean }> };
    paths: Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, { headers?: Record<string, { $ref: string }> }> }>
    >;
  };
  const doc = () => openApiDocument("https://pay.example.com") as unknown as Doc;

  it("carries a licence", () => {
    expect(doc().info.license?.name).toBeTruthy();
  });

  it("declares the response headers: X-Request-Id on every answer, Idempotent-Replayed on a POST's keepable ones, Retry-After where it is sent", () => {
    const { paths, components } = doc();
    expect(Object.keys(components.headers ?? {}).sort()).toEqual(["Idempotent-Replayed", "Retry-After", "X-Request-Id"]);
    expect(components.headers!["X-Request-Id"]!.required).toBe(true);
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          const names = Object.keys(answer.headers ?? {});
          expect(names, `${method} ${path} ${status}`).toContain("X-Request-Id");
          expect(names.includes("Idempotent-Replayed"), `${method} ${path} ${status}`).toBe(
            method === "post" && ["201", "202", "422"].includes(status),
          );
          expect(names.includes("Retry-After"), `${method} ${path} ${status}`).toBe(["409", "429", "503"].includes(status));
        }
      }
    }
    const headers = (init: Record<string, string>) => new Headers(init);
    const id = { "x-request-id": "rq_0123456789abcdef" };
    expect(() => expectDocumentedHeaders("POST", "/checkouts", 201, headers({ ...id, "idempotent-replayed": "true" }))).not.toThrow();
    expect(() => expectDocumentedHeaders("GET", "/checkouts/{id}", 200, headers({ ...id, "idempotent-replayed": "true" }))).toThrow(
      /not declare/,
    );
    expect(() => expectDocumentedHeaders("GET", "/checkouts/{id}", 200, headers({}))).toThrow(/required/);
  });

  it("lists 413 and 415 only where a body is read", () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const responses = doc().paths[endpoint.path]![endpoint.method.toLowerCase()]!.responses;
      const readsBody = "body" in endpoint;
      expect("413" in responses, endpoint.operationId).toBe(readsBody);
      expect("415" in responses, endpoint.operationId).toBe(readsBody);
    }
  });

  it("says how a pay-out ends on each provider: approved on the live one, paid on the spec", () => {
    const status = (
      openApiDocument("https://pay.example.com") as {
        components: { schemas: Record<string, Record<string, Record<string, { description?: string }>>> };
      }
    ).components.schemas.PaymentRequest!.properties!.status!.description;
    expect(status).toMatch(/Pay-Out[^.]*ends `approved` on the live provider and `paid` on one that follows the spec/);
  });
});
