import "server-only";
import { inArray, sql, type SQL } from "drizzle-orm";
import { parseAmount } from "../money";
import type { Scope } from "../requests/queries";

/** A stored sum as satang; 0 for none. */
export const satangOf = (text: string | null | undefined) => {
  const parsed = parseAmount(text ?? "0");
  return parsed.ok ? parsed.satang : 0;
};

/** The merchants the figures cover: one, or every one in the person's scope (none outside it). */
export function merchantCondition(column: Parameters<typeof inArray>[0], scope: Scope, merchant: string | "all"): SQL | undefined {
  if (merchant !== "all") {
    return scope.merchantIds === null || scope.merchantIds.includes(merchant) ? sql`${column} = ${merchant}` : sql`false`;
  }
  if (scope.merchantIds === null) return undefined;
  return scope.merchantIds.length > 0 ? inArray(column, scope.merchantIds) : sql`false`;
}
