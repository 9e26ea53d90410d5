import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_BODY_BYTES, parseJsonBody, readJsonBytes, readQuery } from "./body";
import { ApiError } from "./errors";

const schema = z.strictObject({
  amount: z.number().int().positive(),
  payer: z.strictObject({ name: z.string().min(1) }).optional(),
  metadata: z.record(z.string(), z.string().max(10)).optional(),
});

const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://paydesk.test/api/v1/checkouts", {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });

/** What an ApiError thrown by `act` says: its status and error fields. */
async function refusal(act: () => unknown): Promise<{ status: number; code: string; param?: string; message: string }> {
  try {
    await act();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, fields } = error as ApiError;
    return { status, code: fields.code, message: fields.message, ...(fields.param ? { param: fields.param } : {}) };
  }
  throw new Error("expected a refusal");
}

const parse = (text: string) => parseJsonBody(new TextEncoder().encode(text), schema);

describe("the merchant API's JSON bodies", () => {
  it("takes application/json, with a charset or in capitals, and refuses any other type with 415", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      expect(new TextDecoder().decode(await readJsonBytes(post('{"amount":1}', { "content-type": type })))).toBe('{"amount":1}');
    }
    const others: Array<Record<string, string>> = [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      {},
    ];
    for (const headers of others) {
      expect(await refusal(() => readJsonBytes(post("amount=1", headers)))).toMatchObject({ status: 415, code: "unsupported_media_type" });
    }
  });

  it("refuses a body over 64 KB with 413, reading no more of an endless stream than the cap", async () => {
    expect(await refusal(() => readJsonBytes(post("x".repeat(MAX_BODY_BYTES + 1))))).toMatchObject({
      status: 413,
      code: "body_too_large",
      message: "The body is over 64 KB.",
    });
    expect(await readJsonBytes(post(`"${"x".repeat(MAX_BODY_BYTES - 2)}"`))).toHaveLength(MAX_BODY_BYTES);

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await refusal(() => readJsonBytes(post(endless)))).toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 16 * 1024);
  });

  it("refuses broken JSON, and bytes that are not UTF-8, with 400", async () => {
    for (const text of ["{not json", "", '{"amount": 1,}']) {
      expect(await refusal(() => parse(text))).toMatchObject({
        status: 400,
        code: "body_not_json",
        message: "The body is not valid JSON (UTF-8).",
      });
    }
    expect(await refusal(() => parseJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]), schema))).toMatchObject({ code: "body_not_json" });
  });

  it("names the field at fault: unknown, missing, of the wrong type, nested", async () => {
    expect(parse('{"amount": 150, "metadata": {"order": "1042"}}')).toEqual({ amount: 150, metadata: { order: "1042" } });
    expect(await refusal(() => parse('{"amount": 150, "colour": "red"}'))).toEqual({
      status: 400,
      code: "parameter_unknown",
      param: "colour",
      message: "colour: unknown field (the API takes only the fields its documentation lists)",
    });
    expect(await refusal(() => parse('{"amount": 150, "payer": {"name": "A", "age": 3}}'))).toMatchObject({
      code: "parameter_unknown",
      param: "payer.age",
    });
    expect(await refusal(() => parse("{}"))).toEqual({
      status: 400,
      code: "parameter_missing",
      param: "amount",
      message: "amount: required",
    });
    // A field sent as null is a wrong value, not a missing one.
    expect(await refusal(() => parse('{"amount": null}'))).toMatchObject({ code: "parameter_invalid", param: "amount" });
    const wrongType = await refusal(() => parse('{"amount": "lots"}'));
    expect(wrongType).toMatchObject({ status: 400, code: "parameter_invalid", param: "amount" });
    expect(wrongType.message).toMatch(/^amount: \S/);
    expect(await refusal(() => parse('{"amount": 1, "metadata": {"foo": "far too long here"}}'))).toMatchObject({
      code: "parameter_invalid",
      param: "metadata.foo",
    });
    expect(await refusal(() => parse("[1]"))).toMatchObject({ status: 400, code: "parameter_invalid" });
  });

  it("refuses NUL in any text or key, and nesting over 32 levels, naming where", async () => {
    expect(await refusal(() => parse('{"amount": 1, "payer": {"name": "A\\u0000"}}'))).toMatchObject({ status: 400, param: "payer.name" });
    expect(await refusal(() => parse('{"amount": 1, "metadata": {"a\\u0000": "x"}}'))).toMatchObject({ param: "metadata.a\u0000" });
    const deep = `${'{"a":'.repeat(40)}1${"}".repeat(40)}`;
    expect((await refusal(() => parse(deep))).message).toMatch(/nested more than 32 levels deep/);
  });

  it("reads a query string by a strict schema: each parameter once, unknown ones named", async () => {
    const query = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() });
    expect(readQuery(new URL("http://paydesk.test/x?limit=5"), query)).toEqual({ limit: 5 });
    expect(await refusal(() => readQuery(new URL("http://paydesk.test/x?limit=5&limit=6"), query))).toMatchObject({
      param: "limit",
      message: "limit: give it once",
    });
    expect(await refusal(() => readQuery(new URL("http://paydesk.test/x?sort=asc"), query))).toMatchObject({
      code: "parameter_unknown",
      param: "sort",
    });
    expect(await refusal(() => readQuery(new URL("http://paydesk.test/x?limit=500"), query))).toMatchObject({ param: "limit" });
  });
});
