/**
 * Which font drew each piece of Thai on a page (e2e/thai-fonts.spec.ts), asked of the browser
 * itself through the DevTools protocol (CSS.getPlatformFontsForNode), and a browser that sees no
 * Thai system font: a fontconfig of its own that takes the system's configuration and rejects
 * every font that has Thai in it, so the answer does not depend on what the machine has installed
 * and Thai drawn by anything but PayDesk's own web font shows up as a system font (or a box).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { budget } from "./config";

/** A fontconfig file that hides every Thai font of the system (by language and by ก, U+0E01). */
export function fontconfigWithoutThai(): string {
  const file = path.join(os.tmpdir(), `paydesk-e2e-no-thai-fonts-${process.pid}.conf`);
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
      <pattern><patelt name="lang"><string>th</string></patelt></pattern>
      <pattern><patelt name="charset"><charset><int>0x0E01</int></charset></patelt></pattern>
    </rejectfont>
  </selectfont>
</fontconfig>
`,
  );
  return file;
}

export interface ThaiText {
  text: string;
  /** Glyphs drawn by a web font the page loaded, and by fonts of the system. */
  webFontGlyphs: number;
  systemGlyphs: number;
  /** The characters of the element's own text that are not Thai (a system font may draw those). */
  otherCharacters: number;
  fonts: string[];
}

/** Thai letters, vowels, tone marks and digits; not ฿ (U+0E3F), which Latin system fonts have too. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/u;

/**
 * Every element on the page whose own text has Thai and is laid out, with the fonts that drew it.
 */
export async function thaiTextFonts(page: Page): Promise<ThaiText[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    await cdp.send("DOM.getDocument", { depth: 0 });
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: `(() => {
        const found = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (element && ${THAI}.test(node.data) && !found.includes(element) && element.getClientRects().length > 0) found.push(element);
        }
        return found;
      })()`,
    });
    const { result: items } = await cdp.send("Runtime.getProperties", { objectId: result.objectId!, ownProperties: true });
    const answers: ThaiText[] = [];
    for (const item of items) {
      if (!/^\d+$/.test(item.name) || !item.value?.objectId) continue;
      const { nodeId } = await cdp.send("DOM.requestNode", { objectId: item.value.objectId });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      const { result: own } = await cdp.send("Runtime.callFunctionOn", {
        objectId: item.value.objectId,
        functionDeclaration:
          // The fonts the browser names are those of all the text laid out inside the element.
          "function () { return this.innerText; }",
        returnByValue: true,
      });
      const text = String(own.value ?? "");
      const characters = [...text];
      const thai = characters.filter((c) => THAI.test(c)).length;
      // Not drawn as text (innerText is what is rendered: a closed <details>, an <option>): nothing to ask.
      if (thai === 0) continue;
      answers.push({
        text: text.trim().slice(0, 60),
        webFontGlyphs: fonts.filter((f) => f.isCustomFont).reduce((sum, f) => sum + f.glyphCount, 0),
        systemGlyphs: fonts.filter((f) => !f.isCustomFont).reduce((sum, f) => sum + f.glyphCount, 0),
        otherCharacters: characters.length - thai,
        fonts: fonts.map((f) => `${f.familyName}${f.isCustomFont ? " (web font)" : ""}: ${f.glyphCount}`),
      });
    }
    return answers;
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits until every piece of Thai on the page is drawn by a web font (a system font draws no more
 * glyphs than there are other characters), once the fonts the page needs have loaded; and that
 * the given texts are among those checked, so the check covers what it names.
 */
export async function expectThaiInWebFont(page: Page, mustCover: string[]): Promise<void> {
  await expect(async () => {
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const answers = await thaiTextFonts(page);
    const checked = answers.map((a) => a.text);
    for (const text of mustCover) expect(checked, `"${text}" is Thai on ${page.url()}`).toContainEqual(expect.stringContaining(text));
    const boxes = answers.filter((a) => a.webFontGlyphs === 0 || a.systemGlyphs > a.otherCharacters);
    expect(boxes, `Thai drawn without the web font on ${page.url()}`).toEqual([]);
  }).toPass({ timeout: budget(20_000) });
}
