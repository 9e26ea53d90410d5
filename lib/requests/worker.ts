import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests } from "../db/schema";
import type { MerchantApi } from "../provider/client";
import type { RequestRow } from "./create";
import type { State } from "./lifecycle";
import { directionOf } from "../provider/bulk-read";
import { processStranded, type ApiFor } from "../provider-webhooks/process";
import { reconcileGroup } from "./bulk-reconcile";
import { reconcileRequest } from "./reconcile";
import { nextCheckAt } from "./schedule";
import { startLoop, type Loop } from "../jobs/loop";

/**
 * The reconciliation loop. Work is leased in the database — a due row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease time — so any number of PayDesk instances share it without
 * two asking about the same request, and a crashed instance's lease simply runs out (docs/DESIGN.md §5.5, §6).
 */
export interface WorkerOptions {
  db: Db;
  /** The provider client for one of our merchants (reconciliation's lane of the budget). */
  apiFor(merchantRowId: string): Promise<MerchantApi | undefined>;
  /** The same in the webhook confirmations' lane, for stranded deliveries; default `apiFor`. */
  confirmFor?: ApiFor;
  pollMs?: number;
  batchSize?: number;
  /** false: every request read by its own id, as before bulk reads (bench/provider-budget's baseline). Default true. */
  bulkReads?: boolean;
  leaseMs?: number;
  log?: (message: string) => void;
}

/** Claims up to `batchSize` due requests for `leaseMs`. */
export async function leaseDue(db: Db, batchSize: number, leaseMs: number): Promise<RequestRow[]> {
  const result = await db.execute(sql`
    update payment_requests set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from payment_requests
      where next_check_at <= now() and (lease_until is null or lease_until < now())
      order by next_check_at
      limit ${batchSize}
      for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows: RequestRow[] = [];
  for (const id of ids) {
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    if (row) rows.push(row);
  }
  return rows;
}

/** Checks one leased request, then schedules its next check and releases the lease. */
export async function checkLeased(options: WorkerOptions, row: RequestRow): Promise<void> {
  const { db } = options;
  try {
    const api = await options.apiFor(row.merchantId);
    const [merchant] = await db.select({ merchantId: merchants.merchantId }).from(merchants).where(eq(merchants.id, row.merchantId));
    if (api && merchant) {
      const result = await reconcileRequest(db, api, row, { providerMerchantId: merchant.merchantId });
      if (result.changed) options.log?.(`reconciled ${row.id}: ${row.status} → ${result.state} (${result.note})`);
    }
  } catch (error) {
    options.log?.(`reconciling ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    const [after] = await db
      .select({
        status: paymentRequests.status,
        kind: paymentRequests.kind,
        createdAt: paymentRequests.createdAt,
        expireAt: paymentRequests.expireAt,
        checkCount: paymentRequests.checkCount,
        nextCheckAt: paymentRequests.nextCheckAt,
      })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, row.id));
    if (after) {
      // A state change during the check has already set a fresh schedule; otherwise back off.
      const changed = after.status !== row.status;
      const count = changed ? after.checkCount : after.checkCount + 1;
      const next = changed
        ? after.nextCheckAt
        : nextCheckAt(
            { state: after.status as State, kind: after.kind, createdAt: after.createdAt, expireAt: after.expireAt, checkCount: count },
            new Date(),
          );
      await db
        .update(paymentRequests)
        .set({ checkCount: count, nextCheckAt: next, leaseUntil: null })
        .where(eq(paymentRequests.id, row.id));
    }
  }
}

/**
 * One pass: lease what is due and check it. Pending requests with a provider id are checked with
 * every open request of the same merchant and direction, from one bulk read (./bulk-reconcile.ts);
 * the rest — unknown submits, requests missing from that read — one by one. Returns how many
 * leased requests were checked.
 */
export async function reconcileDue(options: WorkerOptions): Promise<number> {
  await processStranded(options.db, options.confirmFor ?? options.apiFor).catch((error: unknown) =>
    options.log?.(`stranded webhooks: ${error instanceof Error ? error.message : String(error)}`),
  );
  const rows = await leaseDue(options.db, options.batchSize ?? 20, options.leaseMs ?? 60_000);
  const single: RequestRow[] = [];
  const groups = new Map<string, { merchantRowId: string; direction: "PayIn" | "PayOut"; leased: RequestRow[] }>();
  for (const row of rows) {
    if (row.status !== "pending" || !row.providerId || options.bulkReads === false) {
      single.push(row);
      continue;
    }
    const direction = directionOf(row.kind);
    const key = `${row.merchantId}:${direction}`;
    const group = groups.get(key) ?? { merchantRowId: row.merchantId, direction, leased: [] };
    group.leased.push(row);
    groups.set(key, group);
  }
  // One at a time: the provider's rate limit is the real constraint, and the limiter queues anyway.
  for (const group of groups.values()) single.push(...(await checkGroup(options, group)));
  const seen = new Set<string>();
  for (const row of single) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    await checkLeased(options, row);
  }
  return rows.length;
}

/** Reads a group in bulk; returns the requests to check one by one. */
async function checkGroup(
  options: WorkerOptions,
  group: { merchantRowId: string; direction: "PayIn" | "PayOut"; leased: RequestRow[] },
): Promise<RequestRow[]> {
  const api = await options.apiFor(group.merchantRowId).catch(() => undefined);
  if (!api) return group.leased;
  try {
    const outcome = await reconcileGroup(options.db, api, group.merchantRowId, group.direction);
    if (outcome.failed === null) {
      if (outcome.applied > 0)
        options.log?.(`reconciled ${outcome.applied} ${group.direction} request(s) of ${group.merchantRowId} from a bulk read`);
      // Leased but not judged this round (past the pages read, or beyond the single reads): soon again.
      await postpone(
        options.db,
        group.leased.filter((r) => !outcome.covered.has(r.id)),
      );
      return outcome.missing;
    }
    options.log?.(`bulk read for ${group.merchantRowId} ${group.direction} failed: ${outcome.failed.message}`);
    // Any other failure (no read key, a refused key, the provider down): each is checked on its own
    // back-off, as it would be without bulk reads, so a broken merchant is not asked every 5 s.
    if (!outcome.failed.busy) return group.leased;
  } catch (error) {
    options.log?.(
      `bulk read for ${group.merchantRowId} ${group.direction} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return group.leased;
  }
  // The budget's lane was full: try again soon, without counting it as a check, so the cadence
  // stretches to the budget that is left.
  await postpone(options.db, group.leased);
  return [];
}

/** How long a group whose bulk read could not be made waits before the next try. */
const RETRY_BULK_MS = 5_000;

async function postpone(db: Db, rows: RequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`update payment_requests set next_check_at = now() + make_interval(secs => ${RETRY_BULK_MS / 1000}), lease_until = null where id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
}

/** Starts the loop (lib/jobs/loop.ts): at once again after a full batch, otherwise every `pollMs`. */
export function startReconcileWorker(options: WorkerOptions): Loop {
  const batchSize = options.batchSize ?? 20;
  return startLoop({
    name: "reconcile",
    pass: () => reconcileDue(options),
    pollMs: options.pollMs ?? 2_000,
    fullBatch: batchSize,
    log: options.log,
  });
}
