import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests as pr } from "../db/schema";
import { parseAmount } from "../money";
import type { State } from "./lifecycle";
import { whereFor, type ResolvedFilters, type Scope } from "./queries";

/** The request list's counts and totals of everything its filters match, bounded (bench/list-scale). */

/** Above this many matching rows the list says "more than" and leaves counts and totals out (bench/list-scale). */
export const SUMMARY_BOUND = 10_000;

export interface RequestSummary {
  /** The matching rows, or the bound (SUMMARY_BOUND) when there are more (capped): what the list shows as "more than". */
  total: number;
  capped: boolean;
  /** Per state as staff see it (a rejection for expiry counts as expired); empty when capped. */
  byState: Partial<Record<State, number>>;
  /** Sums as stored; null when capped (a sum of some rows is not a total). */
  requestedSatang: number | null;
  paidSatang: number | null;
}

const SHOWN_STATE_SQL = sql<State>`case when ${pr.status} = 'rejected' and ${pr.statusCode} = 'ERR_EXPIRED_REQUEST' then 'expired' else ${pr.status} end`;

/** The summary's one query (exported for bench/list-scale.ts to EXPLAIN it): at most `bound` + 1 matching rows, grouped by state. */
export function selectSummary(db: Db, scope: Scope, filters: ResolvedFilters, bound: number = SUMMARY_BOUND) {
  const matching = db
    .select({ state: SHOWN_STATE_SQL.as("state"), requested: pr.requestedAmount, paid: pr.paidAmount })
    .from(pr)
    .where(whereFor(scope, filters, null))
    .limit(bound + 1)
    .as("matching");
  return db
    .select({
      state: matching.state,
      n: sql<number>`count(*)::int`,
      requested: sql<string>`sum(${matching.requested})::text`,
      paid: sql<string>`sum(${matching.paid})::text`,
    })
    .from(matching)
    .groupBy(matching.state);
}

/**
 * Counts per state and the requested and paid totals of everything the filters match. Counting a
 * million rows on every page view costs what the page itself must not, so at most
 * SUMMARY_BOUND + 1 rows are read: beyond that the list says "more than 10,000", honestly, and
 * asks for narrower filters to show totals.
 */
export async function summarizeRequests(
  db: Db,
  scope: Scope,
  filters: ResolvedFilters,
  options: { bound?: number } = {},
): Promise<RequestSummary> {
  const bound = options.bound ?? SUMMARY_BOUND;
  const groups = await selectSummary(db, scope, filters, bound);
  const total = groups.reduce((sum, g) => sum + Number(g.n), 0);
  if (total > bound) return { total: bound, capped: true, byState: {}, requestedSatang: null, paidSatang: null };
  const satang = (text: string) => {
    const parsed = parseAmount(text);
    return parsed.ok ? parsed.satang : null;
  };
  let requestedSatang: number | null = 0;
  let paidSatang: number | null = 0;
  for (const g of groups) {
    const [requested, paid] = [satang(g.requested), satang(g.paid)];
    requestedSatang = requestedSatang === null || requested === null ? null : requestedSatang + requested;
    paidSatang = paidSatang === null || paid === null ? null : paidSatang + paid;
  }
  return { total, capped: false, byState: Object.fromEntries(groups.map((g) => [g.state, Number(g.n)])), requestedSatang, paidSatang };
}
