import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "@/lib/requests/queries";
import { Timeline } from "../requests/timeline";

const entry = (data: Record<string, unknown>): TimelineEntry => ({
  id: 1,
  at: new Date("2026-11-23T05:04:05Z"),
  type: "slip_uploaded",
  actor: "customer",
  actorName: null,
  actorKeyName: null,
  data,
});
const slipId = "slp_0123456789abcdef0123";

describe("a slip on the request's timeline", () => {
  it("shows its thumbnail from PayDesk, linking to the slip's own page, with the time and reference in the alt text", () => {
    const html = renderToStaticMarkup(
      Timeline({ entries: [entry({ slipId, reference: "AB12…9XYZ", note: "โอนจากบัญชีภรรยา" })], locale: "en" }),
    );
    expect(html).toContain(`href="/slips/${slipId}"`);
    expect(html).toContain(`src="/api/slips/${slipId}/thumbnail"`);
    expect(html).toContain('alt="Slip uploaded 23 Nov 2026, 12:04, reference AB12…9XYZ"');
    expect(html).toContain("Open the slip");
    expect(html).toMatch(/Reference: <span[^>]*>AB12…9XYZ<\/span>/);
    expect(html).toContain("โอนจากบัญชีภรรยา");
  });

  it("says so in Thai, and when no reference was given", () => {
    const html = renderToStaticMarkup(Timeline({ entries: [entry({ slipId })], locale: "th" }));
    expect(html).toContain('alt="สลิปที่อัปโหลดเมื่อ 23 พ.ย. 2569 12:04 ไม่ได้ระบุเลขอ้างอิง"');
    expect(html).toContain("เปิดสลิป");
    expect(html).toMatch(/เลขอ้างอิง: <span[^>]*>ไม่ได้ระบุ<\/span>/);
  });

  it("says what staff decided, with the note, linking to the slip; never that the request was paid", () => {
    const decided = (data: Record<string, unknown>): TimelineEntry => ({
      ...entry(data),
      type: "slip_decided",
      actor: "usr_x",
      actorName: "Somchai",
    });
    const html = renderToStaticMarkup(
      Timeline({ entries: [decided({ slipId, decision: "does_not_match", note: "ยอดไม่ตรง", previous: "matches" })], locale: "en" }),
    );
    expect(html).toContain("Slip decided");
    expect(html).toContain("Staff found the slip does not match this request.");
    expect(html).toContain("ยอดไม่ตรง");
    expect(html).toContain(`href="/slips/${slipId}"`);
    const thai = renderToStaticMarkup(Timeline({ entries: [decided({ slipId, decision: "matches" })], locale: "th" }));
    expect(thai).toContain("ตัดสินสลิป");
    expect(thai).toContain("เจ้าหน้าที่พบว่าสลิปตรงกับคำขอนี้");
  });

  it("shows no picture for an upload recorded before slips were kept", () => {
    const html = renderToStaticMarkup(Timeline({ entries: [entry({ reference: "AB12…9XYZ" })], locale: "en" }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("/api/slips/");
  });
});
