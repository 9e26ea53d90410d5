import fs from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";

/**
 * Text on a receipt's PDF page (lib/receipts/pdf.ts): Noto Sans Thai from the same @fontsource
 * package the pages use, which splits the face into a Thai, a Latin and a Latin Extended file, so
 * each line is cut into runs by which file has the character; a character none has (an emoji in a
 * name) is drawn as "?" rather than as an empty box. pdfkit draws the runs through fontkit's shaping,
 * so Thai tone marks sit where they belong. Lines wrap at word boundaries (Intl.Segmenter's Thai
 * dictionary), never inside a word unless a word alone is wider than the space.
 */
export type Face = "thai" | "latin" | "latinExt";
export type Weight = 400 | 600;
const FACES: readonly Face[] = ["thai", "latin", "latinExt"];
const FILE_OF: Record<Face, string> = { thai: "thai", latin: "latin", latinExt: "latin-ext" };
const fontName = (face: Face, weight: Weight) => `${face}-${weight}`;

export interface LoadedFace {
  bytes: Buffer;
  font: fontkit.Font;
}
let faces: Map<string, LoadedFace> | null = null;

/**
 * A WOFF file as the plain TrueType font inside it (WOFF 1.0, W3C: the sfnt's tables, each zlib
 * compressed unless that saved nothing). pdfkit parses each document's fonts anew, and fontkit
 * inflates WOFF tables in JavaScript: a third of a receipt's CPU, gone when it is done once here.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The six files (three ranges × two weights), read once per process. */
export function loadFaces(dir: string): Map<string, LoadedFace> {
  if (faces) return faces;
  const loaded = new Map<string, LoadedFace>();
  for (const face of FACES) {
    for (const weight of [400, 600] as const) {
      const bytes = sfntOfWoff(fs.readFileSync(path.join(dir, `noto-sans-thai-${FILE_OF[face]}-${weight}-normal.woff`)));
      loaded.set(fontName(face, weight), { bytes, font: fontkit.create(bytes) as fontkit.Font });
    }
  }
  faces = loaded;
  return loaded;
}

export const fontsDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "@fontsource", "noto-sans-thai", "files");

// Made once: a segmenter with Thai's dictionary costs more to make than to use.
const GRAPHEMES = new Intl.Segmenter("th", { granularity: "grapheme" });
const WORDS = new Intl.Segmenter("th", { granularity: "word" });

export interface Run {
  face: Face;
  text: string;
}

/**
 * SARA AM (ำ) written out as NIKHAHIT and SARA AA, the nikhahit moved before a tone mark, as a Thai
 * shaper does (HarfBuzz's Thai shaper; Unicode's compatibility decomposition of U+0E33). The font
 * would split it into those two glyphs itself, but a PDF maps each glyph to one text once: the SARA AA
 * glyph then read back as nothing everywhere in the file, so copying "นางสาว" out of the receipt gave
 * "น งส ว". Written out, every glyph comes from its own character and reads back (NFKC joins them).
 */
export const decomposeSaraAm = (text: string) => text.replace(/([\u0E48-\u0E4B]?)\u0E33/g, "\u0E4D$1\u0E32");

/**
 * `text` cut into runs of one file each. Characters every file may lack (spaces, digits) stay in the
 * run they are in when its file has them; marks stay with their base letter (a grapheme is never split).
 */
export function runsOf(text: string, has: (face: Face, codePoint: number) => boolean): Run[] {
  const runs: Run[] = [];
  for (const { segment } of GRAPHEMES.segment(text)) {
    const points = [...segment].map((c) => c.codePointAt(0)!);
    const fits = (face: Face) => points.every((p) => has(face, p));
    const last = runs.at(-1);
    const face = last && fits(last.face) ? last.face : FACES.find(fits);
    const piece = face ? segment : "?";
    const chosen = face ?? "latin";
    if (last && last.face === chosen) last.text += piece;
    else runs.push({ face: chosen, text: piece });
  }
  return runs;
}

export interface Style {
  size: number;
  weight?: Weight;
  color?: string;
}

export const TEAL = "#115e59";
export const INK = "#0f172a";
export const MUTED = "#475569";
export const RULE = "#cbd5e1";

/** Lays text out on a pdfkit page: runs, measuring, wrapping and drawing, one line at a time. */
export class Writer {
  private readonly has: (face: Face, codePoint: number) => boolean;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    loaded: Map<string, LoadedFace>,
  ) {
    for (const [name, { bytes }] of loaded) doc.registerFont(name, bytes);
    this.has = (face, codePoint) => loaded.get(fontName(face, 400))!.font.hasGlyphForCodePoint(codePoint);
  }

  width(text: string, style: Style): number {
    let total = 0;
    for (const run of runsOf(text, this.has)) {
      total += this.doc
        .font(fontName(run.face, style.weight ?? 400))
        .fontSize(style.size)
        .widthOfString(run.text);
    }
    return total;
  }

  /** Lines of at most `width` points: words kept whole (Thai words by dictionary) unless one alone is too wide. */
  wrap(text: string, style: Style, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    let used = 0;
    const push = (piece: string, pieceWidth: number) => {
      if (line === "" || used + pieceWidth <= width) {
        line += piece;
        used += pieceWidth;
        return;
      }
      lines.push(line.trimEnd());
      line = piece.trimStart();
      used = this.width(line, style);
    };
    for (const { segment } of WORDS.segment(text)) {
      const segmentWidth = this.width(segment, style);
      if (segmentWidth <= width) push(segment, segmentWidth);
      else for (const { segment: g } of GRAPHEMES.segment(segment)) push(g, this.width(g, style));
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    return lines;
  }

  /** Draws `text` from (x, y) within `width`, wrapped; returns the y under its last line. */
  text(text: string, x: number, y: number, width: number, style: Style, align: "left" | "right" = "left"): number {
    const lineHeight = style.size * 1.5;
    for (const line of this.wrap(decomposeSaraAm(text), style, width)) {
      let at = align === "right" ? x + width - this.width(line, style) : x;
      for (const run of runsOf(line, this.has)) {
        this.doc
          .font(fontName(run.face, style.weight ?? 400))
          .fontSize(style.size)
          .fillColor(style.color ?? INK)
          .text(run.text, at, y, { lineBreak: false });
        at += this.doc.widthOfString(run.text);
      }
      y += lineHeight;
    }
    return y;
  }
}
