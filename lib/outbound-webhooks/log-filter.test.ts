import { describe, expect, it } from "vitest";
import { parseLogQuery } from "./log-filter";

describe("the delivery log's filters", () => {
  it("reads Bangkok days, a whole day for 'to', and the known types and statuses", () => {
    const { query, ignored } = parseLogQuery({
      type: "payin.paid",
      status: "failed",
      request: "req_abc",
      from: "2026-11-01",
      to: "2026-11-02",
    });
    expect(ignored).toEqual([]);
    expect(query).toMatchObject({ eventType: "payin.paid", status: "failed", requestId: "req_abc" });
    expect(query.from?.toISOString()).toBe("2026-10-31T17:00:00.000Z");
    expect(query.to?.toISOString()).toBe("2026-11-02T16:59:59.999Z");
  });

  it("names each value it cannot use instead of filtering by it: an impossible date, an unknown type or status, a strange id", () => {
    const { query, ignored } = parseLogQuery({
      type: "payin.refunded",
      status: "lost",
      request: "req'; drop",
      from: "2026-02-30",
      to: "31/12/2026",
      before: "x",
    });
    expect(ignored).toEqual(["type", "status", "request", "from", "to", "before"]);
    expect(query).toEqual({});
  });
});
