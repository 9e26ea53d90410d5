import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * For tests: a PDF's pages as a reader gets their text (pdf.js), NFKC and without whitespace (a reader
 * puts spaces around the pieces a Thai mark is drawn in), and its metadata.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; info: Record<string, unknown> }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  try {
    let text = "";
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ("str" in item) text += item.str;
    }
    const { info } = await doc.getMetadata();
    return { pages: doc.numPages, text: text.normalize("NFKC").replace(/\s+/g, ""), info: info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}
