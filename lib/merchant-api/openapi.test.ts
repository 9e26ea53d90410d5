import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "./endpoints";
import { openApiDocument } from "./openapi";
import { expectDocumented } from "./testing/openapi-check";

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
});
