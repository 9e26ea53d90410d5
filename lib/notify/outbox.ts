import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ROLES } from "../db/schema";
import { can } from "../auth/permissions";

/** The roles whose people may approve a held Pay-Out or Withdrawal (lib/auth/permissions.ts). */
const APPROVER_ROLES = ROLES.filter((role) => can(role, "payout.approve"));

/**
 * Everyone who may approve a request held for approval is to be told, by e-mail, that it waits:
 * enabled staff with an approving role who see its merchant, except the person who made it (they
 * cannot approve their own). Call it inside the transaction that holds the request, so the news
 * commits with the hold or not at all; lib/notify/worker.ts sends it.
 */
export async function recordApprovalWaiting(db: Db, requestId: string): Promise<void> {
  await db.execute(sql`
    insert into staff_notifications (kind, staff_id, request_id, next_attempt_at)
    select 'approval.waiting', s.id, r.id, now() + make_interval(secs => ${GATHER_SECONDS})
    from payment_requests r
    join staff_users s on not s.is_disabled
      and s.role in (${sql.join(
        APPROVER_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )})
      and (s.merchant_ids is null or r.merchant_id = any(s.merchant_ids))
      and s.id is distinct from r.created_by
    where r.id = ${requestId}
    on conflict (kind, staff_id, request_id) do nothing`);
}

/**
 * A notification waits this long before it is due, so that what is held together (a bulk file's
 * lines, a busy minute) reaches each person as one e-mail.
 */
export const GATHER_SECONDS = 20;
