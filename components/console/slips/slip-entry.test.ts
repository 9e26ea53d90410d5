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
  it("shows its thumbnail from PayDesk, linking to the full-size slip, with the time and reference in the alt text", () => {
    const html = renderToStaticMarkup(
      Timeline({ entries: [entry({ slipId, reference: "AB12…9XYZ", note: "โอนจากบัญชีภรรยา" })], locale: "en" }),
    );
    expect(html).toContain(`href="/api/slips/${slipId}/image"`);
    expect(html).toContain(`src="/api/slips/${slipId}/thumbnail"`);
    expect(html).toContain('alt="Slip uploaded 23 Nov 2026, 12:04, reference AB12…9XYZ"');
    expect(html).toContain("Open the full-size slip (opens in a new tab)");
    expect(html).toMatch(/Reference: <span[^>]*>AB12…9XYZ<\/span>/);
    expect(html).toContain("โอนจากบัญชีภรรยา");
  });

  it("says so in Thai, and when no reference was given", () => {
    const html = renderToStaticMarkup(Timeline({ entries: [entry({ slipId })], locale: "th" }));
    expect(html).toContain('alt="สลิปที่อัปโหลดเมื่อ 23 พ.ย. 2569 12:04 ไม่ได้ระบุเลขอ้างอิง"');
    expect(html).toContain("เปิดสลิปขนาดเต็ม (เปิดในแท็บใหม่)");
    expect(html).toMatch(/เลขอ้างอิง: <span[^>]*>ไม่ได้ระบุ<\/span>/);
  });

  it("shows no picture for an upload recorded before slips were kept", () => {
    const html = renderToStaticMarkup(Timeline({ entries: [entry({ reference: "AB12…9XYZ" })], locale: "en" }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("/api/slips/");
  });
});
