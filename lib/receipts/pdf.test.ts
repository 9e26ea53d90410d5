import { createCanvas } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import fs from "node:fs";
import * as fontkit from "fontkit";
import { decomposeSaraAm, receiptPdf, runsOf, sfntOfWoff, type ReceiptFacts } from "./pdf";

/**
 * The receipt read back as a customer's PDF reader reads it (pdf.js, Firefox's and many phones'
 * reader): its words, where they sit on the page, its metadata, and the QR printed on it.
 */
const FACTS: ReceiptFacts = {
  requestId: "req_01JQ9X8ABCDEF",
  merchantName: "ร้านกาแฟดอยช้าง สาขาเชียงใหม่",
  refId1: "ORD-2026-000123",
  paidSatang: 123_456,
  paidAt: new Date("2026-11-29T08:15:30Z"),
  payerName: "นางสาว ศิริพร น้ำใจดี",
  refundedSatang: 0,
};
const URL_ = "https://pay.example.co.th/receipts/cmVxXzAxSlE5WDhBQkNERUYuMTgyNzAwMDAwMA.q1w2e3r4t5y6u7i8o9p0aa";
const ISSUED = new Date("2026-11-30T01:00:00Z");

interface Read {
  /** Every word on the page, NFKC (a reader gives ำ back as ํ + า), without the spaces a reader adds around marks. */
  text: string;
  items: Array<{ str: string; x: number; width: number }>;
  pageWidth: number;
  info: Record<string, unknown>;
  qr: string | null;
  /** The rendered page's colour at a point given in PDF points from the top left, as "#rrggbb". */
  colourAt(x: number, y: number): string;
}

