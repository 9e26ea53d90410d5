import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { slips } from "../db/schema";

/**
 * A slip the provider accepted, kept for staff (the slips table): the re-encoded JPEG exactly as it
 * was forwarded and its thumbnail, both made by lib/slips/reencode.ts and so bounded there.
 */
export const newSlipId = () => `slp_${randomBytes(10).toString("hex")}`;
export const SLIP_ID_PATTERN = /^slp_[0-9a-f]{20}$/;

export interface NewSlip {
  requestId: string;
  merchantId: string;
  first4: string | null;
  last4: string | null;
  note: string | null;
  jpeg: Uint8Array;
  thumbnail: Uint8Array;
}

export async function storeSlip(db: Db, slip: NewSlip): Promise<string> {
  const id = newSlipId();
  await db.insert(slips).values({
    id,
    requestId: slip.requestId,
    merchantId: slip.merchantId,
    first4: slip.first4,
    last4: slip.last4,
    note: slip.note,
    image: slip.jpeg,
    imageType: "image/jpeg",
    thumbnail: slip.thumbnail,
    thumbnailType: "image/webp",
    byteSize: slip.jpeg.length,
  });
  return id;
}
