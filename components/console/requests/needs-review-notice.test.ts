import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FoundRequest } from "@/lib/requests/adopt";
import { NeedsReviewNotice } from "./needs-review-notice";

const candidate = (n: number): FoundRequest => ({
  providerId: `0b6f0e8a-0000-4000-8000-00000000000${n}`,
  status: "Pending",
  requestedAmount: "450.00",
  createdAt: "2026-11-23T09:59:58Z",
  notOurs: null,
  undecidable: true,
});
const sentAt = new Date("2026-11-23T10:00:00Z");
const render = (locale: "th" | "en", statusCode: string | null, found: FoundRequest[]) =>
  renderToStaticMarkup(NeedsReviewNotice({ statusCode, found, sentAt, locale }))
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'");
const text = (locale: "th" | "en", statusCode: string | null, foundCount: number) =>
  render(
    locale,
    statusCode,
    Array.from({ length: foundCount }, (_, i) => candidate(i + 1)),
  );

describe("a request left to a person", () => {
  it("says what is known and what to do, in English", () => {
    const shown = text("en", "SUBMIT_UNRESOLVED_NOT_FOUND", 0);
    expect(shown).toContain("This request needs a person");
    expect(shown).toContain("The provider holds no request with this RefId1.");
    expect(shown).toContain("Look the RefId1 up in the provider");
    expect(shown).toContain("SUBMIT_UNRESOLVED_NOT_FOUND");
    expect(text("en", "SUBMIT_UNRESOLVED_AMBIGUOUS", 2)).toContain(
      "The provider holds 2 requests with this RefId1 (listed on the timeline).",
    );
  });

  it("and in Thai", () => {
    const shown = text("th", "SUBMIT_UNRESOLVED_NO_LOOKUP", 0);
    expect(shown).toContain("คำขอนี้ต้องให้เจ้าหน้าที่ตรวจสอบ");
    expect(shown).toContain("ผู้ให้บริการไม่มีคำขอที่ใช้ RefId1 นี้");
    expect(shown).toContain("โปรดเพิ่ม key สำหรับอ่าน (VIEWER)");
    expect(shown).not.toMatch(/needs a person|Look the RefId1/);
  });

  it("shows this request beside each candidate the provider holds, so a person can compare them", () => {
    const shown = render("en", "SUBMIT_UNRESOLVED_AMBIGUOUS", [
      candidate(1),
      { ...candidate(2), notOurs: "other_amount", undecidable: false },
    ]);
    expect(shown).toContain("PayDesk's request: first sent");
    expect(shown).toContain("Provider request 0b6f0e8a-0000-4000-8000-000000000001: Pending, 450.00 THB, created");
    expect(shown).toMatch(/000000000001[^—]*— could be this request's/);
    expect(shown).toMatch(/000000000002[^—]*— not this request's/);
    expect(render("th", "SUBMIT_UNRESOLVED_AMBIGUOUS", [candidate(1)])).toContain("อาจเป็นคำขอนี้");
    expect(render("en", "SUBMIT_UNRESOLVED_NOT_FOUND", [])).not.toContain("PayDesk's request");
  });
});
