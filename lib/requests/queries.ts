import "server-only";
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests as pr, requestEvents, staffUsers } from "../db/schema";
import { staffVisibleTo } from "../staff/queries";
import { parseAmount, toDecimalString } from "../money";
import { encodeCursor, STATUS_GROUPS, type Cursor, type ListFilters, type StatusFilter } from "./list-filters";

/**
 * The console's reads of payment requests (issue 4 §2–3). Every function takes the caller's scope
 * and applies it inside the SQL: a request of a merchant outside it is simply not found
 * (STYLE.md habit 2). Lists are keyset-paginated on (created_at desc, id desc), so page 10,000 costs
 * what page 1 costs and rows inserted meanwhile never shift a page.
 */
export interface Scope {
  /** The merchants this person may see; null = all. */
  merchantIds: string[] | null;
}

/** Filters with the merchant resolved: an id, or every merchant in scope. */
export type ResolvedFilters = Omit<ListFilters, "merchant"> & { merchant: string | "all" };

/**
 * "The last digits of an account": the pay-out's destination (bank account or PromptPay id, as
 * PayDesk sent it) or, for a pay-in, the receiving account the provider named. Matched on its
 * reversed text, so a suffix search is a prefix search an index can serve (bench/list-scale.ts).
 */
export const ACCOUNT_DIGITS_SQL = `reverse(coalesce(input #>> '{destination,accountNo}', input #>> '{destination,promptPayId}', provider_response ->> 'payInBankAccountNo'))`;

