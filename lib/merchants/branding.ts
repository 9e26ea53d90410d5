import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../db/client";
import { merchantLogos, merchants } from "../db/schema";
import { brandColorProblem, LOGO_MAX_UPLOAD_BYTES, normalBrandColor } from "./brand-color";

/**
 * The merchant's look on the customer's pages (the checkout, its receipt) and on the PDF receipt: a
 * colour and a logo an admin sets (Settings → Merchants → the merchant → Look). Neither can make a
 * customer's page worse: the colour must carry white text and sit as text on white at 4.5 : 1 or
 * more (WCAG AA, ./brand-color.ts), and the logo is never the bytes that were sent — it is decoded
 * and drawn again as a small PNG (at most 480 × 160 px and 64 KB), so an SVG with a script, a file
 * that only claims to be an image, or a huge photo never reaches a phone.
 */
export {
  brandColorProblem,
  contrastWithWhite,
  LOGO_MAX_UPLOAD_BYTES,
  logoPath,
  MIN_CONTRAST,
  normalBrandColor,
  type BrandColorProblem,
} from "./brand-color";
export const LOGO_MAX_WIDTH = 480;
export const LOGO_MAX_HEIGHT = 160;
export const LOGO_MAX_STORED_BYTES = 64 * 1024;
/** Pixels a logo may have before decoding: a camera photo fits, a small file claiming to be huge does not. */
const LOGO_MAX_INPUT_PIXELS = 40_000_000;

export type LogoProblem = "not_an_image" | "too_large";
export interface PreparedLogo {
  png: Uint8Array;
  width: number;
  height: number;
  version: string;
}

/** The logo as it will be stored and shown, or why it cannot be. PNG, JPEG and WebP only (never SVG). */
export async function prepareLogo(bytes: Uint8Array): Promise<{ ok: true; logo: PreparedLogo } | { ok: false; problem: LogoProblem }> {
  if (bytes.byteLength > LOGO_MAX_UPLOAD_BYTES) return { ok: false, problem: "too_large" };
  try {
    const input = sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await input.metadata();
    if (format !== "png" && format !== "jpeg" && format !== "webp") return { ok: false, problem: "not_an_image" };
    const drawn = async (colours: number) =>
      input
        .clone()
        .rotate()
        .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
        .png({ compressionLevel: 9, palette: true, colours })
        .toBuffer({ resolveWithObject: true });
    // A photo-like logo may not fit in 64 KB with a full palette: fewer colours first, then refuse.
    for (const colours of [256, 64]) {
      const { data, info } = await drawn(colours);
      if (data.byteLength <= LOGO_MAX_STORED_BYTES) {
        const png = new Uint8Array(data);
        return {
          ok: true,
          logo: { png, width: info.width, height: info.height, version: createHash("sha256").update(png).digest("base64url").slice(0, 16) },
        };
      }
    }
    return { ok: false, problem: "too_large" };
  } catch (error) {
    // sharp refuses a picture over the pixel limit before decoding it: a real picture, too big.
    return { ok: false, problem: error instanceof Error && /pixel limit/i.test(error.message) ? "too_large" : "not_an_image" };
  }
}

export interface Branding {
  /** "#rrggbb", or null for PayDesk's own. */
  color: string | null;
  logo: { width: number; height: number; version: string } | null;
}

/** What the customer's pages need to show a merchant's look (no logo bytes). */
export async function brandingOf(db: Db, merchantId: string): Promise<Branding> {
  const [row] = await db
    .select({ color: merchants.brandColor, width: merchantLogos.width, height: merchantLogos.height, version: merchantLogos.version })
    .from(merchants)
    .leftJoin(merchantLogos, eq(merchantLogos.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!row) return { color: null, logo: null };
  return {
    color: row.color,
    logo:
      row.version !== null && row.width !== null && row.height !== null
        ? { width: row.width, height: row.height, version: row.version }
        : null,
  };
}

/** The logo's bytes and version, for its route and the PDF receipt. */
export async function logoOf(db: Db, merchantId: string): Promise<{ png: Uint8Array; version: string } | null> {
  const [row] = await db
    .select({ png: merchantLogos.png, version: merchantLogos.version })
    .from(merchantLogos)
    .where(eq(merchantLogos.merchantId, merchantId))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the colour (null: PayDesk's) and the logo ("keep" it, "remove" it, or a prepared one). False
 * when the merchant is gone. The colour is checked again here, so no caller can store one the
 * customer's pages could not carry.
 */
export async function setBranding(
  db: Db,
  merchantId: string,
  change: { color: string | null; logo: "keep" | "remove" | PreparedLogo },
): Promise<boolean> {
  const color = change.color === null ? null : normalBrandColor(change.color);
  if (change.color !== null && (color === null || brandColorProblem(color) !== null))
    throw new RangeError(`not a brand colour: ${change.color}`);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(merchants)
      .set({ brandColor: color, updatedAt: new Date() })
      .where(eq(merchants.id, merchantId))
      .returning({ id: merchants.id });
    if (updated.length === 0) return false;
    if (change.logo === "remove") await tx.delete(merchantLogos).where(eq(merchantLogos.merchantId, merchantId));
    else if (change.logo !== "keep") {
      const values = { merchantId, ...change.logo, updatedAt: new Date() };
      await tx.insert(merchantLogos).values(values).onConflictDoUpdate({ target: merchantLogos.merchantId, set: values });
    }
    return true;
  });
}
