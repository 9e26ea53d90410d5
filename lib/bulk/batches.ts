/* eslint-disable max-lines -- one unit: a batch's life (recorded with its lines, listed, read, confirmed once or canceled), each step locking the rows the next one reads (docs/DESIGN.md §16) */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests, payoutBatches, payoutBatchRows, staffUsers } from "../db/schema";
import type { MerchantScope } from "../merchants/queries";
import type { Destination } from "../requests/contract";
import { ceilingIssue } from "../requests/form-context";
import { isRefundable, refundStanding } from "../refunds/refunds";
import { env } from "../env";
import type { Column, FileLine } from "./csv";
import { findDuplicates, isAcknowledged, type Acknowledgement } from "./duplicates";

/**
 * Bulk Pay-Out files as PayDesk keeps them (docs/DESIGN.md §16): recorded when checked (`draft`:
 * nothing sent), confirmed by a person with `payout.create` (only when every line is fine), then
 * made into requests by the bulk loop (lib/bulk/worker.ts). Every read is scoped to the person's
 * merchants inside the query: a file of another merchant is simply not found.
 */
export type BatchStatus = "draft" | "confirmed" | "done" | "canceled";

export const BULK_CHANNEL = "paydesk_bulk";

export interface BatchSummary {
  id: string;
  merchantId: string;
  merchantName: string;
  fileName: string;
  encoding: string;
  status: BatchStatus;
  rowCount: number;
  validCount: number;
  totalSatang: number;
  createdAt: Date;
  createdBy: string;
  creatorName: string | null;
  confirmedAt: Date | null;
  /** Lines made into requests (any outcome) so far. */
  madeCount: number;
  /** When the same file (same bytes, same merchant) was uploaded before this one, if it was. */
  sameFileBefore: Date | null;
}

export interface BatchLine {
  line: number;
  cells: Partial<Record<Column, string>>;
  refId1: string | null;
  amountSatang: number | null;
  destination: Destination | null;
  problems: Record<string, string[]>;
  requestId: string | null;
  requestState: string | null;
  outcome: string | null;
  attempts: number;
  lastError: string | null;
}

const newBatchId = () => `pb_${randomBytes(10).toString("hex")}`;

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Records a checked file as a draft. A RefId1 the merchant already has (any state: the provider
 * keeps rejected ones too) and an amount over the merchant's Pay-Out ceiling are problems of their
 * line now, not refusals after confirming (the ceiling is checked again when each line is made).
 */
export async function recordBatch(
  db: Db,
  args: {
    merchantRowId: string;
    createdBy: string;
    fileName: string;
    bytes: Uint8Array;
    encoding: string;
    lines: FileLine[];
    /** The merchant's ceiling for a single Pay-Out (lib/requests/form-context.ts). */
    payoutCeilingSatang: number;
  },
): Promise<string> {
  const refIds = args.lines.flatMap((l) => (l.payOut ? [l.payOut.refId1] : []));
  const taken = new Set(
    refIds.length === 0
      ? []
      : (
          await db
            .select({ refId1: paymentRequests.refId1 })
            .from(paymentRequests)
            .where(and(eq(paymentRequests.merchantId, args.merchantRowId), inArray(paymentRequests.refId1, refIds)))
        ).map((r) => r.refId1),
  );
  const checkedLines = args.lines.map((l) => {
    if (!l.payOut) return l;
    const overCeiling = ceilingIssue(l.payOut.amountSatang, { payoutCeilingSatang: args.payoutCeilingSatang });
    if (overCeiling) return { ...l, payOut: null, problems: { ...l.problems, amount: [overCeiling] } };
    return taken.has(l.payOut.refId1) ? { ...l, payOut: null, problems: { ...l.problems, refId1: ["refId1Taken"] } } : l;
  });
  const lines = await withRefunds(db, args.merchantRowId, checkedLines);
  const valid = lines.filter((l) => l.payOut !== null);
  const id = newBatchId();
  await db.transaction(async (tx) => {
    await tx.insert(payoutBatches).values({
      id,
      merchantId: args.merchantRowId,
      fileName: args.fileName.slice(0, 200),
      fileSha256: sha256Of(args.bytes),
      encoding: args.encoding,
      rowCount: lines.length,
      validCount: valid.length,
      totalSatang: valid.reduce((sum, l) => sum + l.payOut!.amountSatang, 0),
      createdBy: args.createdBy,
    });
    // A few hundred rows per statement keeps each within Postgres's parameter limit.
    for (let i = 0; i < lines.length; i += 200) {
      await tx.insert(payoutBatchRows).values(
        lines.slice(i, i + 200).map((l) => ({
          batchId: id,
          line: l.line,
          cells: l.cells,
          payOut: l.payOut,
          problems: Object.keys(l.problems).length > 0 ? l.problems : null,
          refundOf: l.refundOf,
        })),
      );
    }
  });
  return id;
}