const CURSOR_KEY = sql<string>`to_char(${pr.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const listColumns = {
  id: pr.id,
  merchantId: pr.merchantId,
  merchantName: merchants.displayName,
  kind: pr.kind,
  isWithdrawal: pr.isWithdrawal,
  refId1: pr.refId1,
  refId2: pr.refId2,
  refId3: pr.refId3,
  payerName: pr.payerName,
  requestedAmount: pr.requestedAmount,
  generatedAmount: pr.generatedAmount,
  paidAmount: pr.paidAmount,
  status: pr.status,
  statusCode: pr.statusCode,
  statusReason: pr.statusReason,
  providerId: pr.providerId,
  destination: sql<Record<string, string> | null>`${pr.input} -> 'destination'`,
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
  // The provider answers PayOut for withdrawals too; the flag recorded at creation decides (DESIGN.md §4).
  if (tab === "payin") return inArray(pr.kind, ["payin", "payin_p2p"]);
  if (tab === "withdrawal") return eq(pr.isWithdrawal, true);
  return and(inArray(pr.kind, ["payout", "withdrawal"]), eq(pr.isWithdrawal, false))!;
}

const expiredByCode = and(eq(pr.status, "rejected"), eq(pr.statusCode, "ERR_EXPIRED_REQUEST"))!;

function statusCondition(status: StatusFilter): SQL {
  // `rejected` with ERR_EXPIRED_REQUEST is shown as expired (list-filters.ts shownState), so it filters as expired too.
  if (status === "expired") return or(eq(pr.status, "expired"), expiredByCode)!;
  if (status === "rejected") return and(eq(pr.status, "rejected"), sql`${pr.statusCode} is distinct from 'ERR_EXPIRED_REQUEST'`)!;
  if (status in STATUS_GROUPS) return inArray(pr.status, [...STATUS_GROUPS[status as keyof typeof STATUS_GROUPS]]);
  return eq(pr.status, status);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One search box for RefId1–3, payer name, an account's last digits and an exact amount. What the
 * text looks like decides which of them are tried, so each branch stays one an index can answer:
 * the payer-name substring (the one branch no plain index serves) only runs for text without
 * digits — names have none, while RefIds, amounts and account numbers do.
 */
export function searchCondition(text: string): SQL {
  const q = text.trim();
  // RefIds are matched exactly, and also in capitals: PayDesk's own are (PD260501-…), people type them in lower case.
  const refs = [...new Set([q, q.toUpperCase()])];
  const branches: SQL[] = [inArray(pr.refId1, refs), inArray(pr.refId2, refs), inArray(pr.refId3, refs)];
  if (/^req_[0-9a-f]{20}$/.test(q)) branches.push(eq(pr.id, q));
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q)) branches.push(inArray(pr.providerId, [...new Set([q, q.toLowerCase()])]));
  if (/^(฿\s*)?\d[\d,]*(\.\d{1,2})?$/.test(q)) {
    const amount = parseAmount(q.replace(/^฿\s*/, ""));
    if (amount.ok) branches.push(eq(pr.requestedAmount, toDecimalString(amount.satang)), eq(pr.generatedAmount, toDecimalString(amount.satang)));
  }
  if (/^\d{3,15}$/.test(q)) branches.push(sql`${sql.raw(ACCOUNT_DIGITS_SQL)} like ${`${[...q].reverse().join("")}%`}`);
  if (!/\d/.test(q)) branches.push(sql`${pr.payerName} ilike ${`%${escapeLike(q)}%`}`);
  return or(...branches)!;
}

function afterCursor(cursor: Cursor): SQL {
  // Written so the planner can use created_at <= … as an index bound; ids break ties within one microsecond.
  const at = sql`${cursor.createdAt}::timestamptz`;
  return and(sql`${pr.createdAt} <= ${at}`, or(sql`${pr.createdAt} < ${at}`, lt(pr.id, cursor.id)))!;
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

/** The list's one query shape (exported for bench/list-scale.ts to EXPLAIN it). */
export function selectPage(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(listColumns)
    .from(pr)
    .innerJoin(merchants, eq(merchants.id, pr.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, pr.createdBy))
    .where(where)
    .orderBy(desc(pr.createdAt), desc(pr.id))
    .limit(limit);
}

export interface RequestPage {
  rows: ListRow[];
  /** The next (older) page, or null on the last one. */
  nextCursor: string | null;
}

/** One page, newest first. */
export async function listRequests(db: Db, scope: Scope, filters: ResolvedFilters, options: { limit?: number } = {}): Promise<RequestPage> {
  const limit = options.limit ?? 50;
  // One row more than shown says whether an older page exists, without counting.
  const rows = await selectPage(db, whereFor(scope, filters), limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorKey, id: last.id }) : null };
}

/** Every matching row, in keyset batches, so an export of a million rows holds one batch in memory. */
export async function* iterateRequests(db: Db, scope: Scope, filters: ResolvedFilters, options: { batchSize?: number } = {}): AsyncGenerator<ListRow[]> {
  const batchSize = options.batchSize ?? 1_000;
  let cursor: Cursor | null = filters.cursor;
  for (;;) {
    const rows = await selectPage(db, whereFor(scope, filters, cursor), batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = { createdAt: last.cursorKey, id: last.id };
  }
}

/** One request with everything the detail page shows, or undefined: missing and out of scope look the same. */
export async function getRequestInScope(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select({ request: pr, merchantName: merchants.displayName, providerMerchantId: merchants.merchantId, createdByName: staffUsers.name })
    .from(pr)
    .innerJoin(merchants, eq(merchants.id, pr.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, pr.createdBy))
    .where(and(eq(pr.id, id), scopeCondition(scope, "all")))
    .limit(1);
  return row;
}
export type RequestDetail = NonNullable<Awaited<ReturnType<typeof getRequestInScope>>>;

/** The timeline, oldest first; a staff actor comes with their name. Scoped like the request. */
export async function listTimeline(db: Db, scope: Scope, requestId: string) {
  return db
    .select({ id: requestEvents.id, at: requestEvents.at, type: requestEvents.type, actor: requestEvents.actor, actorName: staffUsers.name, data: requestEvents.data })
    .from(requestEvents)
    .innerJoin(pr, eq(pr.id, requestEvents.requestId))
    .leftJoin(staffUsers, eq(staffUsers.id, requestEvents.actor))
    .where(and(eq(requestEvents.requestId, requestId), scopeCondition(scope, "all")))
    .orderBy(asc(requestEvents.at), asc(requestEvents.id));
}
export type TimelineEntry = Awaited<ReturnType<typeof listTimeline>>[number];

/** People who can appear as a request's creator in the caller's scope, for the creator filter. */
export async function listStaffNames(db: Db, scope: Scope): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(staffVisibleTo(scope)).orderBy(asc(staffUsers.name));
}
