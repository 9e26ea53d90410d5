import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, payoutBatches, payoutBatchRows } from "../db/schema";
import type { MerchantApi } from "../provider/client";
import type { PayOutRequest } from "../requests/contract";
import { createForMerchant } from "../requests/create";
import { rulesOf } from "../requests/form-context";
import { doubling, leaseIsFree } from "../jobs/lease";
import { startLoop, type Loop } from "../jobs/loop";

/**
 * The bulk loop: makes each line of a confirmed bulk Pay-Out file into a request, one line at a
 * time per instance (docs/DESIGN.md §16). Lines are leased in the database (`FOR UPDATE SKIP
 * LOCKED`, a lease time), so instances share the work and a crashed one's lease runs out.
 *
 * Never twice: a line's request is made with the idempotency key `bulk:<file>:<line>`, so a line
 * made but not yet marked (the process died between the two) finds its request again on the next
 * try instead of making a second. A line that fails in a way that made nothing (the database, a
 * thrown error) is tried again later, its error kept for the page.
 */
export interface BulkWorkerOptions {
  db: Db;
  /** The provider client for one of our merchants, in the bulk lane of the budget. */
  apiFor(merchantRowId: string): Promise<MerchantApi | undefined>;
  pollMs?: number;
  leaseMs?: number;
  log?: (message: string) => void;
}

export const idempotencyKeyOf = (batchId: string, line: number) => `bulk:${batchId}:${line}`;

interface Leased {
  batchId: string;
  line: number;
  attempts: number;
  payOut: PayOutRequest;
  merchantId: string;
  confirmedBy: string | null;
  /** A refund: the paid Pay-In it gives money back for (lib/refunds). */
  refundOf: string | null;
}

/** Claims the next line of the oldest confirmed file, if any is due. */
async function leaseNext(db: Db, leaseMs: number): Promise<Leased | null> {
  const result = await db.execute(sql`
    update payout_batch_rows r set lease_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = r.attempts + 1
    from payout_batches b
    where b.id = r.batch_id and (r.batch_id, r.line) = (
      select r2.batch_id, r2.line from payout_batch_rows r2 join payout_batches b2 on b2.id = r2.batch_id
      where b2.status = 'confirmed' and r2.outcome is null and r2.pay_out is not null
        and r2.next_attempt_at <= now() and ${leaseIsFree(sql.raw("r2.lease_until"))}
      order by b2.confirmed_at, r2.batch_id, r2.line
      limit 1
      for update of r2 skip locked)
    returning r.batch_id, r.line, r.attempts, r.pay_out, r.refund_of, b.merchant_id, b.confirmed_by`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return null;
  const payOut = typeof row.pay_out === "string" ? JSON.parse(row.pay_out) : row.pay_out;
  return {
    batchId: String(row.batch_id),
    line: Number(row.line),
    attempts: Number(row.attempts),
    payOut: payOut as PayOutRequest,
    merchantId: String(row.merchant_id),
    confirmedBy: row.confirmed_by === null ? null : String(row.confirmed_by),
    refundOf: row.refund_of === null || row.refund_of === undefined ? null : String(row.refund_of),
  };
}

/** Waits before a failed line is tried again: 2, 4, 8 … seconds, at most a minute; never given up (nothing was made). */
const backoff = doubling({ firstMs: 2_000, maxMs: 60_000 });

async function makeLine(options: BulkWorkerOptions, leased: Leased): Promise<void> {
  const { db } = options;
  const mark = (values: Partial<typeof payoutBatchRows.$inferInsert>) =>
    db
      .update(payoutBatchRows)
      .set(values)
      .where(and(eq(payoutBatchRows.batchId, leased.batchId), eq(payoutBatchRows.line, leased.line)));
  try {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, leased.merchantId));
    if (!merchant) throw new Error(`merchant ${leased.merchantId} is gone`);
    const outcome = await createForMerchant(db, options.apiFor, {
      rules: rulesOf(merchant),
      payload: { kind: "payout", payOut: leased.payOut },
      idempotencyKey: idempotencyKeyOf(leased.batchId, leased.line),
      createdBy: leased.confirmedBy,
      refundOf: leased.refundOf ?? undefined,
    });
    if (outcome.outcome === "sent" || outcome.outcome === "held" || outcome.outcome === "existing") {
      await mark({ outcome: outcome.outcome, requestId: outcome.request.id, leaseUntil: null, lastError: null });
      options.log?.(`bulk ${leased.batchId} line ${leased.line}: ${outcome.outcome} ${outcome.request.id} (${outcome.state})`);
    } else {
      // Nothing was made, and trying again would make nothing either: the line says why.
      const problems =
        outcome.outcome === "invalid" ? outcome.fieldErrors : { file: [outcome.outcome === "no_api" ? "noApi" : "formStale"] };
      await mark({ outcome: "refused", problems, leaseUntil: null });
      options.log?.(`bulk ${leased.batchId} line ${leased.line}: not made (${outcome.outcome})`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await mark({
      leaseUntil: null,
      nextAttemptAt: new Date(Date.now() + backoff(leased.attempts)!),
      lastError: message.slice(0, 500),
    }).catch(() => undefined);
    options.log?.(`bulk ${leased.batchId} line ${leased.line} failed (attempt ${leased.attempts}), trying again: ${message}`);
  }
}

/** A confirmed file with no line left to make is done. */
async function finishDone(db: Db): Promise<void> {
  await db
    .update(payoutBatches)
    .set({ status: "done", doneAt: new Date() })
    .where(
      and(
        eq(payoutBatches.status, "confirmed"),
        sql`not exists (select 1 from ${payoutBatchRows} r where r.batch_id = ${payoutBatches.id} and r.outcome is null and r.pay_out is not null)`,
      ),
    );
}

/** Makes up to `max` lines, one after the other, until `stopping` says so; returns how many it took. */
export async function runBulkPass(options: BulkWorkerOptions, max = 20, stopping: () => boolean = () => false): Promise<number> {
  let taken = 0;
  for (; taken < max && !stopping(); taken++) {
    const leased = await leaseNext(options.db, options.leaseMs ?? 120_000);
    if (!leased) break;
    await makeLine(options, leased);
  }
  await finishDone(options.db);
  return taken;
}

/**
 * Starts the loop (lib/jobs/loop.ts); `wake` (a confirmation heard on BULK_CHANNEL) runs a pass at
 * once. A stop waits for the line in hand only (its lease covers the rest), not for the whole pass.
 */
export function startBulkWorker(options: BulkWorkerOptions): Loop {
  return startLoop({
    name: "bulk",
    pass: (stopping) => runBulkPass(options, 20, stopping),
    pollMs: options.pollMs ?? 2_000,
    log: options.log,
  });
}
