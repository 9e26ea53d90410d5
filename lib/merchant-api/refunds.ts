import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { paymentRequests } from "../db/schema";
import { toDecimalString } from "../money";
import { standingOf } from "../refunds/refunds";
import { ownRequest } from "./reads";
import { createPayout, type Answer, type ApiCall } from "./requests";
import type { PayoutCreate } from "./schemas";
import { requestView, type RefundList } from "./views";

/**
 * A Pay-In's refunds through the merchant API (docs/DESIGN.md §18): making one, and reading what
 * was refunded and what is left, so the merchant's shop never has to add up refunds itself.
 */

/**
 * A refund of the key's merchant's Pay-In: a Pay-Out that names it. A request that is not this
 * merchant's Pay-In is 404 before anything else; one that cannot be refunded now (not paid,
 * nothing left) is 409, more than is left a 400 on `amount` that says how much is; all of it is
 * decided again with the Pay-In locked when the refund is recorded.
 */
export async function createRefund(call: ApiCall, payInId: string, body: PayoutCreate): Promise<Answer> {
  await ownRequest(call, payInId, ["payin", "payin_p2p"]);
  return createPayout(call, "payout", body, payInId);
}

/** `GET /payment-requests/{id}/refunds`: the Pay-In's figures (lib/refunds/refunds.ts, the same that refuses a refund too large) and its refunds. */
export async function listRefunds(call: ApiCall, payInId: string): Promise<RefundList> {
  const payIn = await ownRequest(call, payInId, ["payin", "payin_p2p"]);
  const rows = await call.db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.refundOf, payIn.id), eq(paymentRequests.merchantId, call.key.merchantRowId)))
    .orderBy(asc(paymentRequests.createdAt), asc(paymentRequests.id));
  const standing = standingOf(payIn, rows);
  return {
    object: "refund_list",
    payment_request: payIn.id,
    amount_paid: toDecimalString(standing.paidSatang),
    amount_refunded: toDecimalString(standing.paidOutSatang),
    amount_refund_pending: toDecimalString(standing.onItsWaySatang),
    amount_refundable: toDecimalString(standing.leftSatang),
    data: rows.map((row) => requestView(row, call.publicBaseUrl)),
  };
}
