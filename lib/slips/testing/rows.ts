import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../../db/client";
import { merchants, paymentRequests } from "../../db/schema";

/** A merchant and one Pay-In of it, inserted directly, for the slip storage and route tests. */
export async function insertMerchantWithRequest(db: Db, name: string): Promise<{ merchantId: string; requestId: string; refId1: string }> {
  const suffix = randomBytes(4).toString("hex");
  const merchantId = `mer_${suffix}`;
  const requestId = `req_${suffix}`;
  const refId1 = `SLIP-${suffix}`;
  await db.insert(merchants).values({
    id: merchantId,
    displayName: name,
    orgId: "demo",
    merchantId: `m-${suffix}`,
    submitKeyEncrypted: "v1:x",
    submitKeyLast4: "abcd",
  });
  await db.insert(paymentRequests).values({
    id: requestId,
    merchantId,
    kind: "payin",
    refId1,
    requestedAmount: "325.52",
    generatedAmount: "325.37",
    status: "pending",
    idempotencyKey: `idem-${suffix}`,
    input: {},
  });
  return { merchantId, requestId, refId1 };
}

/** A real JPEG and WebP of the given colour, as lib/slips/reencode.ts would make them. */
export async function slipPictures(red: number): Promise<{ jpeg: Uint8Array; thumbnail: Uint8Array }> {
  const picture = sharp({ create: { width: 40, height: 60, channels: 3, background: { r: red, g: 20, b: 20 } } });
  return {
    jpeg: new Uint8Array(await picture.clone().jpeg().toBuffer()),
    thumbnail: new Uint8Array(await picture.clone().webp().toBuffer()),
  };
}

/**
 * A slip picture as a bank app makes one: white, a grey band, and a QR (8 px a module) in its lower
 * part holding `payload` — a slip verification payload (promptparse's `slipVerify`) or any other text.
 */
export async function slipJpegWithQr(payload: string): Promise<Uint8Array> {
  const { default: QRCode } = await import("qrcode");
  const qr = await QRCode.toBuffer(payload, { scale: 8, margin: 4 });
  const band = await sharp({ create: { width: 820, height: 160, channels: 3, background: "#dcdcdc" } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 900, height: 1400, channels: 3, background: "#ffffff" } })
    .composite([
      { input: band, top: 40, left: 40 },
      { input: qr, top: 900, left: 300 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(jpeg);
}
