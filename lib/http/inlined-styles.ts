import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * CSP hash sources for the stylesheets Next writes into pages as `<style>` elements
 * (next.config.mjs, inlineCss). Next hands React the nonce for scripts only, so those elements
 * carry none; each holds exactly one stylesheet of the build, byte for byte, so the hashes of the
 * build's stylesheets are what lets them apply (e2e/security-headers.spec.ts watches for a page
 * whose styles the policy refuses). Read once per process from the build output.
 */
const cache = new Map<string, string[]>();

export function inlinedStyleHashes(staticDir = path.join(process.cwd(), ".next", "static")): string[] {
  let hashes = cache.get(staticDir);
  if (!hashes) {
    hashes = stylesheetsUnder(staticDir).map((file) => `'sha256-${createHash("sha256").update(fs.readFileSync(file)).digest("base64")}'`);
    cache.set(staticDir, hashes);
  }
  return hashes;
}

function stylesheetsUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => name.endsWith(".css"))
    .sort()
    .map((name) => path.join(dir, name));
}
