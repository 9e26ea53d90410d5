import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { useSyncFlushForGzip } from "./gzip-sync-flush";

/** Gzips `chunks` as Next's streaming does: a write and an argument-less flush() per chunk. */
async function streamed(chunks: Buffer[]): Promise<Buffer> {
  const gzip = zlib.createGzip();
  const out: Buffer[] = [];
  gzip.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise<void>((resolve) => gzip.on("end", () => resolve()));
  for (const chunk of chunks) {
    gzip.write(chunk);
    await new Promise<void>((resolve) => gzip.flush(() => resolve()));
  }
  gzip.end();
  await ended;
  return Buffer.concat(out);
}

// A stand-in for a page: a first chunk with a stylesheet, a second (the RSC payload) repeating it.
const css = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) => `.c${(i * 7919) % 10007}{margin:${i % 13}px ${(i * 31) % 17}px;color:#${((i * 2654435761) % 0xffffff).toString(16)}}`,
  ).join(""),
);
const page: [Buffer, Buffer, Buffer] = [
  Buffer.concat([Buffer.from("<html><head><style>"), css, Buffer.from("</style></head><body>")]),
  Buffer.concat([Buffer.from('<script>self.__next_f.push([1,"'), css, Buffer.from('"])</script>')]),
  Buffer.from("</body></html>"),
];

describe("gzip flushes that keep the dictionary", () => {
  it("lets a streamed chunk refer back to an earlier one, and the stream still decodes", async () => {
    const before = await streamed(page);
    useSyncFlushForGzip();
    const after = await streamed(page);
    // Without the change the repeated stylesheet is paid for twice.
    expect(after.length).toBeLessThan(before.length * 0.7);
    expect(zlib.gunzipSync(after).equals(Buffer.concat(page))).toBe(true);
  });

  it("sends everything written so far at each flush, as before", async () => {
    useSyncFlushForGzip();
    const gzip = zlib.createGzip();
    const out: Buffer[] = [];
    gzip.on("data", (b: Buffer) => out.push(b));
    gzip.write(page[0]);
    await new Promise<void>((resolve) => gzip.flush(() => resolve()));
    // Decodable up to here without the end of the stream: what the browser renders from.
    const partial = zlib.gunzipSync(Buffer.concat(out), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(partial.equals(page[0])).toBe(true);
    gzip.destroy();
  });

  it("passes an explicit flush kind through, and applies once however often it is called", async () => {
    useSyncFlushForGzip();
    useSyncFlushForGzip();
    const gzip = zlib.createGzip();
    const out: Buffer[] = [];
    gzip.on("data", (b: Buffer) => out.push(b));
    gzip.write(page[0]);
    await new Promise<void>((resolve) => gzip.flush(zlib.constants.Z_FULL_FLUSH, () => resolve()));
    gzip.write(page[1]);
    await new Promise<void>((resolve) => gzip.flush(zlib.constants.Z_FULL_FLUSH, () => resolve()));
    gzip.end(page[2]);
    await new Promise<void>((resolve) => gzip.on("end", () => resolve()));
    const fullFlushed = Buffer.concat(out);
    const synced = await streamed(page);
    expect(fullFlushed.length).toBeGreaterThan(synced.length * 1.3);
  });
});
