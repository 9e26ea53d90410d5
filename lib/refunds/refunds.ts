import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import { toSatang, type Satang } from "../money";
import { isEndedPaid, isEndedUnpaid } from "../requests/lifecycle";
import { messageKey } from "../requests/form-messages";

/**
 * Refunds (docs/DESIGN.md §18). The provider has no refund of its own: a refund is a Pay-Out to the
 * payer that names the paid Pay-In it gives money back for (`refund_of`). It is made, held for
 * approval, sent, reconciled and reported like any other Pay-Out; what is particular to it is one
 * rule: the refunds of a Pay-In never add up to more than the customer paid. That is checked in the
 * refund's own insert transaction, with the Pay-In's row locked, so two people (or a person and the
 * merchant's shop) refunding the same Pay-In at once cannot both take the last baht.
 */

/** The Pay-Ins a refund can be for: money that came in from a customer. */
const REFUNDABLE_KINDS = new Set(["payin", "payin_p2p"]);

type Amounts = Pick<typeof paymentRequests.$inferSelect, "status" | "requestedAmount" | "paidAmount">;

/**
 * What one refund takes from its Pay-In: all it asked for while it may still pay (held, being sent,
 * pending, unknown, needs review) or once it paid; only what it paid when it ended otherwise. An
 * unknown refund may have left the bank, so it counts until the provider says it did not.
 */
export function refundTakes(refund: Amounts): Satang {
  const paid = toSatang(refund.paidAmount);
  // Ended without paying (isEndedUnpaid): no more money moves, only what it already paid counts.
  if (isEndedUnpaid(refund.status)) return paid;
  return Math.max(toSatang(refund.requestedAmount), paid);
}

export type RefundRow = Pick<
  typeof paymentRequests.$inferSelect,
  "id" | "refId1" | "status" | "statusCode" | "requestedAmount" | "paidAmount" | "createdAt"
>;

export interface RefundStanding<R extends Amounts = RefundRow> {
  /** What the customer paid (zero unless the Pay-In is paid). */
  paidSatang: Satang;
  /** What its refunds take (refundTakes), paid or still on their way: the sum of the next two. */
  refundedSatang: Satang;
  /** Of that, what the refunds that ended paid out (paid; or what one that failed paid first, normally nothing). */
  paidOutSatang: Satang;
  /** Of that, what the refunds still on their way take (held, sending, pending, unknown, needs review). */
  onItsWaySatang: Satang;
  /** What may still be refunded. */
  leftSatang: Satang;
  refunds: R[];
}

type PayInAmounts = Pick<typeof paymentRequests.$inferSelect, "kind" | "status" | "paidAmount">;

/** A Pay-In's standing from its refunds (rows of any width: the API's are whole). */
export function standingOf<R extends Amounts>(payIn: PayInAmounts, refunds: R[]): RefundStanding<R> {
  const paidSatang = isRefundable(payIn) ? toSatang(payIn.paidAmount) : 0;
  let paidOutSatang = 0;
  let onItsWaySatang = 0;
  for (const refund of refunds) {
    // "Ended" is lifecycle.ts's one rule: paid on the spec profile, approved on the live provider.
    const ended = isEndedPaid(refund.status) || isEndedUnpaid(refund.status);
    if (ended) paidOutSatang += refundTakes(refund);
    else onItsWaySatang += refundTakes(refund);
  }
  const refundedSatang = paidOutSatang + onItsWaySatang;
  return { paidSatang, refundedSatang, paidOutSatang, onItsWaySatang, leftSatang: Math.max(0, paidSatang - refundedSatang), refunds };
}

const refundColumns = {
  id: paymentRequests.id,
  refId1: paymentRequests.refId1,
  status: paymentRequests.status,
  statusCode: paymentRequests.statusCode,
  requestedAmount: paymentRequests.requestedAmount,
  paidAmount: paymentRequests.paidAmount,
  createdAt: paymentRequests.createdAt,
};

const refundsOf = (db: Db, payInId: string) =>
  db.select(refundColumns).from(paymentRequests).where(eq(paymentRequests.refundOf, payInId)).orderBy(asc(paymentRequests.createdAt));

/** A Pay-In's refunds and what is left to refund, for the request's page and the API. The caller has scoped the Pay-In. */
export async function refundStanding(db: Db, payIn: PayInAmounts & { id: string }): Promise<RefundStanding> {
  return standingOf(payIn, await refundsOf(db, payIn.id));
}

/** Whether a request is a Pay-In that can be refunded at all (ended paid, money in: `paid` or the live provider's `approved`). */
export function isRefundable(r: Pick<PayInAmounts, "kind" | "status">): boolean {
  return REFUNDABLE_KINDS.has(r.kind) && isEndedPaid(r.status);
}

/**
 * Inside the refund's insert transaction: locks the Pay-In (a second refund of it waits here until
 * this one commits or rolls back) and says why this amount cannot be refunded, as a form message
 * key on the amount, or null when it can.
 */
export async function refundRefusal(
  tx: Db,
  args: { payInId: string; merchantRowId: string; amountSatang: Satang },
): Promise<string | null> {
  const [payIn] = await tx
    .select({ kind: paymentRequests.kind, status: paymentRequests.status, paidAmount: paymentRequests.paidAmount })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, args.payInId), eq(paymentRequests.merchantId, args.merchantRowId)))
    .for("update");
  if (!payIn || !REFUNDABLE_KINDS.has(payIn.kind)) return messageKey("refundNotFound");
  if (!isEndedPaid(payIn.status)) return messageKey("refundNotPaid");
  const { leftSatang } = standingOf(payIn, await refundsOf(tx, args.payInId));
  if (leftSatang === 0) return messageKey("refundNothingLeft");
  if (args.amountSatang > leftSatang) return messageKey("refundTooLarge", leftSatang);
  return null;
}
