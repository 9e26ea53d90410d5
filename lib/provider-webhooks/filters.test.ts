import { describe, expect, it } from "vitest";
import { parseDeliveryFilters } from "./filters";

describe("webhook log filters", () => {
  it("reads every filter, dates as Bangkok days", () => {
    const { filters, problems } = parseDeliveryFilters({
      verdict: "applied",
      event: "PaymentIn.Success",
      merchant: "mer_1",
      from: "2026-11-21",
      to: "2026-11-21",
      before: "42",
    });
    expect(problems).toEqual([]);
    expect(filters).toEqual({
      verdict: "applied",
      event: "PaymentIn.Success",
      merchantId: "mer_1",
      from: new Date("2026-11-20T17:00:00Z"),
      to: new Date("2026-11-21T17:00:00Z"),
      before: 42,
    });
  });

  it("names what it cannot use and leaves it out, keeping the rest", () => {
    const { filters, problems } = parseDeliveryFilters({
      verdict: "great",
      event: "Payment.Whatever",
      from: "2026-02-31",
      to: "yesterday",
      before: "abc",
      merchant: "mer_1",
    });
    expect(problems).toEqual(["verdict", "event", "from", "to", "before"]);
    expect(filters).toEqual({ merchantId: "mer_1" });
  });

  it("treats empty values as no filter", () => {
    expect(parseDeliveryFilters({ verdict: "", from: " ", before: undefined })).toEqual({ filters: {}, problems: [] });
  });
});