async function read(pdf: Buffer): Promise<Read> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  expect(doc.numPages).toBe(1);
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const items = content.items.flatMap((i) => ("str" in i ? [{ str: i.str, x: i.transform[4] as number, width: i.width }] : []));
  const viewport = page.getViewport({ scale: 2 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const qr = jsQR(new Uint8ClampedArray(image.data.buffer), canvas.width, canvas.height);
  const { info } = await doc.getMetadata();
  await doc.destroy();
  return {
    text: items
      .map((i) => i.str)
      .join("")
      .normalize("NFKC")
      .replace(/\s+/g, ""),
    items,
    pageWidth: page.getViewport({ scale: 1 }).width,
    info: info as Record<string, unknown>,
    qr: qr?.data ?? null,
    colourAt: (x, y) => {
      const at = (Math.round(y * 2) * canvas.width + Math.round(x * 2)) * 4;
      return `#${[0, 1, 2].map((i) => image.data[at + i]!.toString(16).padStart(2, "0")).join("")}`;
    },
  };
}
/** What a reader gives back for `text`: SARA AM as the receipt writes it out, then as `read` squeezes it. */
const squeeze = (text: string) => decomposeSaraAm(text).normalize("NFKC").replace(/\s+/g, "");

describe("the receipt's PDF", () => {
  test("in Thai: the amount, when, the reference, who paid and to whom, in Thai words, and a QR of its own link", async () => {
    const got = await read(await receiptPdf(FACTS, { locale: "th", receiptUrl: URL_, issuedAt: ISSUED }));
    for (const words of [
      "ใบเสร็จรับเงิน",
      "ชำระแล้ว",
      "ยอดที่ชำระ฿1,234.56",
      "ชำระเมื่อ29พ.ย.256915:15:30",
      "เลขอ้างอิงORD-2026-000123",
      "ผู้ชำระนางสาวศิริพรน้ำใจดี",
      "ชำระให้ร้านกาแฟดอยช้างสาขาเชียงใหม่",
      "รหัสPayDeskreq_01JQ9X8ABCDEF",
      "ไม่ใช่ใบกำกับภาษี",
      "ออกเมื่อ30พ.ย.256908:00",
    ]) {
      expect(got.text).toContain(squeeze(words));
    }
    // No refund, no refund row.
    expect(got.text).not.toContain(squeeze("คืนเงินแล้ว"));
    expect(got.qr).toBe(URL_);
    expect(got.info).toMatchObject({
      Title: "ใบเสร็จรับเงิน · ร้านกาแฟดอยช้าง สาขาเชียงใหม่ · ORD-2026-000123",
      Language: "th-TH",
      Subject: "ยอดที่ชำระ ฿1,234.56",
    });
  });

  test("in English, with what refunds paid back, and without a payer the provider did not name", async () => {
    const got = await read(
      await receiptPdf({ ...FACTS, payerName: null, refundedSatang: 50_000 }, { locale: "en", receiptUrl: URL_, issuedAt: ISSUED }),
    );
    for (const words of [
      "Receipt",
      "Paid",
      "Amount paid฿1,234.56",
      "Paid at29Nov2026,15:15:30",
      "Refunded฿500.00",
      "It is not a tax invoice.",
    ]) {
      expect(got.text).toContain(squeeze(words));
    }
    expect(got.text).not.toContain("Paidby");
    expect(got.info).toMatchObject({ Language: "en-GB" });
  });

  test("a name in characters the font does not have is drawn with '?' for them, the rest as it is", async () => {
    const got = await read(await receiptPdf({ ...FACTS, payerName: "Ann 😀 李 Café" }, { locale: "en", receiptUrl: URL_ }));
    expect(got.text).toContain(squeeze("Paid by Ann ? ? Café"));
  });

  test("long names and references wrap inside the page's margins instead of running off it", async () => {
    const long = {
      ...FACTS,
      merchantName: `${"ร้านค้าปลีกและค้าส่งวัสดุก่อสร้างครบวงจร ".repeat(3)}Construction Supplies Co., Ltd.`,
      refId1: "ORDER-2026-11-29-0000000000000000000000000000000000000000000123",
    };
    const got = await read(await receiptPdf(long, { locale: "th", receiptUrl: URL_ }));
    expect(got.text).toContain(squeeze(long.refId1));
    expect(got.text).toContain(squeeze("Construction Supplies Co., Ltd."));
    for (const item of got.items) expect(item.x + item.width, item.str).toBeLessThanOrEqual(got.pageWidth - 36 + 0.5);
  });
});

test("with the merchant's look: its logo at the top, the rest below it", async () => {
  const logoPng = new Uint8Array(
    await (
      await import("sharp")
    )
      .default({ create: { width: 200, height: 50, channels: 3, background: "#1e3a8a" } })
      .png()
      .toBuffer(),
  );
  const got = await read(await receiptPdf({ ...FACTS, brand: { color: "#7c2d12", logoPng } }, { locale: "en", receiptUrl: URL_ }));
  // The logo, fitted into 160 × 40 points at the top left margin.
  expect(got.colourAt(36 + 20, 36 + 10)).toBe("#1e3a8a");
  expect(got.text).toContain(squeeze("Receipt Paid Amount paid ฿1,234.56"));
  expect(got.qr).toBe(URL_);
  // Without it, nothing there is the logo's blue.
  const plain = await read(await receiptPdf(FACTS, { locale: "en", receiptUrl: URL_ }));
  expect(plain.colourAt(36 + 20, 36 + 10)).not.toBe("#1e3a8a");
});

describe("runs of one font file each", () => {
  const has = (face: "thai" | "latin" | "latinExt", p: number) =>
    face === "thai" ? p >= 0x0e01 && p <= 0x0e5b : face === "latin" ? p <= 0xff : p >= 0x100 && p <= 0x24f;

  test("Thai, digits and spaces: a space or digit stays in the run it follows when that file has it", () => {
    expect(runsOf("ราคา 100 บาท", has)).toEqual([
      { face: "thai", text: "ราคา" },
      { face: "latin", text: " 100 " },
      { face: "thai", text: "บาท" },
    ]);
    expect(runsOf("Łódź ok", has)).toEqual([
      { face: "latinExt", text: "Ł" },
      { face: "latin", text: "ód" },
      { face: "latinExt", text: "ź" },
      { face: "latin", text: " ok" },
    ]);
  });

  test("a letter with its marks is one piece; a piece no file has becomes one '?'", () => {
    expect(runsOf("น้ำ😀", has)).toEqual([
      { face: "thai", text: "น้ำ" },
      { face: "latin", text: "?" },
    ]);
  });

  test("SARA AM is written out as NIKHAHIT and SARA AA, the nikhahit before a tone mark", () => {
    expect(decomposeSaraAm("ชำระ")).toBe("ช\u0e4d\u0e32ระ");
    expect(decomposeSaraAm("น้ำ")).toBe("น\u0e4d\u0e49\u0e32");
    expect(decomposeSaraAm("น้ำ").normalize("NFKC")).toBe("น\u0e4d\u0e49\u0e32".normalize("NFKC"));
    expect(decomposeSaraAm("ภาษี")).toBe("ภาษี");
  });
});

test("a WOFF file unpacked is the same font: the same glyphs, the same widths, the same shaping of Thai", () => {
  const woff = fs.readFileSync("node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff");
  const sfnt = sfntOfWoff(woff);
  expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
  const [a, b] = [fontkit.create(woff) as fontkit.Font, fontkit.create(sfnt) as fontkit.Font];
  expect(b.numGlyphs).toBe(a.numGlyphs);
  const shaped = (font: fontkit.Font) => {
    const run = font.layout("น้ำใจ ที่นี่");
    return run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance, run.positions[i]!.yOffset]);
  };
  expect(shaped(b)).toEqual(shaped(a));
  expect(() => sfntOfWoff(Buffer.from("not a font at all"))).toThrow("not a WOFF 1.0 file");
});
