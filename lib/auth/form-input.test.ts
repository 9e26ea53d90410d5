import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formDataToInput } from "./form-input";

const form = (entries: Array<[string, string | File]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("FormData → action input", () => {
  const schema = z.object({
    merchantId: z.string(),
    note: z.string().optional(),
    count: z.number().int().optional(),
    limit: z.number().default(10),
    isUrgent: z.boolean(),
    notify: z.boolean().optional(),
    kinds: z.array(z.string()).default([]),
    amount: z.string(),
  });

  it("keeps hidden inputs as strings, turns numeric text into numbers, empty into undefined", () => {
    const input = formDataToInput(
      form([
        ["merchantId", "mer_1"],
        ["note", ""],
        ["count", "12"],
        ["limit", " 7 "],
        ["amount", "1,000.50"],
        ["$ACTION_ID_abc", ""],
        ["$ACTION_REF_1", "x"],
      ]),
      schema,
    );
    expect(input).toEqual({ merchantId: "mer_1", count: 12, limit: 7, amount: "1,000.50", isUrgent: false, notify: false, kinds: [] });
    const parsed = schema.parse(input);
    expect(parsed).toMatchObject({ count: 12, limit: 7, isUrgent: false });
    expect(parsed.note).toBeUndefined();
  });

  it("reads checkboxes: absent is false, on/true/1/yes are true", () => {
    for (const [value, expected] of [
      ["on", true],
      ["true", true],
      ["1", true],
      ["yes", true],
      ["off", false],
      ["false", false],
    ] as const) {
      expect(formDataToInput(form([["isUrgent", value]]), schema).isUrgent).toBe(expected);
    }
    // A hidden "false" before the checkbox: the checkbox (last) wins.
    expect(
      formDataToInput(
        form([
          ["isUrgent", "false"],
          ["isUrgent", "on"],
        ]),
        schema,
      ).isUrgent,
    ).toBe(true);
  });

  it("collects every value of an array field, and takes the last value of any other", () => {
    const input = formDataToInput(
      form([
        ["kinds", "payin"],
        ["kinds", "payout"],
        ["kinds", ""],
        ["merchantId", "a"],
        ["merchantId", "b"],
      ]),
      schema,
    );
    expect(input.kinds).toEqual(["payin", "payout"]);
    expect(input.merchantId).toBe("b");
  });

  it("leaves text that is not a plain number for zod to refuse with a message", () => {
    const input = formDataToInput(
      form([
        ["count", "12abc"],
        ["limit", "1e3"],
      ]),
      schema,
    );
    expect(input).toMatchObject({ count: "12abc", limit: "1e3" });
    const result = schema.safeParse({ ...input, merchantId: "m", amount: "1" });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toHaveProperty("count");
  });

  it("drops an empty file input and keeps a chosen file", () => {
    const withFile = z.object({ slip: z.instanceof(File).optional() });
    expect(formDataToInput(form([["slip", new File([], "")]]), withFile)).toEqual({});
    const file = new File(["jpeg"], "slip.jpg", { type: "image/jpeg" });
    expect(formDataToInput(form([["slip", file]]), withFile).slip).toBeInstanceOf(File);
  });

  it("sees through optional, default, nullable and transform wrappers", () => {
    const wrapped = z
      .object({ n: z.number().nullable().optional(), b: z.boolean().default(false), m: z.number().transform((v) => v * 2) })
      .refine(() => true);
    expect(
      formDataToInput(
        form([
          ["n", "3"],
          ["m", "4"],
        ]),
        wrapped,
      ),
    ).toEqual({ n: 3, m: 4, b: false });
    const piped = z.object({ n: z.number() }).transform((o) => o.n);
    expect(formDataToInput(form([["n", "5"]]), piped)).toEqual({ n: 5 });
  });
});
