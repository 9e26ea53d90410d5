import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NeedsReviewNotice } from "./needs-review-notice";

const text = (locale: "th" | "en", statusCode: string | null, foundCount: number) =>
  renderToStaticMarkup(NeedsReviewNotice({ statusCode, foundCount, locale })).replace(/<[^>]+>/g, " ");

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
});
