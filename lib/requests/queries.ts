import "server-only";
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys, merchants, paymentRequests as pr, requestEvents, staffUsers } from "../db/schema";
import { staffVisibleTo } from "../staff/queries";
import { toDecimalString } from "../money";
import { searchCondition } from "./search";
import {
  encodeCursor,
  sortsByAmount,
  STATUS_GROUPS,
  type Cursor,
  type ListFilters,
  type ListSort,
  type StatusFilter,
} from "./list-filters";

/**
 * The console's reads of payment requests (the list and a request's page). Every function takes the caller's scope
 * and applies it inside the SQL: a request of a merchant outside it is simply not found
 * (docs/STYLE.md habit 2). Lists are keyset-paginated on (created_at, id) or (requested_amount, id), either
 * way, so page 10,000 costs what page 1 costs and rows inserted meanwhile never shift a page.
 */
export interface Scope {
  /** The merchants this person may see; null = all. */
  merchantIds: string[] | null;
}

/** Filters with the merchant resolved: an id, or every merchant in scope. */
export type ResolvedFilters = Omit<ListFilters, "merchant"> & { merchant: string | "all" };

const CURSOR_KEY = sql<string>`to_char(${pr.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const listColumns = {
  id: pr.id,
  merchantId: pr.merchantId,
  merchantName: merchants.displayName,
  kind: pr.kind,
  isWithdrawal: pr.isWithdrawal,
  /** A refund: the Pay-In it is for (lib/refunds). */
  refundOf: pr.refundOf,
  refId1: pr.refId1,
  refId2: pr.refId2,
  refId3: pr.refId3,
  payerName: pr.payerName,
  requestedAmount: pr.requestedAmount,
  generatedAmount: pr.generatedAmount,
  paidAmount: pr.paidAmount,
  // The provider's fee's terms and stated fee (lib/requests/fees.ts): the CSV's fee and net.
  feePct: pr.feePct,
  discardCent: pr.discardCent,
  feePayer: pr.feePayer,
  feeAmount: pr.feeAmount,
  paidAt: pr.paidAt,
  status: pr.status,
  statusCode: pr.statusCode,
  statusReason: pr.statusReason,
  statusFacts: pr.statusFacts,
  providerId: pr.providerId,
  destination: sql<Record<string, string> | null>`${pr.input} -> 'destination'`,
  description: sql<string | null>`${pr.input} ->> 'description'`,
  tags: sql<string | null>`${pr.input} ->> 'tags'`,
  expireAt: pr.expireAt,
  createdAt: pr.createdAt,
  createdByName: staffUsers.name,
  cursorKey: CURSOR_KEY,
};
export type ListRow = Awaited<ReturnType<typeof selectPage>>[number];

const never = sql`false`;

function scopeCondition(scope: Scope, merchant: string): SQL | undefined {
  if (merchant !== "all") return scope.merchantIds === null || scope.merchantIds.includes(merchant) ? eq(pr.merchantId, merchant) : never;
  if (scope.merchantIds === null) return undefined;
  return scope.merchantIds.length > 0 ? inArray(pr.merchantId, scope.merchantIds) : never;
}

function tabCondition(tab: ResolvedFilters["tab"]): SQL {
  // The provider answers PayOut for withdrawals too; the flag recorded at creation decides (docs/DESIGN.md §4).
  if (tab === "payin") return inArray(pr.kind, ["payin", "payin_p2p"]);
  if (tab === "withdrawal") return eq(pr.isWithdrawal, true);
  return and(inArray(pr.kind, ["payout", "withdrawal"]), eq(pr.isWithdrawal, false))!;
}

function statusCondition(status: StatusFilter): SQL {
  // `rejected` with ERR_EXPIRED_REQUEST is shown as expired (list-filters.ts shownState), so it filters as expired too.
  // Written as one set of states first, so the summary index's state key narrows it (an OR of two would not).
  if (status === "expired")
    return and(inArray(pr.status, ["expired", "rejected"]), or(eq(pr.status, "expired"), eq(pr.statusCode, "ERR_EXPIRED_REQUEST")))!;
  if (status === "rejected") return and(eq(pr.status, "rejected"), sql`${pr.statusCode} is distinct from 'ERR_EXPIRED_REQUEST'`)!;
  if (status in STATUS_GROUPS) return inArray(pr.status, [...STATUS_GROUPS[status as keyof typeof STATUS_GROUPS]]);
  return eq(pr.status, status);
}

/** The sort key of each order, and whether it runs from the largest down. */
function orderOf(sort: ListSort) {
  return sortsByAmount(sort)
    ? { column: pr.requestedAmount, cast: sql.raw("numeric"), descending: sort === "amount_desc" }
    : { column: pr.createdAt, cast: sql.raw("timestamptz"), descending: sort === "newest" };
}

/** The row's key in the cursor's order: the exact created_at text, or the amount as stored. */
const keyOf = (row: ListRow, sort: ListSort) => (sortsByAmount(sort) ? row.requestedAmount : row.cursorKey);

function afterCursor(cursor: Cursor): SQL {
  // Written so the planner can use the key's bound (<= or >=) on the index; ids break ties.
  const { column, cast, descending } = orderOf(cursor.sort);
  const at = sql`${cursor.key}::${cast}`;
  return descending !== cursor.back
    ? and(sql`${column} <= ${at}`, or(sql`${column} < ${at}`, lt(pr.id, cursor.id)))!
    : and(sql`${column} >= ${at}`, or(sql`${column} > ${at}`, gt(pr.id, cursor.id)))!;
}

export function whereFor(scope: Scope, f: ResolvedFilters, cursor: Cursor | null = f.cursor): SQL | undefined {
  return and(
    scopeCondition(scope, f.merchant),
    tabCondition(f.tab),
    f.status ? statusCondition(f.status) : undefined,
    f.createdFrom ? gte(pr.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(pr.createdAt, f.createdBefore) : undefined,
    f.minSatang !== null ? gte(pr.requestedAmount, toDecimalString(f.minSatang)) : undefined,
    f.maxSatang !== null ? lte(pr.requestedAmount, toDecimalString(f.maxSatang)) : undefined,
    f.creator ? eq(pr.createdBy, f.creator) : undefined,
    f.search ? searchCondition(f.search) : undefined,
    cursor ? afterCursor(cursor) : undefined,
  );
}

/** The list's one query shape (exported for bench/list-scale.ts to EXPLAIN it); `back` reads the order backwards. */
export function selectPage(db: Db, where: SQL | undefined, limit: number, sort: ListSort = "newest", back = false) {
  const { column, descending } = orderOf(sort);
  const way = descending !== back ? desc : asc;
  return db
    .select(listColumns)
    .from(pr)
    .innerJoin(merchants, eq(merchants.id, pr.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, pr.createdBy))
    .where(where)
    .orderBy(way(column), way(pr.id))
    .limit(limit);
}

export interface RequestPage {
  rows: ListRow[];
  /** The position of the first row shown (0-based). */
  start: number;
  /** The next and the previous page, or null where there is none. */
  nextCursor: string | null;
  prevCursor: string | null;
}

/** One page in the filters' order, after (or, going back, before) the cursor's row. */
export async function listRequests(db: Db, scope: Scope, filters: ResolvedFilters, options: { limit?: number } = {}): Promise<RequestPage> {
  const limit = options.limit ?? 50;
  const { sort, cursor } = filters;
  const back = cursor?.back ?? false;
  // One row more than shown says whether a page beyond exists, without counting.
  const rows = await selectPage(db, whereFor(scope, filters), limit + 1, sort, back);
  const more = rows.length > limit;
  // Back at the beginning with a short page (rows were added or removed meanwhile): the first page, full.
  if (back && !more && rows.length < limit) return listRequests(db, scope, { ...filters, cursor: null }, options);
  const shown = back ? rows.slice(0, limit).reverse() : rows.slice(0, limit);
  const start = !cursor || (back && !more) ? 0 : cursor.start;
  const first = shown[0];
  const last = shown.at(-1);
  const hasNext = back || more;
  const hasPrev = back ? more : cursor !== null;
  return {
    rows: shown,
    start,
    nextCursor:
      hasNext && last ? encodeCursor({ sort, back: false, start: start + shown.length, key: keyOf(last, sort), id: last.id }) : null,
    prevCursor:
      hasPrev && first
        ? encodeCursor({ sort, back: true, start: Math.max(0, start - limit), key: keyOf(first, sort), id: first.id })
        : null,
  };
}

/** Every matching row in the filters' order, in keyset batches, so an export of a million rows holds one batch in memory. */
export async function* iterateRequests(
  db: Db,
  scope: Scope,
  filters: ResolvedFilters,
  options: { batchSize?: number } = {},
): AsyncGenerator<ListRow[]> {
  const batchSize = options.batchSize ?? 1_000;
  const { sort } = filters;
  let cursor: Cursor | null = filters.cursor && !filters.cursor.back ? filters.cursor : null;
  for (;;) {
    const rows = await selectPage(db, whereFor(scope, filters, cursor), batchSize, sort);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = { sort, back: false, start: 0, key: keyOf(last, sort), id: last.id };
  }
}

/** One request with everything the detail page shows, or undefined: missing and out of scope look the same. */
export async function getRequestInScope(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select({
      request: pr,
      merchantName: merchants.displayName,
      providerMerchantId: merchants.merchantId,
      // Without a read key nothing about this request can be confirmed with the provider.
      merchantHasReadKey: sql<boolean>`${merchants.readKeyEncrypted} is not null`,
      merchantAppliesUnconfirmed: merchants.applyUnconfirmedWebhooks,
      createdByName: staffUsers.name,
      /** Made through the merchant API: the key's name (lib/merchant-api/keys). */
      createdByKeyName: apiKeys.name,
    })
    .from(pr)
    .innerJoin(merchants, eq(merchants.id, pr.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, pr.createdBy))
    .leftJoin(apiKeys, eq(apiKeys.id, pr.apiKeyId))
    .where(and(eq(pr.id, id), scopeCondition(scope, "all")))
    .limit(1);
  return row;
}
export type RequestDetail = NonNullable<Awaited<ReturnType<typeof getRequestInScope>>>;

/** The timeline, oldest first; a staff actor comes with their name. Scoped like the request. */
export async function listTimeline(db: Db, scope: Scope, requestId: string) {
  return db
    .select({
      id: requestEvents.id,
      at: requestEvents.at,
      type: requestEvents.type,
      actor: requestEvents.actor,
      actorName: staffUsers.name,
      /** An API key acting (`api_key:<id>`): its name. */
      actorKeyName: apiKeys.name,
      data: requestEvents.data,
    })
    .from(requestEvents)
    .innerJoin(pr, eq(pr.id, requestEvents.requestId))
    .leftJoin(staffUsers, eq(staffUsers.id, requestEvents.actor))
    .leftJoin(apiKeys, eq(sql`'api_key:' || ${apiKeys.id}`, requestEvents.actor))
    .where(and(eq(requestEvents.requestId, requestId), scopeCondition(scope, "all")))
    .orderBy(asc(requestEvents.at), asc(requestEvents.id));
}
export type TimelineEntry = Awaited<ReturnType<typeof listTimeline>>[number];

/** People who can appear as a request's creator in the caller's scope, for the creator filter. */
export async function listStaffNames(db: Db, scope: Scope): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(staffVisibleTo(scope))
    .orderBy(asc(staffUsers.name));
}
