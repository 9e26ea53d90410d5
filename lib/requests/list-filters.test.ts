import { describe, expect, it } from "vitest";
import { bangkokDayStart, decodeCursor, encodeCursor, hasNarrowingFilters, listHref, parseListFilters, shownState } from "./list-filters";

describe("the request list's URL filters", () => {
  it("defaults to the Pay-In tab with nothing narrowing it", () => {
    const { filters, errors, values } = parseListFilters({});
    expect(errors).toEqual({});
    expect(filters).toMatchObject({
      tab: "payin",
      pageSize: 50,
      status: null,
      createdFrom: null,
      createdBefore: null,
      minSatang: null,
      maxSatang: null,
      merchant: null,
      search: null,
      cursor: null,
    });
    expect(hasNarrowingFilters(values)).toBe(false);
  });

  it("reads Bangkok days as [00:00 +07, next day 00:00 +07)", () => {
    const { filters } = parseListFilters(new URLSearchParams("tab=payout&from=2026-05-01&to=2026-05-02"));
    expect(filters.tab).toBe("payout");
    expect(filters.createdFrom?.toISOString()).toBe("2026-04-30T17:00:00.000Z");
    expect(filters.createdBefore?.toISOString()).toBe("2026-05-02T17:00:00.000Z");
  });

  it("reads amounts exactly, in satang, with or without separators", () => {
    const { filters, errors } = parseListFilters({ min: "1,000", max: "2500.5" });
    expect(errors).toEqual({});
    expect([filters.minSatang, filters.maxSatang]).toEqual([100_000, 250_050]);
  });

  it("reports each bad value beside the raw text, which is kept", () => {
    const parsed = parseListFilters({
      status: "lost",
      from: "2026-02-30",
      to: "yesterday",
      min: "12.345",
      max: "-1",
      q: "x".repeat(101),
      size: "1000",
      cursor: "%%%",
    });
    expect(parsed.errors).toEqual({
      status: "status",
      from: "date",
      to: "date",
      min: "amount",
      max: "amount",
      q: "search",
      size: "size",
      cursor: "cursor",
    });
    expect(parsed.values).toMatchObject({ from: "2026-02-30", to: "yesterday", min: "12.345", max: "-1" });
  });

  it("refuses ranges that run backwards", () => {
    expect(parseListFilters({ from: "2026-05-02", to: "2026-05-01" }).errors).toEqual({ to: "dateOrder" });
    expect(parseListFilters({ min: "500", max: "100" }).errors).toEqual({ max: "amountOrder" });
    expect(parseListFilters({ from: "2026-05-01", to: "2026-05-01", min: "5", max: "5" }).errors).toEqual({});
  });

  it("accepts status groups and single states; 'all' means no status filter", () => {
    expect(parseListFilters({ status: "open" }).filters.status).toBe("open");
    expect(parseListFilters({ status: "awaiting_approval" }).filters.status).toBe("awaiting_approval");
    expect(parseListFilters({ status: "all" }).filters.status).toBeNull();
  });

  it("takes one of the offered page sizes", () => {
    expect(parseListFilters({ size: "10" }).filters.pageSize).toBe(10);
    expect(parseListFilters({ size: "7" }).errors).toEqual({ size: "size" });
  });

  it("falls back to the Pay-In tab for an unknown one", () => {
    expect(parseListFilters({ tab: "refunds" }).filters.tab).toBe("payin");
  });

  it("round-trips a cursor, with microseconds or an amount, and refuses a tampered one", () => {
    const cursor = { sort: "newest" as const, back: false, start: 50, key: "2026-05-01T10:00:00.123456Z", id: "req_abc" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const byAmount = { sort: "amount_asc" as const, back: true, start: 0, key: "1234.50", id: "req_abc" };
    expect(decodeCursor(encodeCursor(byAmount))).toEqual(byAmount);
    const raw = (text: string) => decodeCursor(Buffer.from(text).toString("base64url"));
    expect(raw("newest|a|0|2026-05-01|req_abc")).toBeNull();
    expect(raw("newest|a|0|2026-05-01T10:00:00Z|req_abc'; drop table x")).toBeNull();
    expect(raw("amount_desc|a|0|2026-05-01T10:00:00Z|req_abc")).toBeNull();
    expect(raw("newest|x|0|2026-05-01T10:00:00Z|req_abc")).toBeNull();
    expect(raw("2026-05-01T10:00:00Z|req_abc")).toBeNull();
  });

  it("takes one of the list's orders, and refuses a page link of another order", () => {
    expect(parseListFilters({}).filters.sort).toBe("newest");
    expect(parseListFilters({ sort: "amount_desc" }).filters.sort).toBe("amount_desc");
    expect(parseListFilters({ sort: "cheapest" })).toMatchObject({ errors: { sort: "sort" }, values: { sort: "cheapest" } });
    const byDate = encodeCursor({ sort: "newest", back: false, start: 50, key: "2026-05-01T10:00:00Z", id: "req_a" });
    expect(parseListFilters({ cursor: byDate }).errors).toEqual({});
    expect(parseListFilters({ sort: "amount_asc", cursor: byDate })).toMatchObject({
      errors: { cursor: "cursor" },
      filters: { cursor: null },
    });
  });

  it("builds links with only the values that are set", () => {
    const { values } = parseListFilters({ tab: "withdrawal", status: "open", q: "สมชาย" });
    expect(listHref(values, { cursor: "abc" })).toBe(`/requests?tab=withdrawal&status=open&q=${encodeURIComponent("สมชาย")}&cursor=abc`);
    expect(listHref({}, {}, "/api/exports/requests")).toBe("/api/exports/requests");
    expect(hasNarrowingFilters(values)).toBe(true);
  });

  it("rejects impossible calendar days", () => {
    expect(bangkokDayStart("2026-02-29")).toBeNull();
    expect(bangkokDayStart("2028-02-29")?.toISOString()).toBe("2028-02-28T17:00:00.000Z");
    expect(bangkokDayStart("2026-13-01")).toBeNull();
  });

  it("shows a rejection for expiry as expired", () => {
    expect(shownState("rejected", "ERR_EXPIRED_REQUEST")).toBe("expired");
    expect(shownState("rejected", "ERROR_VALUE_NOT_IN_RANGE")).toBe("rejected");
    expect(shownState("paid", null)).toBe("paid");
  });
});
