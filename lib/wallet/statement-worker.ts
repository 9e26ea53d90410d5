/**
 * The statement runs by itself (docs/DESIGN.md §4, "The statement"): once a Bangkok day has closed
 * (and STATEMENT_GRACE_MS more, for the day's last webhooks and movements to land), each merchant
 * with a read key gets its statement for that day, read in the reconciliation lane of the
 * provider budget. One instance takes each merchant-day (a lease in `wallet_statements`); a failed
 * read is tried again after RETRY_FAILED_MS; a day already worked out is not read again by itself
 * (a person can, from the statement page).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import type { MerchantApi } from "../provider/client";
import { startLoop, type Loop } from "../jobs/loop";
import { runStatement } from "./statement";

export const STATEMENT_GRACE_MS = 15 * 60_000;
const LEASE_MS = 5 * 60_000;
export const RETRY_FAILED_MS = 10 * 60_000;

/** The last Bangkok day that closed at least STATEMENT_GRACE_MS before `now`. */
export function dueDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date(now.getTime() - STATEMENT_GRACE_MS - 86_400_000));
}

export interface StatementWorkerOptions {
  db: Db;
  apiFor(merchantRowId: string): Promise<MerchantApi | undefined>;
  now?: () => Date;
  log?: (message: string) => void;
}

/** One pass: every merchant-day that is due and not taken. Returns how many it ran. */
export async function runDueStatements(options: StatementWorkerOptions): Promise<number> {
  const now = options.now?.() ?? new Date();
  const day = dueDay(now);
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const retryBefore = new Date(now.getTime() - RETRY_FAILED_MS).toISOString();
  const claimed = (
    (await options.db.execute(sql`
      INSERT INTO wallet_statements (merchant_id, day, status, lease_until)
      SELECT id, ${day}::date, 'running', ${leaseUntil}::timestamptz FROM merchants WHERE read_key_encrypted IS NOT NULL
      ON CONFLICT (merchant_id, day) DO UPDATE SET status = 'running', lease_until = excluded.lease_until
      WHERE (wallet_statements.status = 'failed' AND wallet_statements.computed_at < ${retryBefore}::timestamptz)
         OR (wallet_statements.status = 'running' AND wallet_statements.lease_until < ${now.toISOString()}::timestamptz)
      RETURNING merchant_id`)) as unknown as { rows: Array<{ merchant_id: string }> }
  ).rows;
  let ran = 0;
  for (const { merchant_id: merchantId } of claimed) {
    const api = await options.apiFor(merchantId);
    if (!api) continue;
    const result = await runStatement(options.db, merchantId, day, api);
    ran++;
    options.log?.(
      "failure" in result
        ? `statement ${merchantId} ${day}: the provider could not be read (${result.failure})`
        : `statement ${merchantId} ${day}: ${result.movements} movements, ${result.findings.length} findings`,
    );
  }
  return ran;
}

/** Starts the loop (lib/jobs/loop.ts): a first pass after 5 s, then one every `pollMs` (a minute). */
export function startStatementWorker(options: StatementWorkerOptions & { pollMs?: number }): Loop {
  return startLoop({
    name: "statement",
    pass: () => runDueStatements(options),
    pollMs: options.pollMs ?? 60_000,
    firstPassAfterMs: 5_000,
    // A pass runs every merchant-day that is due: nothing is left for an immediate next one.
    fullBatch: Infinity,
    log: options.log,
  });
}
