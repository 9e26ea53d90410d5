/**
 * The staff slip image routes, called as Next calls them, with the session read for real (the
 * cookie opened, the person's row checked) on both databases: who may see a slip's bytes.
 */
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealedSessionCookie } from "../auth/testing/session-cookie";
import { insertStaff } from "../auth/testing/staff";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { newSlipId, storeSlip } from "./store";
import { insertMerchantWithRequest, slipPictures } from "./testing/rows";

const surroundings = vi.hoisted(() => ({ database: undefined as unknown as { db: unknown }, cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(surroundings.cookie ? { cookie: surroundings.cookie } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("../db", () => ({ getDb: async () => surroundings.database.db, database: async () => surroundings.database }));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);

const { GET: getImage } = await import("@/app/api/slips/[id]/image/route");
const { GET: getThumbnail } = await import("@/app/api/slips/[id]/thumbnail/route");

describe.each(DATABASE_KINDS)("GET /api/slips/<id>/… on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let coffee: Awaited<ReturnType<typeof insertMerchantWithRequest>>;
  let tea: Awaited<ReturnType<typeof insertMerchantWithRequest>>;
  let slipId: string;
  let pictures: Awaited<ReturnType<typeof slipPictures>>;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    surroundings.database = database;
    coffee = await insertMerchantWithRequest(database.db, "Coffee");
    tea = await insertMerchantWithRequest(database.db, "Tea");
    pictures = await slipPictures(180);
    slipId = await storeSlip(database.db, {
      requestId: coffee.requestId,
      merchantId: coffee.merchantId,
      first4: "AB12",
      last4: "9XYZ",
      note: null,
      ...pictures,
    });
  });
  afterAll(async () => database?.dispose());

  const signInAs = async (user: Parameters<typeof insertStaff>[1]) => {
    const staff = await insertStaff(database.db, user);
    surroundings.cookie = await sealedSessionCookie(staff.id, { secret });
  };
  // As Next calls a route handler: the request, and the path's segments beside it.
  const get = (what: "image" | "thumbnail", id: string, headers: Record<string, string> = {}) =>
    (what === "image" ? getImage : getThumbnail)(new NextRequest(`http://paydesk.test/api/slips/${id}/${what}`, { headers }), {
      params: Promise.resolve({ id }),
    });

  it.skipIf(skip)("answers a viewer of the slip's merchant with the bytes, their stored type, and no caching or sniffing", async () => {
    await signInAs({ role: "viewer", merchantIds: [coffee.merchantId] });
    const image = await get("image", slipId);
    expect(image.status).toBe(200);
    expect(
      Object.fromEntries(
        ["content-type", "cache-control", "x-content-type-options", "content-disposition"].map((h) => [h, image.headers.get(h)]),
      ),
    ).toEqual({
      "content-type": "image/jpeg",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    });
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(pictures.jpeg))).toBe(true);
    const thumbnail = await get("thumbnail", slipId);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(Buffer.from(pictures.thumbnail))).toBe(true);
  });

  it.skipIf(skip)("answers an admin of every merchant too", async () => {
    await signInAs({ role: "admin", merchantIds: null });
    expect((await get("image", slipId)).status).toBe(200);
  });

  it.skipIf(skip)("answers another merchant's staff 404, worded exactly as for an id that does not exist", async () => {
    await signInAs({ role: "admin", merchantIds: [tea.merchantId] });
    const other = await get("image", slipId, { "accept-language": "th-TH" });
    const otherThumbnail = await get("thumbnail", slipId, { "accept-language": "th-TH" });
    const unknown = await get("image", newSlipId(), { "accept-language": "th-TH" });
    const malformed = await get("image", "..%2F..%2Fetc", { "accept-language": "th-TH" });
    for (const response of [other, otherThumbnail, unknown, malformed]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: "ไม่พบสลิปนี้ หรือสลิปเป็นของร้านค้าที่คุณไม่มีสิทธิ์ดู" });
    }
  });

  it.skipIf(skip)("answers a signed-out caller 401 in words, and a disabled person likewise", async () => {
    surroundings.cookie = "";
    const signedOut = await get("image", slipId, { "accept-language": "en-GB" });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: "Sign in to PayDesk to see slips." });
    await signInAs({ role: "admin", isDisabled: true });
    expect((await get("thumbnail", slipId)).status).toBe(401);
  });
});