/**
 * Lines with a `refund_of`: the paid Pay-In of this merchant it names (its PayDesk id or RefId1),
 * and no more than is left to refund on it, counting the file's earlier lines for the same Pay-In.
 * A problem here is the line's now; the refund is checked again, locked, when it is made.
 */
async function withRefunds(db: Db, merchantRowId: string, lines: FileLine[]): Promise<Array<FileLine & { refundOf: string | null }>> {
  const named = (l: FileLine) => (l.payOut ? (l.cells.refund_of?.trim() ?? "") : "");
  const keys = [...new Set(lines.map(named).filter((k) => k !== ""))];
  if (keys.length === 0) return lines.map((l) => ({ ...l, refundOf: null }));
  const found = await db
    .select({
      id: paymentRequests.id,
      refId1: paymentRequests.refId1,
      kind: paymentRequests.kind,
      status: paymentRequests.status,
      paidAmount: paymentRequests.paidAmount,
    })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.merchantId, merchantRowId),
        inArray(paymentRequests.kind, ["payin", "payin_p2p"]),
        sql`(${inArray(paymentRequests.id, keys)} or ${inArray(paymentRequests.refId1, keys)})`,
      ),
    );
  const byKey = new Map(found.flatMap((p) => [[p.id, p] as const, [p.refId1.toUpperCase(), p] as const]));
  const left = new Map<string, number>();
  for (const p of found) if (isRefundable(p)) left.set(p.id, (await refundStanding(db, p)).leftSatang);
  return lines.map((l) => {
    const key = named(l);
    if (key === "" || !l.payOut) return { ...l, refundOf: null };
    const payIn = byKey.get(key) ?? byKey.get(key.toUpperCase());
    const refusal = !payIn
      ? "bulkRefundNotFound"
      : !isRefundable(payIn)
        ? "refundNotPaid"
        : left.get(payIn.id)! === 0
          ? "refundNothingLeft"
          : l.payOut.amountSatang > left.get(payIn.id)!
            ? `refundTooLarge:${left.get(payIn.id)!}`
            : null;
    if (refusal) return { ...l, payOut: null, refundOf: null, problems: { ...l.problems, refundOf: [refusal] } };
    left.set(payIn!.id, left.get(payIn!.id)! - l.payOut.amountSatang);
    return { ...l, refundOf: payIn!.id };
  });
}

const scoped = (scope: MerchantScope) => (scope.merchantIds === null ? undefined : inArray(payoutBatches.merchantId, scope.merchantIds));

const summaryColumns = {
  batch: payoutBatches,
  merchantName: merchants.displayName,
  creatorName: staffUsers.name,
  madeCount: sql<number>`(select count(*)::int from ${payoutBatchRows} r where r.batch_id = ${payoutBatches.id} and r.outcome is not null)`,
  sameFileBefore: sql<Date | string | null>`(select min(o.created_at) from ${payoutBatches} o
    where o.merchant_id = ${payoutBatches.merchantId} and o.file_sha256 = ${payoutBatches.fileSha256} and o.created_at < ${payoutBatches.createdAt})`,
};

type SummaryRow = {
  batch: typeof payoutBatches.$inferSelect;
  merchantName: string;
  creatorName: string | null;
  madeCount: number;
  sameFileBefore: Date | string | null;
};

function summaryOf(row: SummaryRow): BatchSummary {
  const b = row.batch;
  return {
    id: b.id,
    merchantId: b.merchantId,
    merchantName: row.merchantName,
    fileName: b.fileName,
    encoding: b.encoding,
    status: b.status as BatchStatus,
    rowCount: b.rowCount,
    validCount: b.validCount,
    totalSatang: b.totalSatang,
    createdAt: b.createdAt,
    createdBy: b.createdBy,
    creatorName: row.creatorName,
    confirmedAt: b.confirmedAt,
    madeCount: Number(row.madeCount),
    sameFileBefore: row.sameFileBefore === null ? null : new Date(row.sameFileBefore),
  };
}

