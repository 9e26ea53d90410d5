import "server-only";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { payoutBatches, payoutBatchRows } from "../db/schema";
import type { Destination } from "../requests/contract";

/**
 * Lines of a bulk Pay-Out file that would pay a recipient the same amount again (issue: the same
 * file uploaded twice paid everyone twice, and an identical line repeated in one file was never
 * noticed, as only a repeated RefId1 was — and an empty `ref_id1` gets a fresh one per line).
 *
 * A line is flagged when an earlier line of the same file, or a line of another file of the
 * merchant confirmed within `days` (`BULK_DUPLICATE_DAYS`), has the same destination and amount.
 * Such a line is not a problem — paying someone twice may be meant — but the file is confirmed only
 * with an acknowledgement naming how many lines are flagged and what they total (confirmBatch).
 */
export interface DuplicateLine {
  line: number;
  amountSatang: number;
  /** The same file's earlier line, or another file's line. */
  sameAs: { kind: "this_file"; line: number } | { kind: "other_file"; batchId: string; fileName: string; line: number; at: Date };
}

export interface Duplicates {
  lines: DuplicateLine[];
  count: number;
  totalSatang: number;
}

export interface Acknowledgement {
  count: number;
  totalSatang: number;
}

type StoredPayOut = { amountSatang: number; destination: Destination } | null;

const digits = (text: string | undefined) => (text ?? "").replace(/\D/g, "");

/** Who is paid, normalised: a bank account by bank and number, a PromptPay id, a saved destination. */
export function destinationKey(d: Destination): string {
  switch (d.type) {
    case "bank":
      return `bank:${d.bankCode}:${digits(d.accountNo)}`;
    case "promptpay":
      return `promptpay:${digits(d.promptPayId)}`;
    case "saved":
      return `saved:${d.accountId.toLowerCase()}`;
  }
}

const keyOf = (p: NonNullable<StoredPayOut>) => `${destinationKey(p.destination)}|${p.amountSatang}`;

/** The file's lines that repeat an earlier one of it or one of the merchant's recent confirmed files. */
export async function findDuplicates(db: Db, batchId: string, options: { days: number; now?: Date }): Promise<Duplicates> {
  const [batch] = await db
    .select({ merchantId: payoutBatches.merchantId })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId))
    .limit(1);
  if (!batch) return { lines: [], count: 0, totalSatang: 0 };
  const own = await db
    .select({ line: payoutBatchRows.line, payOut: payoutBatchRows.payOut })
    .from(payoutBatchRows)
    .where(eq(payoutBatchRows.batchId, batchId))
    .orderBy(payoutBatchRows.line);

  const earlier = new Map<string, DuplicateLine["sameAs"]>();
  if (options.days > 0) {
    const since = new Date((options.now ?? new Date()).getTime() - options.days * 24 * 60 * 60 * 1000);
    const recent = await db
      .select({
        batchId: payoutBatches.id,
        fileName: payoutBatches.fileName,
        at: payoutBatches.confirmedAt,
        line: payoutBatchRows.line,
        payOut: payoutBatchRows.payOut,
      })
      .from(payoutBatchRows)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchRows.batchId))
      .where(
        and(
          eq(payoutBatches.merchantId, batch.merchantId),
          ne(payoutBatches.id, batchId),
          inArray(payoutBatches.status, ["confirmed", "done"]),
          gte(payoutBatches.confirmedAt, since),
          sql`${payoutBatchRows.payOut} is not null`,
        ),
      )
      .orderBy(payoutBatches.confirmedAt, payoutBatchRows.line);
    for (const r of recent) {
      const key = keyOf(r.payOut as NonNullable<StoredPayOut>);
      if (!earlier.has(key)) earlier.set(key, { kind: "other_file", batchId: r.batchId, fileName: r.fileName, line: r.line, at: r.at! });
    }
  }

  const lines: DuplicateLine[] = [];
  const seen = new Map<string, number>();
  for (const row of own) {
    const payOut = row.payOut as StoredPayOut;
    if (!payOut) continue;
    const key = keyOf(payOut);
    const inFile = seen.get(key);
    const sameAs = earlier.get(key) ?? (inFile === undefined ? null : ({ kind: "this_file", line: inFile } as const));
    if (inFile === undefined) seen.set(key, row.line);
    if (sameAs) lines.push({ line: row.line, amountSatang: payOut.amountSatang, sameAs });
  }
  return { lines, count: lines.length, totalSatang: lines.reduce((sum, l) => sum + l.amountSatang, 0) };
}

/** An acknowledgement counts only when it names exactly what is flagged now. */
export const isAcknowledged = (found: Duplicates, ack: Acknowledgement | null): boolean =>
  found.count === 0 || (ack !== null && ack.count === found.count && ack.totalSatang === found.totalSatang);
