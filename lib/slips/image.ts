/**
 * What a slip image must be, decided by its bytes, never its name or the browser's MIME guess
 * (a name and a MIME type are only claims). Used by the slip page in the browser (before spending the customer's data on an
 * upload) and by the server (which trusts nothing the browser says). Pure: no Node, no DOM.
 */
export type ImageKind = "jpeg" | "png" | "webp";

/** What the server accepts after the browser's downscale (about 1600 px, JPEG/WebP): generous for a slip. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What the browser accepts from the camera or gallery before downscaling it. */
export const MAX_PICKED_BYTES = 25 * 1024 * 1024;
/** The long side the browser scales a slip down to. */
export const SLIP_LONG_SIDE_PX = 1600;

export type ImageCheck = { ok: true; kind: ImageKind } | { ok: false; problem: "empty" | "not_image" | "too_large" | "corrupt" };

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);

/** The format by magic number: JPEG FF D8 FF, PNG's 8-byte signature, WebP's RIFF....WEBP. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/**
 * A cheap structural check that catches a truncated or damaged file without decoding it: a JPEG
 * ends with its end-of-image marker (FF D9, allowing a little padding some phones add), a PNG ends
 * with its IEND chunk, a WebP's RIFF length matches the file.
 */
export function isWhole(bytes: Uint8Array, kind: ImageKind): boolean {
  const n = bytes.length;
  if (kind === "jpeg") {
    for (let i = n - 2; i >= Math.max(2, n - 4096); i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
    return false;
  }
  if (kind === "png")
    return (
      n >= 8 + 25 + 12 &&
      startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12) &&
      startsWith(bytes, [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], n - 8)
    );
  const riffSize = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  return n >= 16 && riffSize + 8 <= n && riffSize + 8 >= n - 1;
}

export function checkImage(bytes: Uint8Array, maxBytes = MAX_UPLOAD_BYTES): ImageCheck {
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > maxBytes) return { ok: false, problem: "too_large" };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, problem: "not_image" };
  if (!isWhole(bytes, kind)) return { ok: false, problem: "corrupt" };
  return { ok: true, kind };
}

/** The slip reference halves: exactly 4 letters or digits each, upper-cased; anything else is stripped. */
export function cleanReferenceHalf(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 4);
}

/** First and last 4 alphanumerics of a slip's transaction reference (as the bank's slip QR carries it). */
export function referenceHalves(reference: string): { first4: string; last4: string } | null {
  const clean = reference.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return clean.length >= 8 ? { first4: clean.slice(0, 4), last4: clean.slice(-4) } : null;
}

export const NOTE_MAX_CHARS = 200;
