import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngClaiming } from "@/lib/testing/images";
import { SLIP_LONG_SIDE_PX } from "./image";
import { MAX_SLIP_PIXELS, reencodeSlip, THUMBNAIL_LONG_SIDE_PX, THUMBNAIL_MAX_BYTES } from "./reencode";

describe("slips are re-encoded before they are forwarded", () => {
  it("turns a PNG screenshot into a JPEG no longer than the slip's long side", async () => {
    const png = await sharp({ create: { width: 2_000, height: 1_000, channels: 3, background: "white" } })
      .png()
      .toBuffer();
    const result = await reencodeSlip(new Uint8Array(png));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await sharp(Buffer.from(result.jpeg)).metadata()).toMatchObject({
      format: "jpeg",
      width: SLIP_LONG_SIDE_PX,
      height: SLIP_LONG_SIDE_PX / 2,
    });
  });

  it("refuses a file whose header claims more pixels than a slip can have, before decoding it", async () => {
    expect(50_000 * 50_000).toBeGreaterThan(MAX_SLIP_PIXELS);
    expect(await reencodeSlip(pngClaiming(50_000, 50_000))).toEqual({ ok: false, problem: "too_large" });
  });

  it("refuses what does not decode", async () => {
    expect(await reencodeSlip(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xd9]))).toEqual({ ok: false, problem: "corrupt" });
    expect(await reencodeSlip(new TextEncoder().encode("<html>not a slip</html>"))).toEqual({ ok: false, problem: "corrupt" });
  });

  it("makes a small WebP thumbnail of the re-encoded slip for the console", async () => {
    const photo = await sharp({ create: { width: 900, height: 1_600, channels: 3, background: { r: 240, g: 240, b: 250 } } })
      .jpeg()
      .toBuffer();
    const result = await reencodeSlip(new Uint8Array(photo));
    if (!result.ok) throw new Error(result.problem);
    const meta = await sharp(Buffer.from(result.thumbnail)).metadata();
    expect(meta).toMatchObject({ format: "webp", height: THUMBNAIL_LONG_SIDE_PX, width: 180 });
    expect(result.thumbnail.length).toBeLessThan(THUMBNAIL_MAX_BYTES);
  });

  it("refuses a slip whose new JPEG would be larger than PayDesk stores", async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 200, height: 200, channels: 3 },
    })
      .png()
      .toBuffer();
    const fits = await reencodeSlip(new Uint8Array(noise));
    if (!fits.ok) throw new Error(fits.problem);
    expect(await reencodeSlip(new Uint8Array(noise), fits.jpeg.length - 1)).toEqual({ ok: false, problem: "too_large" });
    expect((await reencodeSlip(new Uint8Array(noise), fits.jpeg.length)).ok).toBe(true);
  });
});
