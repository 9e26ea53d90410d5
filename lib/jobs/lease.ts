import { sql, type SQL } from "drizzle-orm";

/**
 * What every queue of PayDesk means by a lease and a retry (docs/DESIGN.md §6.8). A queue's items
 * are rows of its own table (a request to check, a delivery, a bulk line, a person's e-mail, a
 * merchant-day's statement) with three columns of this meaning:
 *
 * - `lease_until`: null or past, nobody holds the item; in the future, one pass of one instance
 *   does. A pass claims items with `for update skip locked` and sets it in the same statement, so
 *   two passes never hold one item; an instance killed mid-item holds it only until then, and the
 *   next pass anywhere takes it again. Cleared when the item is done or released.
 * - `attempts` (reconciliation: `check_count`): counted as an item is claimed, so a repeat after a
 *   crash is on the row, not only in a log. A pass that gives back what it did not start takes the
 *   count back (nothing was tried).
 * - `next_attempt_at` (reconciliation: `next_check_at`): when the item is due; a failed attempt
 *   moves it by the queue's back-off below. Never the lease: a retry waits in the open, visible as
 *   waiting, not as held.
 */

/** The SQL condition that nobody holds the item: `(lease_until is null or lease_until < now())`. */
export function leaseIsFree(column: SQL = sql.raw("lease_until")): SQL {
  return sql`(${column} is null or ${column} < now())`;
}

/**
 * A lease's end `ms` from now, in whole milliseconds: a pass that set it can tell its own lease by
 * equality when it records or releases (`… and lease_until = $leaseUntil`), so it never touches an
 * item whose lease lapsed and which another pass has taken since.
 */
export function leaseEnd(ms: number, now = Date.now()): Date {
  return new Date(Math.floor(now) + Math.round(ms));
}

/** When to try again after the `attempts`-th failed attempt (1 for the first); null: give up. */
export type Backoff = (attempts: number) => number | null;

/** Waits that double from `firstMs` up to `maxMs`; gives up after `giveUpAfter` attempts if set. */
export function doubling(options: { firstMs: number; maxMs: number; giveUpAfter?: number }): Backoff {
  return (attempts) => {
    if (options.giveUpAfter !== undefined && attempts >= options.giveUpAfter) return null;
    return Math.min(options.maxMs, options.firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  };
}

/** Waits read from a table: after the n-th failure, `waits[n - 1]`; past its end, give up. */
export function scheduled(waits: readonly number[]): Backoff {
  return (attempts) => (attempts >= 1 && attempts <= waits.length ? waits[attempts - 1]! : null);
}
