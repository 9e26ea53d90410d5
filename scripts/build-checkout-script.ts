/**
 * Builds the customer pages' own scripts into public/checkout-assets/: the hosted checkout's and its
 * on-demand Save QR module (components/checkout/browser/checkout.ts, components/checkout/save-qr.ts),
 * the slip page's and its on-demand slip QR reader (components/slip/browser/slip.ts,
 * components/slip/read-slip-qr.ts). Those pages ship no framework runtime (pages/checkout/[token].tsx
 * says why), so these files are all the JavaScript a payer's phone runs there. The output is committed, so `next build` and a
 * deployment need no extra step; lib/checkout/checkout-script.test.ts fails when it is stale.
 *
 *   node_modules/.bin/tsx scripts/build-checkout-script.ts
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CHECKOUT_ASSETS_DIR = path.join(root, "public", "checkout-assets");

const ENTRIES = [
  { entry: "components/checkout/browser/checkout.ts", out: "checkout.js", format: "iife" as const },
  { entry: "components/checkout/save-qr.ts", out: "save-qr.js", format: "esm" as const },
  { entry: "components/slip/browser/slip.ts", out: "slip.js", format: "iife" as const },
  { entry: "components/slip/read-slip-qr.ts", out: "slip-qr.js", format: "esm" as const },
];

/** The built files, by name: what public/checkout-assets/ must hold. */
export async function buildCheckoutScripts(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const { entry, out, format } of ENTRIES) {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      format,
      minify: true,
      // Phones a Thai payer may hold: what Chrome and Safari have run for years.
      target: ["chrome100", "safari15"],
      tsconfig: path.join(root, "tsconfig.json"),
      legalComments: "none",
      write: false,
      logLevel: "silent",
    });
    files[out] = result.outputFiles[0]!.text;
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(CHECKOUT_ASSETS_DIR, { recursive: true });
  for (const [name, text] of Object.entries(await buildCheckoutScripts())) {
    fs.writeFileSync(path.join(CHECKOUT_ASSETS_DIR, name), text);
    console.log(`public/checkout-assets/${name}: ${text.length} bytes`);
  }
}
