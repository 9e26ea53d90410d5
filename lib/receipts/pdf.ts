import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDateTime, formatThb, type Locale } from "../i18n";
import type { Satang } from "../money";
import { receiptMessages } from "./messages";
import { fontsDir, INK, loadFaces, MUTED, RULE, TEAL, Writer } from "./pdf-text";

export { decomposeSaraAm, runsOf, sfntOfWoff } from "./pdf-text";

/**
 * A paid Pay-In's receipt as a PDF: one A5 page a customer keeps, forwards in LINE or prints, drawn
 * on the server with pdfkit; its words go through lib/receipts/pdf-text.ts (Thai and Latin faces,
 * shaping, wrapping).
 */
export interface ReceiptFacts {
  requestId: string;
  merchantName: string;
  refId1: string;
  /** What the customer paid (the request's paid amount), in satang. */
  paidSatang: Satang;
  paidAt: Date;
  payerName: string | null;
  /** What refunds of this payment have paid back (lib/refunds/refunds.ts), zero for none. */
  refundedSatang: Satang;
  /** The merchant's look (lib/merchants/branding.ts): its checked colour for the title, its logo (PNG) at the top. */
  brand?: { color: string | null; logoPng: Uint8Array | null };
}

/** A QR of `text` drawn as squares, `size` points wide with a 2-module quiet zone, its top-left at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const cell = size / (modules.size + 4);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + 2) * cell, y + (row + 2) * cell, cell, cell);
    }
  }
  doc.fillColor(INK).fill();
}

export interface ReceiptPdfOptions {
  locale: Locale;
  /** The receipt's own link (absolute), printed as a QR so the paper leads back to it. */
  receiptUrl: string;
  /** When the PDF is made (the "Issued" line); now unless a test fixes it. */
  issuedAt?: Date;
  /** Where the Noto Sans Thai .woff files are; the installed @fontsource package unless a test says otherwise. */
  fontsDir?: string;
}

/** The receipt's PDF bytes. */
export async function receiptPdf(facts: ReceiptFacts, options: ReceiptPdfOptions): Promise<Buffer> {
  const t = receiptMessages(options.locale);
  const issuedAt = options.issuedAt ?? new Date();
  const doc = new PDFDocument({
    size: "A5",
    margin: 36,
    lang: options.locale === "th" ? "th-TH" : "en-GB",
    displayTitle: true,
    info: {
      Title: `${t.title} · ${facts.merchantName} · ${facts.refId1}`,
      Author: facts.merchantName,
      Subject: `${t.amountPaid} ${formatThb(facts.paidSatang)}`,
      Creator: "PayDesk",
      Producer: "PayDesk",
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const w = new Writer(doc, loadFaces(options.fontsDir ?? fontsDir()));
  const left = 36;
  const width = doc.page.width - 72;

  const accent = facts.brand?.color ?? TEAL;
  let y = 36;
  if (facts.brand?.logoPng) {
    doc.image(Buffer.from(facts.brand.logoPng), left, y, { fit: [160, 40] });
    y += 48;
  }
  y = w.text(facts.merchantName, left, y, width, { size: 11, weight: 600, color: MUTED });
  y = w.text(t.title, left, y + 2, width, { size: 22, weight: 600, color: accent });

  // "Paid": a teal disc with a tick, and the word.
  const badgeY = y + 6;
  doc
    .circle(left + 8, badgeY + 8, 8)
    .fillColor(TEAL)
    .fill();
  doc
    .moveTo(left + 4.5, badgeY + 8.5)
    .lineTo(left + 7, badgeY + 11)
    .lineTo(left + 11.5, badgeY + 5.5)
    .lineWidth(1.6)
    .strokeColor("#ffffff")
    .stroke();
  y = w.text(t.paid, left + 22, badgeY - 1, width - 22, { size: 12, weight: 600, color: accent });

  y = w.text(t.amountPaid, left, y + 10, width, { size: 10, color: MUTED });
  y = w.text(formatThb(facts.paidSatang), left, y - 2, width, { size: 28, weight: 600 });

  doc
    .moveTo(left, y + 6)
    .lineTo(left + width, y + 6)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  y += 16;

  const labelWidth = 104;
  const rows: Array<[string, string | null]> = [
    [t.paidAt, formatDateTime(facts.paidAt, options.locale, { seconds: true })],
    [t.reference, facts.refId1],
    [t.payer, facts.payerName],
    [t.paidTo, facts.merchantName],
    [t.refunded, facts.refundedSatang > 0 ? formatThb(facts.refundedSatang) : null],
    [t.paydeskId, facts.requestId],
  ];
  for (const [label, value] of rows) {
    if (value === null || value.trim() === "") continue;
    w.text(label, left, y, labelWidth - 8, { size: 10, color: MUTED });
    y = w.text(value, left + labelWidth, y, width - labelWidth, { size: 11 }) + 2;
  }

  doc
    .moveTo(left, y + 4)
    .lineTo(left + width, y + 4)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  y += 14;

  const qrSize = 92;
  drawQr(doc, options.receiptUrl, left - 6, y, qrSize);
  let noteY = w.text(t.scan, left + qrSize + 6, y + 10, width - qrSize - 6, { size: 10, weight: 600 });
  noteY = w.text(t.notTaxInvoice(facts.merchantName), left + qrSize + 6, noteY + 4, width - qrSize - 6, { size: 8.5, color: MUTED });
  w.text(t.issued(formatDateTime(issuedAt, options.locale)), left + qrSize + 6, noteY + 4, width - qrSize - 6, { size: 8.5, color: MUTED });

  doc.end();
  return done;
}
