/**
 * What a page wrote to the clipboard. PayDesk's Permissions-Policy allows its pages to write to
 * the clipboard and never to read it (lib/http/security-headers.ts), so a test cannot read it back
 * from the page; it records each writeText the page makes instead (an init script, which the
 * page's Content-Security-Policy does not apply to), then passes the text on to the real one.
 */
import type { BrowserContext, Page } from "@playwright/test";

export async function recordClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(["clipboard-write"]);
  await context.addInitScript(() => {
    const copied: string[] = [];
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    (window as unknown as { __copied: string[] }).__copied = copied;
    navigator.clipboard.writeText = async (text: string) => {
      copied.push(text);
      return write(text);
    };
  });
}

/** The text the page last wrote to the clipboard (after recordClipboard). */
export const lastCopied = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as unknown as { __copied: string[] }).__copied.at(-1));
