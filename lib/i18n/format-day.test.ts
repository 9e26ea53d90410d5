import { describe, expect, it } from "vitest";
import { formatDay } from "./day";

describe("a calendar day in the reader's words", () => {
  it("is day first with the Buddhist era in Thai, and day first in English", () => {
    expect(formatDay("2026-11-28", "th")).toBe("28 พ.ย. 2569");
    expect(formatDay("2026-01-05", "th")).toBe("5 ม.ค. 2569");
    expect(formatDay("2026-11-28", "en")).toBe("28 Nov 2026");
  });

  it("is the day itself whatever the server's time zone (no shift at midnight)", () => {
    expect(formatDay("2026-12-31", "en")).toBe("31 Dec 2026");
    expect(formatDay("2027-01-01", "th")).toBe("1 ม.ค. 2570");
  });

  it("says nothing for what is not a day", () => {
    for (const bad of ["", "2026-02-30", "28/11/2026", "2026-13-01", "garbage"]) expect(formatDay(bad, "th")).toBe("");
  });
});
