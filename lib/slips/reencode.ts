import "server-only";
import sharp from "sharp";
import { SLIP_LONG_SIDE_PX } from "./image";

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

export type Reencoded = { ok: true; jpeg: Uint8Array } | { ok: false; problem: "corrupt" | "too_large" };

export async function reencodeSlip(bytes: Uint8Array): Promise<Reencoded> {
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_SLIP_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: SLIP_LONG_SIDE_PX, height: SLIP_LONG_SIDE_PX, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    return { ok: true, jpeg: new Uint8Array(jpeg) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error && /pixel limit/i.test(error.message) ? "too_large" : "corrupt" };
  }
}