export async function listBatches(db: Db, scope: MerchantScope, limit = 20): Promise<BatchSummary[]> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(payoutBatches)
    .innerJoin(merchants, eq(merchants.id, payoutBatches.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, payoutBatches.createdBy))
    .where(scoped(scope))
    .orderBy(desc(payoutBatches.createdAt))
    .limit(limit);
  return rows.map(summaryOf);
}

export async function getBatch(db: Db, scope: MerchantScope, id: string): Promise<{ batch: BatchSummary; lines: BatchLine[] } | null> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(payoutBatches)
    .innerJoin(merchants, eq(merchants.id, payoutBatches.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, payoutBatches.createdBy))
    .where(and(eq(payoutBatches.id, id), scoped(scope)))
    .limit(1);
  if (!row) return null;
  const lines = await db
    .select({ row: payoutBatchRows, requestState: paymentRequests.status })
    .from(payoutBatchRows)
    .leftJoin(paymentRequests, eq(paymentRequests.id, payoutBatchRows.requestId))
    .where(eq(payoutBatchRows.batchId, id))
    .orderBy(asc(payoutBatchRows.line));
  return {
    batch: summaryOf(row),
    lines: lines.map(({ row: l, requestState }) => {
      const payOut = l.payOut as { refId1: string; amountSatang: number; destination: Destination } | null;
      const cells = l.cells as Partial<Record<Column, string>>;
      return {
        line: l.line,
        cells,
        refId1: payOut?.refId1 ?? (cells.ref_id1?.trim() || null),
        amountSatang: payOut?.amountSatang ?? null,
        destination: payOut?.destination ?? null,
        problems: (l.problems as Record<string, string[]> | null) ?? {},
        requestId: l.requestId,
        requestState,
        outcome: l.outcome,
        attempts: l.attempts,
        lastError: l.lastError,
      };
    }),
  };
}

export type ConfirmOutcome = "confirmed" | "already" | "has_problems" | "needs_acknowledgement" | "canceled" | "not_found";

/**
 * Confirms a draft whose every line is fine and whose lines that pay someone the same amount again
 * (lib/bulk/duplicates.ts) are acknowledged: `ack` must name exactly how many lines are flagged and
 * what they total, as checked now — not as the page showed them. The file is locked, and the
 * merchant's confirmations one at a time, so two people (or two clicks, or two copies of one file)
 * confirming at once confirm it once, and the second copy sees the first as confirmed. The bulk
 * loop is woken through BULK_CHANNEL.
 */
export async function confirmBatch(
  db: Db,
  scope: MerchantScope,
  id: string,
  by: string,
  options: { ack?: Acknowledgement | null; duplicateDays?: number } = {},
): Promise<ConfirmOutcome> {
  const days = options.duplicateDays ?? env().BULK_DUPLICATE_DAYS;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [found] = await tx
      .select({ merchantId: payoutBatches.merchantId, status: payoutBatches.status })
      .from(payoutBatches)
      .where(and(eq(payoutBatches.id, id), scoped(scope)))
      .limit(1);
    if (!found) return "not_found";
    // One confirmation per merchant at a time: a copy of this file confirmed meanwhile is seen below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paydesk_bulk_confirm:${found.merchantId}`}))`);
    const [batch] = await tx
      .select({ status: payoutBatches.status, rowCount: payoutBatches.rowCount, validCount: payoutBatches.validCount })
      .from(payoutBatches)
      .where(eq(payoutBatches.id, id))
      .for("update");
    if (!batch) return "not_found";
    if (batch.status === "canceled") return "canceled";
    if (batch.status !== "draft") return "already";
    if (batch.rowCount === 0 || batch.validCount !== batch.rowCount) return "has_problems";
    if (!isAcknowledged(await findDuplicates(tx, id, { days }), options.ack ?? null)) return "needs_acknowledgement";
    await tx
      .update(payoutBatches)
      .set({ status: "confirmed", confirmedBy: by, confirmedAt: new Date() })
      .where(and(eq(payoutBatches.id, id), eq(payoutBatches.status, "draft")));
    // Delivered when the transaction commits.
    await tx.execute(sql`select pg_notify(${BULK_CHANNEL}, ${id})`);
    return "confirmed";
  });
}

/** Discards a draft (nothing was sent for it); false when it is no longer a draft or not found. */
export async function cancelBatch(db: Db, scope: MerchantScope, id: string): Promise<boolean> {
  const [canceled] = await db
    .update(payoutBatches)
    .set({ status: "canceled" })
    .where(and(eq(payoutBatches.id, id), eq(payoutBatches.status, "draft"), scoped(scope)))
    .returning({ id: payoutBatches.id });
  return Boolean(canceled);
}
