import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffNotifications } from "../../db/schema";
import type { MerchantApi } from "../../provider/client";
import { payOutRequest } from "../../requests/contract";
import { createRequest, type RequestRow } from "../../requests/create";

/**
 * A Pay-Out held for approval, which records its approvers' e-mails: it never reaches the provider,
 * so no client is needed. ฿250,000 to a PromptPay id unless told; answers the request.
 */
export async function heldPayOut(
  db: Db,
  options: { merchantRowId: string; createdBy: string | null; amountSatang?: number; refPrefix?: string },
): Promise<RequestRow> {
  const held = await createRequest(
    db,
    {} as MerchantApi,
    {
      kind: "payout",
      payOut: payOutRequest({
        refId1: `${options.refPrefix ?? "O"}${randomUUID().slice(0, 8)}`,
        amountSatang: options.amountSatang ?? 250_000_00,
        destination: { type: "promptpay", promptPayId: "0812345678" },
      }),
    },
    { merchantRowId: options.merchantRowId, idempotencyKey: randomUUID(), createdBy: options.createdBy, holdForApproval: true },
  );
  if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
  return held.request;
}

/** The request's staff e-mails due now, not after the gathering pause. */
export async function emailsDueNow(db: Db, requestId: string): Promise<void> {
  await db
    .update(staffNotifications)
    .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
    .where(inArray(staffNotifications.requestId, [requestId]));
}
