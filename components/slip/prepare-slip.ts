import { MAX_PICKED_BYTES, MAX_UPLOAD_BYTES, SLIP_LONG_SIDE_PX, sniffImage } from "@/lib/slips/image";

/**
 * Turns the picked file into what is uploaded: checked by its bytes (not its name), decoded (a
 * damaged file fails here, before any upload), turned upright (EXIF) and scaled down to about
 * 1600 px on the long side as JPEG — a 12-megapixel photo becomes a few hundred KB, which matters
 * on a slow mobile network. The server checks the result again (lib/slips/upload.ts).
 */
export type Prepared = { ok: true; blob: Blob; canvas: HTMLCanvasElement } | { ok: false; problem: "not_image" | "too_large" | "corrupt" };

export async function prepareSlip(file: File): Promise<Prepared> {
  if (file.size > MAX_PICKED_BYTES) return { ok: false, problem: "too_large" };
  if (!sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return { ok: false, problem: "not_image" };
  let source: ImageBitmap | HTMLImageElement;
  try {
    source = await decode(file);
  } catch {
    return { ok: false, problem: "corrupt" };
  }
  const scale = Math.min(1, SLIP_LONG_SIDE_PX / Math.max(source.width, source.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(source.width * scale));
  canvas.height = Math.max(1, Math.round(source.height * scale));
  const g = canvas.getContext("2d");
  if (!g) return { ok: false, problem: "corrupt" };
  g.fillStyle = "#fff"; // a transparent PNG becomes white, not black, in JPEG
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(source, 0, 0, canvas.width, canvas.height);
  if ("close" in source) source.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  if (!blob) return { ok: false, problem: "corrupt" };
  if (blob.size > MAX_UPLOAD_BYTES) return { ok: false, problem: "too_large" };
  return { ok: true, blob, canvas };
}

async function decode(file: File): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === "function") return createImageBitmap(file, { imageOrientation: "from-image" });
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}
