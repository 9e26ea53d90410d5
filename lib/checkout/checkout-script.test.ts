import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildCheckoutScripts, CHECKOUT_ASSETS_DIR } from "../../scripts/build-checkout-script";

/**
 * The customer pages' scripts are committed as built (public/checkout-assets/), so `next build` needs no
 * extra step: this fails when its sources changed and it was not built again, and when it
 * outgrows what a payer's phone is asked to download before the page is usable (bench/customer-pages).
 */
describe("the customer pages' own scripts", () => {
  it("is built from its sources as committed", async () => {
    const built = await buildCheckoutScripts();
    for (const [name, text] of Object.entries(built)) {
      const committed = fs.readFileSync(path.join(CHECKOUT_ASSETS_DIR, name), "utf8");
      expect(
        committed === text,
        `public/checkout-assets/${name} is stale: run node_modules/.bin/tsx scripts/build-checkout-script.ts`,
      ).toBe(true);
    }
  });

  it("stays under 5 KB gzipped, with no framework in it", async () => {
    const { "checkout.js": script } = await buildCheckoutScripts();
    expect(gzipSync(script!, { level: 9 }).length).toBeLessThanOrEqual(5 * 1024);
    for (const framework of ["react", "__NEXT", "webpack"]) expect(script).not.toContain(framework);
  });

  it("the slip page's stays under 10 KB gzipped, with no framework and no QR reader in it (that comes once a slip is picked)", async () => {
    const { "slip.js": script, "slip-qr.js": reader } = await buildCheckoutScripts();
    expect(gzipSync(script!, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
    for (const framework of ["react", "__NEXT", "webpack", "jsQR"]) expect(script).not.toContain(framework);
    expect(script).toContain("/checkout-assets/slip-qr.js");
    expect(reader).toMatch(/export\s*\{/);
  });
});
