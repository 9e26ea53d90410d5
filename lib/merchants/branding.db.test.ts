/**
 * A merchant's logo as PayDesk keeps and serves it: redrawn small as PNG from PNG, JPEG or WebP,
 * never an SVG or a file that only claims to be a picture; stored beside the merchant and served
 * at an address that changes with it (app/brand/[merchantId]/logo/route.ts).
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { merchants } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { pngClaiming } from "@/lib/testing/images";
import { CHECKOUT_LIMITS } from "@/lib/checkout/limits";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/http/action-guard";
import { brandingOf, LOGO_MAX_UPLOAD_BYTES, logoOf, prepareLogo, setBranding, type PreparedLogo } from "./branding";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
const { GET } = await import("@/app/brand/[merchantId]/logo/route");

const picture = (width: number, height: number, format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width, height, channels: 3, background: "#1e3a8a" } })
    [format]()
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function prepared(bytes: Uint8Array): Promise<PreparedLogo> {
  const answer = await prepareLogo(bytes);
  if (!answer.ok) throw new Error(answer.problem);
  return answer.logo;
}

describe("a merchant's logo", () => {
  it("is redrawn as a PNG of at most 480 × 160 px, from PNG, JPEG or WebP; a small one is not enlarged", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const logo = await prepared(await picture(2000, 500, format));
      expect([logo.width, logo.height]).toEqual([480, 120]);
      expect((await sharp(logo.png).metadata()).format).toBe("png");
      expect(logo.version).toMatch(/^[\w-]{16}$/);
    }
    const small = await prepared(await picture(100, 40, "png"));
    expect([small.width, small.height]).toEqual([100, 40]);
  });

  it("refuses an SVG and a file that only claims to be a picture as not pictures; a decompression bomb, a picture of too many pixels and a file over 1 MB as too large", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>');
    expect(await prepareLogo(svg)).toEqual({ ok: false, problem: "not_an_image" });
    const fake = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new TextEncoder().encode("<html>not a picture</html>"),
    ]);
    expect(await prepareLogo(fake)).toEqual({ ok: false, problem: "not_an_image" });
    // A decompression bomb (100 million pixels in a few bytes), and a picture of 48 million: both are
    // "too large" (the header is read before anything is decoded), not "not a picture".
    expect(await prepareLogo(pngClaiming(10_000, 10_000))).toEqual({ ok: false, problem: "too_large" });
    expect(await prepareLogo(pngClaiming(8_000, 6_000))).toEqual({ ok: false, problem: "too_large" });
    expect(await prepareLogo(new Uint8Array(LOGO_MAX_UPLOAD_BYTES + 1))).toEqual({ ok: false, problem: "too_large" });
  });

  it("takes a file far enough under the action post's limit that one just over its own still reaches the action", () => {
    // The form around the file (its fields, multipart framing) fits in what is left.
    expect(LOGO_MAX_UPLOAD_BYTES + 64 * 1024).toBeLessThan(ACTION_BODY_LIMIT_BYTES);
  });

  describe("kept and served", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase("pglite");
      surroundings.db = database.db as Db;
      await database.db
        .insert(merchants)
        .values({ id: "mer_b", displayName: "Blue", orgId: "org", merchantId: "m-b", submitKeyEncrypted: "v1:x", submitKeyLast4: "abcd" });
    });
    afterAll(async () => database?.dispose());
    const askFor = (merchantId: string, query: string, peer = "203.0.113.5") =>
      GET(
        new Request(`http://paydesk.test/brand/${encodeURIComponent(merchantId)}/logo${query}`, { headers: { "x-paydesk-peer": peer } }),
        {
          params: Promise.resolve({ merchantId }),
        },
      );
    const ask = (query: string) => askFor("mer_b", query);

    it("answers an id no merchant could have (a NUL, hundreds of characters) with 404, not a database error", async () => {
      for (const id of ["mer\0b", "x".repeat(500)]) {
        const answer = await askFor(id, "?v=x");
        expect(answer.status).toBe(404);
        expect(await answer.text()).toBe("This merchant has no logo.");
      }
    });

    it("refuses an address that asks for more logos in a minute than pages ever need, with when to try again", async () => {
      const peer = "198.51.100.77";
      expect((await askFor("mer_b", "?v=x", peer)).status).toBe(404);
      // The rest of the minute's budget spent at once rather than by 600 asks.
      await database.db.execute(
        sql`update rate_limits set hits = ${CHECKOUT_LIMITS.logoByIp.max} where key like 'brand-logo:%' and key like ${`%${peer}%`}`,
      );
      const refused = await askFor("mer_b", "?v=x", peer);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      // Another address is not held back by it.
      expect((await askFor("mer_b", "?v=x", "198.51.100.78")).status).toBe(404);
    });

    it("stores the colour and the logo, serves the logo for a year at its version's address and five minutes at any other", async () => {
      expect((await ask("?v=x")).status).toBe(404);
      const logo = await prepared(await picture(300, 100, "png"));
      expect(await setBranding(database.db, "mer_b", { color: "#1E3A8A", logo })).toBe(true);
      expect(await brandingOf(database.db, "mer_b")).toEqual({
        color: "#1e3a8a",
        logo: { width: 300, height: 100, version: logo.version },
      });
      const current = await ask(`?v=${logo.version}`);
      expect(current.status).toBe(200);
      expect(current.headers.get("content-type")).toBe("image/png");
      expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(new Uint8Array(await current.arrayBuffer())).toEqual(logo.png);
      expect((await ask("?v=old")).headers.get("cache-control")).toBe("public, max-age=300");

      // Keep, then remove; a colour too light is never stored, whoever calls.
      expect(await setBranding(database.db, "mer_b", { color: null, logo: "keep" })).toBe(true);
      expect((await logoOf(database.db, "mer_b"))?.version).toBe(logo.version);
      await expect(setBranding(database.db, "mer_b", { color: "#ffff00", logo: "keep" })).rejects.toThrow("not a brand colour");
      expect(await setBranding(database.db, "mer_b", { color: null, logo: "remove" })).toBe(true);
      expect(await brandingOf(database.db, "mer_b")).toEqual({ color: null, logo: null });
      expect(await setBranding(database.db, "mer_gone", { color: null, logo: "keep" })).toBe(false);
    });
  });
});
