import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import type { MerchantScope } from "../merchants/queries";

/**
 * How many Pay-Outs and Withdrawals wait for a second person's approval among the merchants a
 * person may see: the number beside "Approvals" in the console's nav. The same rows as the
 * approvals queue (lib/requests/approve.ts listHeldRequests), counted; the person's own requests
 * count too, as the queue shows them. Served by payment_requests_open_idx (status first).
 */
export async function countAwaitingApproval(db: Db, scope: MerchantScope): Promise<number> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return 0;
  const held = eq(paymentRequests.status, "awaiting_approval");
  const [row] = await db
    .select({ n: count() })
    .from(paymentRequests)
    .where(scope.merchantIds === null ? held : and(held, inArray(paymentRequests.merchantId, scope.merchantIds)));
  return Number(row?.n ?? 0);
}
