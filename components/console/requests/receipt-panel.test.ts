import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReceiptPanel } from "./receipt-panel";

const request = {
  kind: "payin" as const,
  paidAmount: "350.00",
  feeAmount: "5.25",
  feePct: "1.5",
  discardCent: false,
  refId1: "ORDER1042",
  payerName: "Somchai",
  paidAt: new Date("2026-11-23T10:00:00Z"),
};
const render = (receiptPdfUrl: string | null, locale: "en" | "th") =>
  renderToStaticMarkup(ReceiptPanel({ request, state: "paid", checkoutUrl: null, receiptPdfUrl, locale }));

describe("a paid Pay-In's receipt panel", () => {
  it("offers the PDF receipt to open or copy while its link works", () => {
    const html = render("https://pay.example/receipts/abc.def", "en");
    expect(html).toContain('href="https://pay.example/receipts/abc.def?lang=en"');
    expect(html).toContain('data-testid="receipt-pdf-link"');
    expect(html).not.toContain("receipt-pdf-ended");
  });

  it("says the link has ended instead of offering a dead one, in English and Thai", () => {
    for (const [locale, words] of [
      ["en", "its link worked for a year from the request and has ended"],
      ["th", "ลิงก์ใช้ได้หนึ่งปีนับจากวันที่สร้างรายการ และหมดอายุแล้ว"],
    ] as const) {
      const html = render(null, locale);
      expect(html).toContain(words);
      expect(html).not.toContain("/receipts/");
      expect(html).not.toContain('data-testid="receipt-pdf-link"');
    }
  });
});
