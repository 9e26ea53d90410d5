import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { rowFromJson } from "../db/row-json";
import { merchants } from "../db/schema";

/** What a staff member's scope is: null = every merchant. */
export interface MerchantScope {
  merchantIds: string[] | null;
}

export interface MerchantSummary {
  id: string;
  displayName: string;
  orgId: string;
  merchantId: string;
  isDemo: boolean;
  hasReadKey: boolean;
  submitKeyLast4: string;
  readKeyLast4: string | null;
  /** The Pay-In range and the Pay-Out approval threshold, as decimal baht (null = none): what the create forms check. */
  payinMin: string | null;
  payinMax: string | null;
  payoutApprovalThreshold: string | null;
  /** The most a single Pay-Out or Withdrawal may be, as decimal baht. */
  payoutCeiling: string;
}

const summary = {
  id: merchants.id,
  displayName: merchants.displayName,
  orgId: merchants.orgId,
  merchantId: merchants.merchantId,
  isDemo: merchants.isDemo,
  submitKeyLast4: merchants.submitKeyLast4,
  readKeyLast4: merchants.readKeyLast4,
  payinMin: merchants.payinMin,
  payinMax: merchants.payinMax,
  payoutApprovalThreshold: merchants.payoutApprovalThreshold,
  payoutCeiling: merchants.payoutCeiling,
};

/** The merchants a person may see; scoped inside the query (docs/STYLE.md habit 2). */
export async function listMerchantsVisibleTo(db: Db, scope: MerchantScope): Promise<MerchantSummary[]> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return [];
  const rows = await db
    .select(summary)
    .from(merchants)
    .where(scope.merchantIds === null ? undefined : inArray(merchants.id, scope.merchantIds))
    .orderBy(asc(merchants.displayName));
  return rows.map((r) => ({ ...r, hasReadKey: r.readKeyLast4 !== null }));
}

/** An id a merchant could have: anything else (a NUL, which the database refuses, or hundreds of characters) is not looked up. */
export function isPossibleMerchantId(id: string): boolean {
  return id.length > 0 && id.length <= 100 && !id.includes("\0");
}

/** Whether a person with this scope may see the merchant (all of them when the scope is null). */
export function inMerchantScope(scope: MerchantScope, id: string): boolean {
  return scope.merchantIds === null || scope.merchantIds.includes(id);
}

/** One merchant, or undefined when it does not exist or is outside the scope ("not found", never "forbidden"). */
export async function getMerchantInScope(db: Db, scope: MerchantScope, id: string): Promise<MerchantSummary | undefined> {
  if (!inMerchantScope(scope, id) || !isPossibleMerchantId(id)) return undefined;
  const [row] = await db
    .select(summary)
    .from(merchants)
    .where(and(eq(merchants.id, id)))
    .limit(1);
  return row ? { ...row, hasReadKey: row.readKeyLast4 !== null } : undefined;
}

export type MerchantRow = typeof merchants.$inferSelect;

/**
 * A merchant with its whole row (its sealed provider keys among it), for an action that calls the
 * provider next: one read where the summary and then the keys would be two. Without a scope: the
 * caller checks it with inMerchantScope once it knows who asks (the action door reads the merchant
 * beside the session, lib/auth/action.ts).
 */
export async function getMerchantRow(db: Db, id: string): Promise<{ summary: MerchantSummary; row: MerchantRow } | undefined> {
  // A prepared statement (parsed and planned once per connection): this runs on every create.
  const [found] = await executePrepared<{ row: Record<string, unknown> | string }>(
    db,
    sql`select to_jsonb(m) as row from ${merchants} m where m.id = ${id}`,
  );
  if (!found) return undefined;
  const row = rowFromJson(merchants, typeof found.row === "string" ? (JSON.parse(found.row) as Record<string, unknown>) : found.row);
  const picked = Object.fromEntries(Object.keys(summary).map((key) => [key, row[key as keyof MerchantRow]])) as Omit<
    MerchantSummary,
    "hasReadKey"
  >;
  return { summary: { ...picked, hasReadKey: row.readKeyLast4 !== null }, row };
}
