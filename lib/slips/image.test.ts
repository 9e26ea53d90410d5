import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkImage, cleanReferenceHalf, isWhole, MAX_UPLOAD_BYTES, referenceHalves, sniffImage } from "./image";

/** A real 1×1 PNG, built here: signature, IHDR, IDAT, IEND, with their CRCs. */
function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.from([0, 255, 0, 0]))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const webp = (() => {
  const body = Buffer.concat([Buffer.from("WEBPVP8 ", "ascii"), Buffer.alloc(8)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return new Uint8Array(Buffer.concat([Buffer.from("RIFF", "ascii"), size, body]));
})();

describe("slip images are judged by their bytes", () => {
  it("knows JPEG, PNG and WebP by magic number, whatever the file is called", () => {
    expect(sniffImage(jpeg)).toBe("jpeg");
    expect(sniffImage(tinyPng())).toBe("png");
    expect(sniffImage(webp)).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("%PDF-1.7 slip.jpg"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("accepts whole images and refuses empty, other, oversized and truncated files with the reason", () => {
    expect(checkImage(tinyPng())).toEqual({ ok: true, kind: "png" });
    expect(checkImage(jpeg)).toEqual({ ok: true, kind: "jpeg" });
    expect(checkImage(webp)).toEqual({ ok: true, kind: "webp" });
    expect(checkImage(new Uint8Array())).toEqual({ ok: false, problem: "empty" });
    expect(checkImage(new TextEncoder().encode("<html>not a slip</html>"))).toEqual({ ok: false, problem: "not_image" });
    expect(checkImage(new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0xff))).toEqual({ ok: false, problem: "too_large" });
    const png = tinyPng();
    expect(checkImage(png.slice(0, png.length - 20))).toEqual({ ok: false, problem: "corrupt" });
    expect(checkImage(jpeg.slice(0, jpeg.length - 2))).toEqual({ ok: false, problem: "corrupt" });
    expect(isWhole(webp.slice(0, webp.length - 4), "webp")).toBe(false);
  });
});

describe("slip reference halves", () => {
  it("keep letters and digits only, upper-cased, at most four", () => {
    expect(cleanReferenceHalf("ab-1 2z9")).toBe("AB12");
    expect(cleanReferenceHalf("ก1ข2")).toBe("12");
  });

  it("are the first and last four alphanumerics of a transaction reference", () => {
    expect(referenceHalves("015096152711BTF05123")).toEqual({ first4: "0150", last4: "5123" });
    expect(referenceHalves("2024-0611-ab")).toEqual({ first4: "2024", last4: "11AB" });
    expect(referenceHalves("1234567")).toBeNull();
  });
});
