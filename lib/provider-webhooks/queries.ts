import "server-only";
import type { Fact } from "../requests/notes";
import { and, desc, eq, gte, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests, webhookDeliveries } from "../db/schema";
import type { MerchantScope } from "../merchants/queries";

export const VERDICTS = [
  "received",
  "processing",
  "applied",
  "applied_unconfirmed",
  "unconfirmed",
  "ignored",
  "duplicate",
  "unmatched_money",
  "unknown_request",
  "mismatch",
  "contradicted",
  "malformed",
  "error",
] as const;

export interface DeliveryFilters {
  verdict?: string;
  event?: string;
  merchantId?: string;
  /** ISO dates (Bangkok days are turned into instants by the caller). */
  from?: Date;
  to?: Date;
  /** Keyset cursor: the last id of the previous page. */
  before?: number;
}

export interface DeliveryRow {
  id: number;
  receivedAt: Date;
  event: string | null;
  verdict: string;
  reason: string | null;
  /** PayDesk's own reason, as facts (lib/requests/notes.ts); `reason` is an error's own text. */
  reasonFacts: Fact | null;
  providerJobId: string | null;
  rawBody: string;
  merchantName: string | null;
  requestId: string | null;
  refId1: string | null;
}

/** The webhook log, newest first, only for the caller's merchants (docs/STYLE.md habit 2). */
export async function listDeliveries(
  db: Db,
  scope: MerchantScope,
  filters: DeliveryFilters,
  pageSize = 50,
): Promise<{ rows: DeliveryRow[]; nextBefore: number | null }> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return { rows: [], nextBefore: null };
  const where: (SQL | undefined)[] = [
    // Deliveries nobody could attribute to a merchant are visible only to people who see every merchant.
    scope.merchantIds === null ? undefined : inArray(webhookDeliveries.merchantId, scope.merchantIds),
    filters.verdict ? eq(webhookDeliveries.verdict, filters.verdict) : undefined,
    filters.event ? eq(webhookDeliveries.event, filters.event) : undefined,
    filters.merchantId
      ? filters.merchantId === "none"
        ? isNull(webhookDeliveries.merchantId)
        : eq(webhookDeliveries.merchantId, filters.merchantId)
      : undefined,
    filters.from ? gte(webhookDeliveries.receivedAt, filters.from) : undefined,
    filters.to ? lt(webhookDeliveries.receivedAt, filters.to) : undefined,
    filters.before ? lt(webhookDeliveries.id, filters.before) : undefined,
  ];
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      receivedAt: webhookDeliveries.receivedAt,
      event: webhookDeliveries.event,
      verdict: webhookDeliveries.verdict,
      reason: webhookDeliveries.reason,
      reasonFacts: webhookDeliveries.reasonFacts,
      providerJobId: webhookDeliveries.providerJobId,
      rawBody: webhookDeliveries.rawBody,
      merchantName: merchants.displayName,
      requestId: webhookDeliveries.requestId,
      refId1: paymentRequests.refId1,
    })
    .from(webhookDeliveries)
    .leftJoin(merchants, eq(merchants.id, webhookDeliveries.merchantId))
    .leftJoin(paymentRequests, eq(paymentRequests.id, webhookDeliveries.requestId))
    .where(and(...where))
    .orderBy(desc(webhookDeliveries.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { rows: page, nextBefore: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null };
}
