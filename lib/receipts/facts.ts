import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests } from "../db/schema";
import { toSatang } from "../money";
import { refundStanding } from "../refunds/refunds";
import { isEndedPaid } from "../requests/lifecycle";
import { logoOf } from "../merchants/branding";
import type { ReceiptFacts } from "./pdf";

/**
 * What a request's receipt says, or why there is none: only a Pay-In (either kind) that ended paid
 * by the one rule (lib/requests/lifecycle.ts isEndedPaid: `paid`, or the live provider's `approved`)
 * has one; anything else, including a request that is gone, answers "none". The caller has checked
 * the link's token or the staff member's scope.
 */
export type ReceiptLookup = { ok: true; facts: ReceiptFacts; createdAt: Date } | { ok: false; reason: "not_found" | "not_paid" };

export async function loadReceipt(db: Db, requestId: string): Promise<ReceiptLookup> {
  const [row] = await db
    .select({ request: paymentRequests, merchantName: merchants.displayName, brandColor: merchants.brandColor })
    .from(paymentRequests)
    .innerJoin(merchants, eq(merchants.id, paymentRequests.merchantId))
    .where(eq(paymentRequests.id, requestId))
    .limit(1);
  if (!row || (row.request.kind !== "payin" && row.request.kind !== "payin_p2p")) return { ok: false, reason: "not_found" };
  const r = row.request;
  if (!isEndedPaid(r.status)) return { ok: false, reason: "not_paid" };
  const [standing, logo] = await Promise.all([refundStanding(db, r), logoOf(db, r.merchantId)]);
  return {
    ok: true,
    createdAt: r.createdAt,
    facts: {
      requestId: r.id,
      merchantName: row.merchantName,
      refId1: r.refId1,
      paidSatang: toSatang(r.paidAmount),
      // Set when it became paid; a row from before that column was kept knows only its last change.
      paidAt: r.paidAt ?? r.updatedAt,
      payerName: r.payerName,
      refundedSatang: standing.paidOutSatang,
      brand: { color: row.brandColor, logoPng: logo?.png ?? null },
    },
  };
}
