import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slips } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { MAX_UPLOAD_BYTES } from "./image";
import { decodeSlipCursor, encodeSlipCursor, getSlipFileInScope, listSlips } from "./queries";
import { newSlipId, storeSlip } from "./store";
import { insertMerchantWithRequest, slipPictures } from "./testing/rows";

describe.each(DATABASE_KINDS)("slips stored on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  beforeAll(async () => {
    if (!skip) database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it.skipIf(skip)("keeps the image and thumbnail byte for byte, with their types, for staff of that merchant only", async () => {
    const { db } = database;
    const coffee = await insertMerchantWithRequest(db, "Coffee");
    const tea = await insertMerchantWithRequest(db, "Tea");
    const pictures = await slipPictures(200);
    const id = await storeSlip(db, {
      requestId: coffee.requestId,
      merchantId: coffee.merchantId,
      first4: "AB12",
      last4: "9XYZ",
      note: "โอนจากบัญชีภรรยา",
      ...pictures,
    });
    expect(id).toMatch(/^slp_[0-9a-f]{20}$/);

    const image = await getSlipFileInScope(db, { merchantIds: [coffee.merchantId] }, id, "image");
    expect(image?.contentType).toBe("image/jpeg");
    expect(Buffer.from(image!.bytes).equals(Buffer.from(pictures.jpeg))).toBe(true);
    const thumbnail = await getSlipFileInScope(db, { merchantIds: null }, id, "thumbnail");
    expect(thumbnail?.contentType).toBe("image/webp");
    expect(Buffer.from(thumbnail!.bytes).equals(Buffer.from(pictures.thumbnail))).toBe(true);

    // Another merchant's staff, nobody's, an unknown id and a malformed one: all simply not found.
    expect(await getSlipFileInScope(db, { merchantIds: [tea.merchantId] }, id, "image")).toBeUndefined();
    expect(await getSlipFileInScope(db, { merchantIds: [] }, id, "image")).toBeUndefined();
    expect(await getSlipFileInScope(db, { merchantIds: null }, newSlipId(), "image")).toBeUndefined();
    expect(await getSlipFileInScope(db, { merchantIds: null }, "slp_' or 1=1 --", "image")).toBeUndefined();
  });

  it.skipIf(skip)("refuses to store an image over the upload cap, or a size that is not the image's", async () => {
    const { db } = database;
    const shop = await insertMerchantWithRequest(db, "Bounded");
    const { thumbnail, jpeg } = await slipPictures(10);
    const row = {
      id: newSlipId(),
      requestId: shop.requestId,
      merchantId: shop.merchantId,
      imageType: "image/jpeg",
      thumbnail,
      thumbnailType: "image/webp",
    };
    // The oversized image made by the database itself: sending 5 MB as a parameter cost PGlite ten times
    // as long, past the test's budget on a busy machine, and proves the same constraint.
    await expect(
      db.insert(slips).values({
        ...row,
        image: sql`convert_to(repeat('a', ${MAX_UPLOAD_BYTES + 1}), 'UTF8')`,
        byteSize: MAX_UPLOAD_BYTES + 1,
      }),
    ).rejects.toSatisfy((error) => /slips_image_size/.test(String((error as { cause?: unknown }).cause ?? error)));
    await expect(db.insert(slips).values({ ...row, image: jpeg, byteSize: jpeg.length + 1 })).rejects.toThrow();
    await expect(
      db.insert(slips).values({ ...row, image: jpeg, byteSize: jpeg.length, thumbnail: new Uint8Array(256 * 1024 + 1) }),
    ).rejects.toThrow();
    await db.insert(slips).values({ ...row, image: jpeg, byteSize: jpeg.length });
  });

  it.skipIf(skip)("lists slips newest first, a page at a time, in the merchant context and the person's scope", async () => {
    const { db } = database;
    const a = await insertMerchantWithRequest(db, "Listed A");
    const b = await insertMerchantWithRequest(db, "Listed B");
    const pictures = await slipPictures(120);
    const ids: string[] = [];
    for (const [i, shop] of [a, b, a, b, a].entries()) {
      ids.push(
        await storeSlip(db, {
          requestId: shop.requestId,
          merchantId: shop.merchantId,
          first4: null,
          last4: null,
          note: `n${i}`,
          ...pictures,
        }),
      );
    }
    const scope = { merchantIds: [a.merchantId, b.merchantId] };
    const first = await listSlips(db, scope, { merchant: "all", cursor: null, limit: 2 });
    expect(first.rows.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first.rows[0]).toMatchObject({
      requestId: a.requestId,
      refId1: a.refId1,
      merchantName: "Listed A",
      requestedAmount: "325.52",
      generatedAmount: "325.37",
      note: "n4",
    });
    const second = await listSlips(db, scope, { merchant: "all", cursor: decodeSlipCursor(first.nextCursor!), limit: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const last = await listSlips(db, scope, { merchant: "all", cursor: decodeSlipCursor(second.nextCursor!), limit: 2 });
    expect(last.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(last.nextCursor).toBeNull();

    expect((await listSlips(db, scope, { merchant: b.merchantId, cursor: null })).rows.map((r) => r.id)).toEqual([ids[3], ids[1]]);
    // A merchant outside the scope, asked for by name, shows nothing; so does the whole list for a narrower scope.
    expect((await listSlips(db, { merchantIds: [a.merchantId] }, { merchant: b.merchantId, cursor: null })).rows).toEqual([]);
    expect((await listSlips(db, { merchantIds: [a.merchantId] }, { merchant: "all", cursor: null })).rows.map((r) => r.id)).toEqual([
      ids[4],
      ids[2],
      ids[0],
    ]);
  });

  it("reads back only the cursors it wrote", () => {
    const written = encodeSlipCursor("2026-11-23T12:04:05.123456Z", "slp_0123456789abcdef0123");
    expect(decodeSlipCursor(written)).toEqual({ key: "2026-11-23T12:04:05.123456Z", id: "slp_0123456789abcdef0123" });
    expect(decodeSlipCursor("not a cursor")).toBeNull();
    expect(decodeSlipCursor(Buffer.from("2026-11-23|slp_x").toString("base64url"))).toBeNull();
  });
});
