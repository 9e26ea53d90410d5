import { crc32, deflateSync } from "node:zlib";

/**
 * A PNG whose header claims `width` × `height` pixels, with one tiny row of data: what a
 * decompression bomb looks like before decoding, and what a picture too big to take looks like to a
 * decoder that checks the header first. Costs nothing to make, whatever it claims.
 */
export function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
