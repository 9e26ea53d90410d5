import { describe, expect, it } from "vitest";
import { sentOutcome, slipFailureFor } from "./failure";
import { slipFormMessages } from "./messages";

describe("the slip upload's outcomes", () => {
  it("name words the page has, in both languages, for every answer the upload route gives", () => {
    const answers: Array<[number, { problem?: string; mayHaveArrived?: boolean }]> = [
      [410, { problem: "link_invalid" }],
      [409, { problem: "already_paid" }],
      [409, { problem: "request_ended" }],
      [429, { problem: "rate_limited" }],
      [503, {}],
      [502, { problem: "provider_failed", mayHaveArrived: true }],
      [502, { problem: "provider_failed" }],
      ...["not_image", "too_large", "corrupt", "empty", "no_image", "bad_reference", "note_too_long", "note_nul"].map(
        (problem) => [400, { problem }] as [number, { problem: string }],
      ),
      [500, {}],
    ];
    for (const [status, body] of answers) {
      const failure = slipFailureFor(status, body);
      for (const locale of ["th", "en"] as const) expect(typeof slipFormMessages(locale)[failure.message], failure.message).toBe("string");
      // What the route sends the page without script back with is what the page shows.
      expect(sentOutcome(failure.message)).toEqual(failure);
    }
    expect(slipFailureFor(409, { problem: "already_paid" })).toEqual({ message: "alreadyPaid", canRetry: false });
    expect(slipFailureFor(400, { problem: "bad_reference" })).toEqual({ message: "badReference", canRetry: true });
  });

  it("a page address naming anything else shows the form as usual", () => {
    expect(sentOutcome("done")).toBe("done");
    for (const value of [undefined, "", "DONE", "pickTitle", "toString", "__proto__", ["done"]]) expect(sentOutcome(value)).toBeNull();
  });
});
