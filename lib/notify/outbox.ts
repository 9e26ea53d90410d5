import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { ROLES } from "../db/schema";
import { can } from "../auth/permissions";
import { env } from "../env";
import { lineNewsInsert } from "../line/outbox";

/** The roles whose people may approve a held Pay-Out or Withdrawal (lib/auth/permissions.ts). */
export const APPROVER_ROLES = ROLES.filter((role) => can(role, "payout.approve"));

/**
 * Everyone who may approve a request held for approval is to be told, by e-mail, that it waits:
 * enabled staff with an approving role who see its merchant, except the person who made it (they
 * cannot approve their own). Call it inside the transaction that holds the request, so the news
 * commits with the hold or not at all; lib/notify/worker.ts sends it.
 */
export async function recordApprovalWaiting(db: Db, requestId: string): Promise<void> {
  // The same news by LINE to those of them who linked it, and to the merchant's LINE groups (lib/line).
  await db.execute(sql`
    with news as (insert into staff_notifications (kind, staff_id, request_id, next_attempt_at)
    select 'approval.waiting', s.id, r.id, now() + make_interval(secs => ${gatherSeconds()})
    from payment_requests r
    join staff_users s on not s.is_disabled
      and s.role in (${sql.join(
        APPROVER_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )})
      and (s.merchant_ids is null or r.merchant_id = any(s.merchant_ids))
      and s.id is distinct from r.created_by
    where r.id = ${requestId}
    on conflict (kind, staff_id, request_id) do nothing
    returning kind, staff_id, request_id)
    ${lineNewsInsert("approval.waiting", sql.raw("news"), sql`select ${requestId}::text`)}`);
}

/**
 * How many seconds a notification waits before it is due, so that what is held together (a bulk
 * file's lines, a busy minute) reaches each person as one e-mail: NOTIFY_GATHER_SECONDS, 20 unless set.
 */
export const gatherSeconds = (): number => env().NOTIFY_GATHER_SECONDS;

/** What else a person must hear of, besides approvals (docs/DESIGN.md §17). */
export type AttentionKind = "request.needs_review" | "payout.failed";

/**
 * Whether a change of state is news a person must act on: a request the provider cannot account
 * for (needs review: a person decides), or money out that the provider took and then failed
 * (rejected or expired after it was pending or unknown: the payee was not paid). A refusal at
 * sending is not: whoever sent it saw the refusal on the spot.
 */
export function attentionFor(kind: string, from: string, to: string): AttentionKind | null {
  if (to === "needs_review" && from !== "needs_review") return "request.needs_review";
  const moneyOut = kind === "payout" || kind === "withdrawal";
  if (moneyOut && (to === "rejected" || to === "expired") && (from === "pending" || from === "unknown" || from === "needs_review"))
    return "payout.failed";
  return null;
}

/**
 * A common table expression for applyToRequest's statement (lib/requests/apply.ts): the people to
 * tell, recorded with the change itself — its maker, if a staff member, and everyone who may approve
 * money out for its merchant; enabled, and seeing the merchant. `target` is the statement's CTE
 * holding the changed request's id (its merchant and maker do not change, so the table is read).
 */
export function attentionInsert(kind: AttentionKind, target: SQL = sql.raw("target")): SQL {
  return sql`insert into staff_notifications (kind, staff_id, request_id, next_attempt_at)
    select ${kind}, s.id, r.id, now() + make_interval(secs => ${gatherSeconds()})
    from ${target} t join payment_requests r on r.id = t.id
    join staff_users s on not s.is_disabled
      and (s.merchant_ids is null or r.merchant_id = any(s.merchant_ids))
      and (s.id = r.created_by or s.role in (${sql.join(
        APPROVER_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )}))
    on conflict (kind, staff_id, request_id) do nothing
    returning kind, staff_id, request_id`;
}

/** The LINE messages of that news (lib/line/outbox.ts), a CTE after `attention` in the same statement. */
export function lineAttentionInsert(kind: AttentionKind, target: SQL = sql.raw("target")): SQL {
  return lineNewsInsert(kind, sql.raw("attention"), sql`select id from ${target} limit 1`);
}
