/**
 * What the statement page, its CSV and the merchant API read (lib/wallet/statement.ts keeps it):
 * a merchant-day's statement row and its movements, each with the request it was matched to.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { paymentRequests, walletStatements, walletTransactions } from "../db/schema";
import { toSatang, type Satang } from "../money";
import type { Finding } from "./statement";

export interface StatementRow {
  status: "running" | "reconciled" | "findings" | "failed";
  openingSatang: Satang | null;
  creditsSatang: Satang;
  debitsSatang: Satang;
  feesSatang: Satang;
  closingSatang: Satang | null;
  movements: number;
  findings: Finding[];
  failure: string | null;
  readCalls: number;
  computedAt: Date | null;
}

export interface MovementRow {
  id: string;
  at: Date;
  direction: "credit" | "debit";
  amountSatang: Satang;
  balanceAfterSatang: Satang | null;
  description: string | null;
  tags: string | null;
  requestId: string | null;
  refId1: string | null;
  kind: string | null;
}

const signed = (text: string | null): Satang | null =>
  text === null ? null : text.trim().startsWith("-") ? -toSatang(text.trim().slice(1)) : toSatang(text);

/** A Bangkok day as YYYY-MM-DD, or null for anything else. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = new Date(`${value}T00:00:00+07:00`);
  return Number.isNaN(at.getTime()) ? null : value;
}

/** The Bangkok day before today: the last one that has closed. */
export function lastClosedDay(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date(now.getTime() - 86_400_000));
}

export async function statementOf(db: Db, merchantId: string, day: string): Promise<StatementRow | null> {
  const [row] = await db
    .select()
    .from(walletStatements)
    .where(and(eq(walletStatements.merchantId, merchantId), eq(walletStatements.day, day)));
  if (!row) return null;
  return {
    status: row.status,
    openingSatang: signed(row.opening),
    creditsSatang: toSatang(row.credits),
    debitsSatang: toSatang(row.debits),
    feesSatang: toSatang(row.fees),
    closingSatang: signed(row.closing),
    movements: row.movements,
    findings: row.findings as Finding[],
    failure: row.failure,
    readCalls: row.readCalls,
    computedAt: row.computedAt,
  };
}

/** The day's movements in the provider's order, oldest first; `limit` for a page, none for an export. */
export async function movementsOf(
  db: Db,
  merchantId: string,
  day: string,
  options: { limit?: number; after?: { at: Date; id: string } } = {},
): Promise<MovementRow[]> {
  const query = db
    .select({
      id: walletTransactions.id,
      at: walletTransactions.createdAt,
      direction: walletTransactions.direction,
      amount: walletTransactions.amount,
      current: walletTransactions.currentBalance,
      description: walletTransactions.description,
      tags: walletTransactions.tags,
      requestId: walletTransactions.requestId,
      refId1: paymentRequests.refId1,
      kind: paymentRequests.kind,
    })
    .from(walletTransactions)
    .leftJoin(paymentRequests, eq(paymentRequests.id, walletTransactions.requestId))
    .where(
      and(
        eq(walletTransactions.merchantId, merchantId),
        eq(walletTransactions.day, day),
        options.after
          ? sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) > (${options.after.at.toISOString()}::timestamptz, ${options.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    direction: r.direction,
    amountSatang: toSatang(r.amount),
    balanceAfterSatang: signed(r.current),
    description: r.description,
    tags: r.tags,
    requestId: r.requestId,
    refId1: r.refId1,
    kind: r.kind,
  }));
}
