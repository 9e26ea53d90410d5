import "server-only";
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { parseUrlFilters } from "../http/url-filters";
import type { Db } from "../db/client";
import { merchants, paymentRequests, staffNotifications, staffUsers } from "../db/schema";
import type { NotificationKind } from "./choice-schema";
import type { SkipReason } from "./worker";

/**
 * What staff e-mail PayDesk recorded and what became of it (Settings → Staff → E-mail sent), for an
 * admin asked "why did I not get the e-mail?": one row per person and request, newest first, in
 * keyset pages on the row id.
 */
export const EMAIL_OUTCOMES = ["waiting", "sent", "skipped", "failed"] as const;
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];

const filterSchema = z.object({
  outcome: z.enum(EMAIL_OUTCOMES).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type EmailLogFilters = z.output<typeof filterSchema>;

/** The log's filters from its URL (lib/http/url-filters.ts: an unusable value is named, not used). */
export const parseEmailLogFilters = (params: Record<string, string | string[] | undefined>) => parseUrlFilters(filterSchema, params);

export interface EmailLogRow {
  id: number;
  kind: NotificationKind;
  recordedAt: Date;
  personName: string;
  /** The address it went to when sent; else the person's own now. */
  email: string;
  requestId: string;
  refId1: string;
  merchant: string;
  outcome: EmailOutcome;
  /** Why a skipped one was not sent; null for the others and for rows skipped before it was recorded. */
  skipReason: SkipReason | null;
  sentAt: Date | null;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  /**
   * Sends that were cut off before their outcome was recorded (the sender stopped between giving the
   * server the e-mail and recording it): each may have reached the person, so a sent row with any
   * may have arrived that many times more than once.
   */
  unconfirmedSends: number;
}

export const EMAIL_LOG_PAGE = 50;

/**
 * A page of the log. `merchantIds` is the reader's scope (null = every merchant): an admin limited
 * to some merchants sees the e-mail about their requests only.
 */
export async function listStaffEmails(
  db: Db,
  scope: { merchantIds: string[] | null },
  filters: EmailLogFilters,
): Promise<{ rows: EmailLogRow[]; nextBefore: number | null }> {
  const n = staffNotifications;
  const where: SQL[] = [];
  if (scope.merchantIds !== null) {
    if (scope.merchantIds.length === 0) return { rows: [], nextBefore: null };
    where.push(inArray(paymentRequests.merchantId, scope.merchantIds));
  }
  if (filters.outcome === "waiting") where.push(isNull(n.outcome));
  else if (filters.outcome) where.push(eq(n.outcome, filters.outcome));
  if (filters.before !== undefined) where.push(lt(n.id, filters.before));
  const rows = await db
    .select({
      id: n.id,
      kind: n.kind,
      recordedAt: n.createdAt,
      personName: staffUsers.name,
      email: sql<string>`coalesce(${n.email}, ${staffUsers.email})`,
      requestId: n.requestId,
      refId1: paymentRequests.refId1,
      merchant: merchants.displayName,
      outcome: n.outcome,
      skipReason: n.skipReason,
      sentAt: n.sentAt,
      attempts: n.attempts,
      nextAttemptAt: n.nextAttemptAt,
      lastError: n.lastError,
      unconfirmedSends: n.unconfirmedSends,
    })
    .from(n)
    .innerJoin(staffUsers, eq(staffUsers.id, n.staffId))
    .innerJoin(paymentRequests, eq(paymentRequests.id, n.requestId))
    .innerJoin(merchants, eq(merchants.id, paymentRequests.merchantId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(n.id))
    .limit(EMAIL_LOG_PAGE + 1);
  const page = rows.slice(0, EMAIL_LOG_PAGE).map((r) => ({ ...r, outcome: r.outcome ?? ("waiting" as const) }));
  return { rows: page, nextBefore: rows.length > EMAIL_LOG_PAGE ? page[page.length - 1]!.id : null };
}
