import "server-only";
import sharp from "sharp";
import { MAX_UPLOAD_BYTES, SLIP_LONG_SIDE_PX } from "./image";

/**
 * The slip as the provider receives it: decoded and drawn again by the server, never the bytes the
 * customer sent. A file that only looks like an image (a JPEG header around HTML) does not decode
 * and is refused; a photo loses its metadata (EXIF GPS, the phone's make) because a new JPEG carries
 * none; it is turned upright by its EXIF orientation first, since that is lost with the rest.
 */

/**
 * The most pixels a slip may have before decoding: a screenshot or a photo at full phone resolution
 * fits (the browser already scales to SLIP_LONG_SIDE_PX), a small file that claims to be huge (a
 * decompression bomb) is refused before its pixels are allocated.
 */
export const MAX_SLIP_PIXELS = 50_000_000;
const JPEG_QUALITY = 85;

/** The console's thumbnail of a slip (the timeline, the Slips page): small enough for a list of them. */
export const THUMBNAIL_LONG_SIDE_PX = 320;
/** What the slips table accepts for a thumbnail; a 320 px WebP of a slip is a few KB. */
export const THUMBNAIL_MAX_BYTES = 256 * 1024;
const THUMBNAIL_QUALITY = 70;

export type Reencoded = { ok: true; jpeg: Uint8Array; thumbnail: Uint8Array } | { ok: false; problem: "corrupt" | "too_large" };

/**
 * The slip to forward, and its thumbnail for the console. `maxBytes` bounds the new JPEG as the
 * upload was bounded (the slips table stores it and refuses more), so re-encoding a small, noisy
 * picture can never make something larger than PayDesk accepts.
 */
export async function reencodeSlip(bytes: Uint8Array, maxBytes = MAX_UPLOAD_BYTES): Promise<Reencoded> {
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_SLIP_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: SLIP_LONG_SIDE_PX, height: SLIP_LONG_SIDE_PX, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    if (jpeg.length > maxBytes) return { ok: false, problem: "too_large" };
    const thumbnail = await sharp(jpeg)
      .resize({ width: THUMBNAIL_LONG_SIDE_PX, height: THUMBNAIL_LONG_SIDE_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    return { ok: true, jpeg: new Uint8Array(jpeg), thumbnail: new Uint8Array(thumbnail) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error && /pixel limit/i.test(error.message) ? "too_large" : "corrupt" };
  }
}
