import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests as pr, webhookEndpoints } from "../db/schema";
import type { Scope } from "../requests/queries";
import { merchantCondition, satangOf } from "./scope";

export interface WaitingNow {
  awaitingApproval: { count: number; satang: number; oldest: Date | null };
  reconciling: { count: number; oldest: Date | null };
  needsReview: number;
  /** The merchant's webhook endpoints failing now (failing since an attempt, or disabled for failing). */
  endpointsFailing: number;
}

/** What is waiting now, whatever the period: money out for a second person, requests the provider has not settled. */
export async function waitingNow(db: Db, scope: Scope, merchant: string | "all"): Promise<WaitingNow> {
  const where = merchantCondition(pr.merchantId, scope, merchant);
  const [rows, endpoints] = await Promise.all([
    db
      .select({
        status: pr.status,
        n: sql<number>`count(*)::int`,
        requested: sql<string>`sum(${pr.requestedAmount})::text`,
        oldest: sql<Date | null>`min(${pr.createdAt})`.mapWith(pr.createdAt),
      })
      .from(pr)
      .where(and(inArray(pr.status, ["awaiting_approval", "submitting", "unknown", "needs_review"]), where))
      .groupBy(pr.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(
        and(
          sql`${webhookEndpoints.deletedAt} is null`,
          sql`(${webhookEndpoints.failingSince} is not null or (not ${webhookEndpoints.enabled} and ${webhookEndpoints.disabledReason} not in ('staff', 'deleted')))`,
          merchantCondition(webhookEndpoints.merchantId, scope, merchant),
        ),
      ),
  ]);
  const of = (status: string) => rows.find((r) => r.status === status);
  const reconciling = rows.filter((r) => r.status === "submitting" || r.status === "unknown");
  const oldest = reconciling.map((r) => r.oldest).filter((d): d is Date => d !== null);
  return {
    awaitingApproval: {
      count: Number(of("awaiting_approval")?.n ?? 0),
      satang: satangOf(of("awaiting_approval")?.requested),
      oldest: of("awaiting_approval")?.oldest ?? null,
    },
    reconciling: {
      count: reconciling.reduce((sum, r) => sum + Number(r.n), 0),
      oldest: oldest.length > 0 ? new Date(Math.min(...oldest.map((d) => d.getTime()))) : null,
    },
    needsReview: Number(of("needs_review")?.n ?? 0),
    endpointsFailing: Number(endpoints[0]?.n ?? 0),
  };
}
