import "server-only";
import { and, desc, eq, gte, inArray, isNotNull, isNull, notInArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests as pr, slips, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { can } from "../auth/permissions";
import { ENDED_PAID } from "../requests/lifecycle";

/**
 * "Needs attention": one inbox of what waits for a person, each item with why it is there and what
 * to do (app/(console)/attention). Nothing is stored for it: every item is a question asked of the
 * current state, so an item leaves by itself once what it waits for is done — approved or declined,
 * decided, paid or ended, the endpoint answering again. Two kinds are events rather than states and
 * stay for a set time: a Pay-Out the provider refused after accepting it (7 days) and a provider
 * webhook PayDesk could not apply (24 hours). Each kind is shown only to a role that can act on it.
 */
export const ATTENTION_KINDS = ["approve", "review", "payout_failed", "slip", "endpoint", "webhook"] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const PAYOUT_FAILED_DAYS = 7;
export const WEBHOOK_HOURS = 24;
/** The most items of one kind listed (the count is always whole). */
const LIST_LIMIT = 50;

export interface AttentionItem {
  kind: AttentionKind;
  /** What the item is about: a request, a slip's request, an endpoint, a webhook delivery. */
  id: string;
  href: string;
  /** What names it: a RefId1, an endpoint's address, a webhook's event. */
  subject: string;
  merchantName: string | null;
  amount: string | null;
  since: Date;
  /** A fact for the words: who made it, the provider's reason, the webhook's verdict. */
  detail: string | null;
}

export interface Viewer {
  role: string;
  userId: string;
  merchantIds: string[] | null;
}

const inScope = (column: AnyColumn, merchantIds: string[] | null): SQL | undefined =>
  merchantIds === null ? undefined : merchantIds.length === 0 ? sql`false` : inArray(column, merchantIds);

/** Which kinds this role can act on, and so sees. */
export function kindsFor(role: string): AttentionKind[] {
  return ATTENTION_KINDS.filter((kind) => {
    switch (kind) {
      case "approve":
        return can(role, "payout.approve");
      case "payout_failed":
        return can(role, "payout.create");
      case "review":
        return can(role, "request.read");
      case "slip":
        return can(role, "slip.review");
      case "endpoint":
        return can(role, "merchant.manage");
      case "webhook":
        return can(role, "webhook.read");
    }
  });
}

/** Each kind's query: its rows (newest first, at most `limit`) or only their count. */
function queryOf(db: Db, viewer: Viewer, kind: AttentionKind, now: Date) {
  const scope = viewer.merchantIds;
  switch (kind) {
    case "approve":
      // Someone else's: a person cannot approve their own (lib/requests/approve.ts).
      return {
        where: and(
          eq(pr.status, "awaiting_approval"),
          sql`${pr.createdBy} is distinct from ${viewer.userId}`,
          inScope(pr.merchantId, scope),
        ),
        table: "request" as const,
      };
    case "review":
      return { where: and(eq(pr.status, "needs_review"), inScope(pr.merchantId, scope)), table: "request" as const };
    case "payout_failed":
      // Accepted (an answer stored), then rejected: the recipient was not paid.
      return {
        where: and(
          inArray(pr.kind, ["payout", "withdrawal"]),
          eq(pr.status, "rejected"),
          isNotNull(pr.providerResponse),
          gte(pr.updatedAt, new Date(now.getTime() - PAYOUT_FAILED_DAYS * 86_400_000)),
          inScope(pr.merchantId, scope),
        ),
        table: "request" as const,
      };
    case "slip":
      // Nobody has said whether it matches, and the provider has not said the request is paid: open,
      // or ended unpaid (money that came too late is a slip matching no open request).
      return {
        where: and(isNull(slips.decision), notInArray(pr.status, [...ENDED_PAID]), inScope(slips.merchantId, scope)),
        table: "slip" as const,
      };
    case "endpoint":
      return {
        where: and(
          sql`${webhookEndpoints.deletedAt} is null`,
          sql`(${webhookEndpoints.failingSince} is not null or (not ${webhookEndpoints.enabled} and ${webhookEndpoints.disabledReason} not in ('staff', 'deleted')))`,
          inScope(webhookEndpoints.merchantId, scope),
        ),
        table: "endpoint" as const,
      };
    case "webhook":
      return {
        where: and(
          gte(webhookDeliveries.receivedAt, new Date(now.getTime() - WEBHOOK_HOURS * 3_600_000)),
          inArray(webhookDeliveries.verdict, UNAPPLIED_VERDICTS),
          // A delivery with no merchant is seen by those who see every merchant.
          scope === null ? undefined : and(isNotNull(webhookDeliveries.merchantId), inScope(webhookDeliveries.merchantId, scope)),
        ),
        table: "webhook" as const,
      };
  }
}

/** Provider webhooks that changed nothing for a reason a person should look at (the overview's "unmatched"). */
export const UNAPPLIED_VERDICTS = ["unmatched_money", "unknown_request", "mismatch", "malformed", "contradicted", "unconfirmed"];

async function countOf(db: Db, viewer: Viewer, kind: AttentionKind, now: Date): Promise<number> {
  const { where, table } = queryOf(db, viewer, kind, now);
  const n = sql<number>`count(*)::int`;
  const rows =
    table === "request"
      ? await db.select({ n }).from(pr).where(where)
      : table === "slip"
        ? await db
            .select({ n: sql<number>`count(distinct ${slips.requestId})::int` })
            .from(slips)
            .innerJoin(pr, eq(pr.id, slips.requestId))
            .where(where)
        : table === "endpoint"
          ? await db.select({ n }).from(webhookEndpoints).where(where)
          : await db.select({ n }).from(webhookDeliveries).where(where);
  return Number(rows[0]?.n ?? 0);
}

async function itemsOf(db: Db, viewer: Viewer, kind: AttentionKind, now: Date): Promise<AttentionItem[]> {
  const { where, table } = queryOf(db, viewer, kind, now);
  if (table === "request") {
    const rows = await db
      .select({
        id: pr.id,
        refId1: pr.refId1,
        merchantName: merchants.displayName,
        amount: pr.requestedAmount,
        createdAt: pr.createdAt,
        updatedAt: pr.updatedAt,
        statusCode: pr.statusCode,
        statusReason: pr.statusReason,
      })
      .from(pr)
      .innerJoin(merchants, eq(merchants.id, pr.merchantId))
      .where(where)
      .orderBy(kind === "approve" ? pr.createdAt : desc(pr.updatedAt))
      .limit(LIST_LIMIT);
    return rows.map((r) => ({
      kind,
      id: r.id,
      href: `/requests/${r.id}`,
      subject: r.refId1,
      merchantName: r.merchantName,
      amount: r.amount,
      since: kind === "approve" ? r.createdAt : r.updatedAt,
      detail: kind === "approve" ? null : (r.statusReason ?? r.statusCode),
    }));
  }
  if (table === "slip") {
    // One item per request, however many slips its customer sent: the latest undecided one.
    const rows = await db
      .selectDistinctOn([slips.requestId], {
        slipId: slips.id,
        requestId: slips.requestId,
        refId1: pr.refId1,
        merchantName: merchants.displayName,
        amount: sql<string>`coalesce(${pr.generatedAmount}, ${pr.requestedAmount})::text`,
        createdAt: slips.createdAt,
      })
      .from(slips)
      .innerJoin(pr, eq(pr.id, slips.requestId))
      .innerJoin(merchants, eq(merchants.id, slips.merchantId))
      .where(where)
      .orderBy(slips.requestId, desc(slips.createdAt))
      .limit(LIST_LIMIT);
    return rows
      .map((r) => ({
        kind,
        id: r.requestId,
        href: `/slips/${r.slipId}`,
        subject: r.refId1,
        merchantName: r.merchantName,
        amount: r.amount,
        since: r.createdAt,
        detail: null,
      }))
      .sort((a, b) => b.since.getTime() - a.since.getTime());
  }
  if (table === "endpoint") {
    const rows = await db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        merchantId: webhookEndpoints.merchantId,
        merchantName: merchants.displayName,
        failingSince: webhookEndpoints.failingSince,
        updatedAt: webhookEndpoints.updatedAt,
        disabledReason: webhookEndpoints.disabledReason,
      })
      .from(webhookEndpoints)
      .innerJoin(merchants, eq(merchants.id, webhookEndpoints.merchantId))
      .where(where)
      .limit(LIST_LIMIT);
    return rows.map((r) => ({
      kind,
      id: r.id,
      href: `/settings/webhooks?merchant=${encodeURIComponent(r.merchantId)}`,
      subject: r.url,
      merchantName: r.merchantName,
      amount: null,
      since: r.failingSince ?? r.updatedAt,
      detail: r.disabledReason,
    }));
  }
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      verdict: webhookDeliveries.verdict,
      receivedAt: webhookDeliveries.receivedAt,
      merchantName: merchants.displayName,
    })
    .from(webhookDeliveries)
    .leftJoin(merchants, eq(merchants.id, webhookDeliveries.merchantId))
    .where(where)
    .orderBy(desc(webhookDeliveries.receivedAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    kind,
    id: String(r.id),
    href: `/webhooks?verdict=${encodeURIComponent(r.verdict)}`,
    subject: r.event ?? "—",
    merchantName: r.merchantName,
    amount: null,
    since: r.receivedAt,
    detail: r.verdict,
  }));
}

/** How many items wait for this person, over every kind they see: the number beside "Needs attention". */
export async function attentionCount(db: Db, viewer: Viewer, now = new Date()): Promise<number> {
  const counts = await Promise.all(kindsFor(viewer.role).map((kind) => countOf(db, viewer, kind, now)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The inbox: each kind this person sees, with its whole count and its newest items. */
export async function attentionInbox(
  db: Db,
  viewer: Viewer,
  now = new Date(),
): Promise<Array<{ kind: AttentionKind; count: number; items: AttentionItem[] }>> {
  return Promise.all(
    kindsFor(viewer.role).map(async (kind) => {
      const [count, items] = await Promise.all([countOf(db, viewer, kind, now), itemsOf(db, viewer, kind, now)]);
      return { kind, count, items };
    }),
  );
}
