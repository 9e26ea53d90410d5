import "server-only";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";

/**
 * The provider's hub told a customer's page "payment.completed" (docs/provider-facts.md §4.10). The hub is
 * anonymous, so the page's word is only a hint: reconciliation is asked to check this request with
 * the provider now instead of at its back-off time, and applies whatever the provider says. Moving
 * a check earlier is all a caller can do here, so a flood of hints costs at most one provider read
 * per request per worker round (and the rate limiter still applies).
 */
export async function checkSoon(db: Db, requestId: string): Promise<boolean> {
  const rows = await db
    .update(paymentRequests)
    .set({ nextCheckAt: sql`now()` })
    .where(
      and(
        eq(paymentRequests.id, requestId),
        inArray(paymentRequests.status, ["pending", "unknown"]),
        or(isNull(paymentRequests.nextCheckAt), gt(paymentRequests.nextCheckAt, sql`now()`)),
      ),
    )
    .returning({ id: paymentRequests.id });
  return rows.length > 0;
}
