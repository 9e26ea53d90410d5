import fs from "node:fs";
import path from "node:path";

/**
 * The customer's stylesheet (app/customer.css) as this build compiled it, for the checkout page to
 * inline: the App Router pages inline it themselves (next.config.mjs inlineCss), a page without the
 * framework's runtime has to. It is the one stylesheet of the build that the customer's layout
 * (app/checkout/layout.tsx) loads; found by the marker only app/customer.css carries, so the
 * bytes are exactly a file of the build and the policy's style hashes allow them
 * (lib/http/inlined-styles.ts). Read once per process.
 */
const MARKER = "--paydesk-customer-stylesheet";
const cache = new Map<string, string>();

export function customerStylesheet(staticDir = path.join(/*turbopackIgnore: true*/ process.cwd(), ".next", "static")): string {
  let css = cache.get(staticDir);
  if (css === undefined) {
    const files = fs.existsSync(/*turbopackIgnore: true*/ staticDir)
      ? (fs.readdirSync(/*turbopackIgnore: true*/ staticDir, { recursive: true }) as string[])
          .filter((name) => name.endsWith(".css"))
          .sort()
      : [];
    const found = files
      .map((name) => fs.readFileSync(/*turbopackIgnore: true*/ path.join(staticDir, name), "utf8"))
      .find((text) => text.includes(MARKER));
    // Without a build (next dev serves no files there) the page renders unstyled rather than failing.
    css = found ?? "";
    cache.set(staticDir, css);
  }
  return css;
}
