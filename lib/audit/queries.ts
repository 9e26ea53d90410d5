import "server-only";
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { parseUrlFilters } from "../http/url-filters";
import type { Db } from "../db/client";
import { auditLog, merchants, staffUsers } from "../db/schema";
import type { MerchantScope } from "../merchants/queries";
import { AUDIT_OUTCOMES } from "./outcomes";

/**
 * The audit log as the /audit page reads it: newest first, filtered, a page at a time.
 *
 * Pages are keyset pages on the row id (`before` = the last id shown), not offsets: page 500 costs
 * what page 1 costs, and rows written while someone reads never shift what they see. Ids follow
 * insertion order, which is "newest first" for a log; `at` in Postgres has microseconds that a
 * JavaScript Date would round, so it could not be a cursor without losing or repeating rows.
 *
 * Scope: a person limited to some merchants sees the rows about those merchants and their own
 * rows (their sign-ins), not what others did elsewhere; a person with every merchant sees all.
 */
export const AUDIT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY)
  .refine((v) => !Number.isNaN(bangkokMidnight(v).getTime()));

/** The page's filters, as they sit in the URL. */
export const auditFilterSchema = z.object({
  actor: z.string().min(1).max(100).optional(),
  action: z.string().min(1).max(100).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  merchant: z.string().min(1).max(100).optional(),
  /** Bangkok calendar days, both included. */
  from: day.optional(),
  to: day.optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type AuditFilters = z.output<typeof auditFilterSchema>;

/** The audit page's filters from its URL (lib/http/url-filters.ts: an unusable value is named, not used). */
export const parseAuditFilters = (params: Record<string, string | string[] | undefined>) => parseUrlFilters(auditFilterSchema, params);

/** 00:00 in Bangkok (UTC+7 all year: Thailand has no daylight saving) of a YYYY-MM-DD day. */
export function bangkokMidnight(dayText: string): Date {
  return new Date(`${dayText}T00:00:00+07:00`);
}

export interface AuditRow {
  id: number;
  at: Date;
  action: string;
  outcome: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  merchantId: string | null;
  merchantName: string | null;
  target: string | null;
  /** What the target id names, for people: a person (`usr_…`) or a merchant (`mer_…`). */
  targetName: string | null;
  ip: string | null;
  data: unknown;
}

export interface AuditViewer extends MerchantScope {
  userId: string;
}

function scopeCondition(viewer: AuditViewer): SQL | undefined {
  if (viewer.merchantIds === null) return undefined;
  const own = eq(auditLog.actorId, viewer.userId);
  return viewer.merchantIds.length === 0 ? own : or(inArray(auditLog.merchantId, viewer.merchantIds), own);
}

export async function listAudit(
  db: Db,
  viewer: AuditViewer,
  filters: AuditFilters,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const conditions = [
    scopeCondition(viewer),
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.outcome ? eq(auditLog.outcome, filters.outcome) : undefined,
    filters.merchant ? eq(auditLog.merchantId, filters.merchant) : undefined,
    filters.from ? gte(auditLog.at, bangkokMidnight(filters.from)) : undefined,
    filters.to ? lt(auditLog.at, new Date(bangkokMidnight(filters.to).getTime() + 24 * 60 * 60 * 1000)) : undefined,
    filters.before ? lt(auditLog.id, filters.before) : undefined,
  ].filter((c): c is SQL => c !== undefined);

  const targetUser = alias(staffUsers, "target_user");
  const targetMerchant = alias(merchants, "target_merchant");
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      outcome: auditLog.outcome,
      actorId: auditLog.actorId,
      actorName: staffUsers.name,
      actorEmail: staffUsers.email,
      merchantId: auditLog.merchantId,
      merchantName: merchants.displayName,
      target: auditLog.target,
      targetName: sql<string | null>`coalesce(${targetUser.name}, ${targetMerchant.displayName})`,
      ip: auditLog.ip,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, auditLog.target))
    .leftJoin(targetMerchant, eq(targetMerchant.id, auditLog.target))
    .leftJoin(merchants, eq(merchants.id, auditLog.merchantId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** What the filter menus offer: the people and merchants the viewer may filter by, and the actions on record. */
export async function auditFilterOptions(db: Db, viewer: AuditViewer) {
  const [people, actions, merchantRows] = await Promise.all([
    db
      .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
      .from(staffUsers)
      .orderBy(asc(sql`lower(${staffUsers.name})`)),
    // The last 90 days' actions (a bounded scan on the `at` index), plus whatever is already chosen.
    db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .where(and(scopeCondition(viewer), gte(auditLog.at, new Date(Date.now() - 90 * 24 * 60 * 60 * 1000))))
      .orderBy(asc(auditLog.action)),
    db
      .select({ id: merchants.id, displayName: merchants.displayName })
      .from(merchants)
      .where(viewer.merchantIds === null ? undefined : inArray(merchants.id, viewer.merchantIds.length ? viewer.merchantIds : [""]))
      .orderBy(asc(merchants.displayName)),
  ]);
  return { people, actions: actions.map((a) => a.action), merchants: merchantRows };
}

/**
 * Every row the filters match, newest first, in keyset batches (the CSV export): the same scope and
 * filters as the page, so memory stays flat however long the log is. A `before` cursor in the
 * filters is where the export starts.
 */
export async function* iterateAudit(
  db: Db,
  viewer: AuditViewer,
  filters: AuditFilters,
  { batchSize = 1_000 }: { batchSize?: number } = {},
): AsyncGenerator<AuditRow[]> {
  let before = filters.before;
  for (;;) {
    const page = await listAudit(db, viewer, { ...filters, before }, batchSize);
    if (page.rows.length > 0) yield page.rows;
    if (page.nextBefore === null) return;
    before = page.nextBefore;
  }
}
