import "server-only";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import { toSatang } from "../money";
import { directionOf, readInBulk } from "../provider/bulk-read";
import type { MerchantApi } from "../provider/client";
import { failureText } from "../provider-words/failures";
import type { RequestRow } from "./create";
import type { State } from "./lifecycle";
import { applyProviderRecord } from "./reconcile";
import { feeTermsOf, type FeeTerms } from "./fees";
import { nextCheckAt } from "./schedule";

/**
 * Reconciling a merchant's open requests of one direction together: one `GetPaymentRequests` read
 * of those still Pending at the provider (up to 100 a call, lib/provider/bulk-read.ts) answers
 * for all of them, so the cost of polling follows pages, not requests. A request still Pending
 * there, and not further paid out, is unchanged: it is marked checked and scheduled again, in one
 * statement for all. One that is not in the list has left Pending — or was missed by paging — and
 * is read by its id like before, which also brings its details (paid amount, reason).
 *
 * Every open request of the group is covered, not only those due, so the group's requests come
 * due together afterwards and the next round again costs a page or so, not a call for each.
 */
export const KINDS_OF: Record<"PayIn" | "PayOut", ("payin" | "payin_p2p" | "payout" | "withdrawal")[]> = {
  PayIn: ["payin", "payin_p2p"],
  PayOut: ["payout", "withdrawal"],
};

/** A round reads at most this many pages (10,000 Pending requests); the rest waits for the next round. */
const MAX_PAGES = 100;
/** Requests missing from the list are read one by one: at most this many per group and round. */
const MAX_SINGLE_READS = 20;
/** How many open requests one round covers. */
const MAX_OPEN = 10_000;

export interface GroupOutcome {
  /** Marked unchanged from the list. */
  unchanged: number;
  /** Changed by what the list said (a pay-out paid further). */
  applied: number;
  /** Missing from the list: to be read one by one by the caller. */
  missing: RequestRow[];
  /** The list could not be read: nothing was learnt. `busy`: only the budget's lane was full. */
  failed: { busy: boolean; message: string } | null;
  /** Ids of the requests above (the rest were not judged this round). */
  covered: Set<string>;
}

/** Open requests of a merchant in one direction that the provider has and reconciliation still asks about. */
export async function openRequests(db: Db, merchantRowId: string, direction: "PayIn" | "PayOut"): Promise<RequestRow[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.merchantId, merchantRowId),
        eq(paymentRequests.status, "pending"),
        inArray(paymentRequests.kind, KINDS_OF[direction]),
        isNotNull(paymentRequests.providerId),
        isNotNull(paymentRequests.nextCheckAt),
      ),
    )
    .orderBy(asc(paymentRequests.createdAt))
    .limit(MAX_OPEN);
}

export async function reconcileGroup(
  db: Db,
  api: MerchantApi,
  merchantRowId: string,
  direction: "PayIn" | "PayOut",
): Promise<GroupOutcome> {
  const open = await openRequests(db, merchantRowId, direction);
  if (open.length === 0) return { unchanged: 0, applied: 0, missing: [], failed: null, covered: new Set() };
  const read = await readInBulk(api, { direction, status: "Pending", since: open[0]!.createdAt, maxPages: MAX_PAGES });
  if (!read.ok)
    return {
      unchanged: 0,
      applied: 0,
      missing: [],
      failed: { busy: read.kind === "busy", message: failureText(read) },
      covered: new Set(),
    };

  /** Judged from the list: unchanged, or paid out further and still pending. */
  const checked: { row: RequestRow; terms: FeeTerms }[] = [];
  const missing: RequestRow[] = [];
  const covered = new Set<string>();
  let applied = 0;
  for (const row of open) {
    const record = read.records.get(row.providerId!.toLowerCase());
    if (!record) {
      // Absent from a complete list: it left Pending. From an incomplete one: not known; next round.
      if (read.complete && missing.length < MAX_SINGLE_READS) {
        missing.push(row);
        covered.add(row.id);
      }
      continue;
    }
    covered.add(row.id);
    const paidFurther =
      directionOf(row.kind) === "PayOut" && record.payoutPaidSatang !== null && record.payoutPaidSatang > toSatang(row.paidAmount);
    if (paidFurther) {
      await applyProviderRecord(db, row, record);
      applied += 1;
    }
    checked.push({ row, terms: feeTermsOf(record) });
  }
  await markChecked(db, checked);
  return { unchanged: checked.length - applied, applied, missing, failed: null, covered };
}

/**
 * Checked, still pending: the next check by each one's schedule, its lease released, and the fee's
 * terms its record gave (lib/requests/fees.ts; kept when the record says nothing), in one statement.
 */
async function markChecked(db: Db, checked: { row: RequestRow; terms: FeeTerms }[]): Promise<void> {
  if (checked.length === 0) return;
  const now = new Date();
  const values = checked.map(({ row: r, terms }) => {
    const next = nextCheckAt(
      { state: r.status as State, kind: r.kind, createdAt: r.createdAt, expireAt: r.expireAt, checkCount: r.checkCount + 1 },
      now,
    );
    return sql`(${r.id}::text, ${next ? next.toISOString() : null}::timestamptz, ${terms.feePct ?? null}::numeric, ${terms.discardCent ?? null}::boolean)`;
  });
  await db.execute(sql`
    update payment_requests p
    set last_checked_at = ${now.toISOString()}::timestamptz, check_count = p.check_count + 1, next_check_at = v.next, lease_until = null,
      fee_pct = coalesce(v.fee_pct, p.fee_pct), discard_cent = coalesce(v.discard_cent, p.discard_cent)
    from (values ${sql.join(values, sql`, `)}) as v(id, next, fee_pct, discard_cent)
    where p.id = v.id and p.status = 'pending'`);
}
