import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { announcementOf, REQUEST_CHANNEL } from "../requests/apply";
import type { Fact } from "../requests/notes";

/**
 * Holding a webhook back without touching the request's state: a claim the provider did not
 * confirm, or one whose amount or RefId1 does not fit. The request stays where it is; its next
 * check with the provider is brought forward to now, so reconciliation learns soon what the
 * provider itself says and applies only that. One statement: the delivery's verdict (only if it
 * is still `received`, so a delivery settles once), the check brought forward (open requests only:
 * a terminal one is never checked again), and a timeline entry announced to live views.
 */
export type HeldVerdict = "unconfirmed" | "mismatch";

/** States reconciliation can still settle (lib/requests/reconcile.ts). */
const CHECKABLE = ["submitting", "unknown", "pending"];

export async function holdDelivery(
  db: Db,
  hold: { deliveryId: number; requestId: string; verdict: HeldVerdict; reason: Fact; data: Record<string, unknown> },
): Promise<boolean> {
  const data = JSON.stringify({ ...hold.data, deliveryId: hold.deliveryId });
  const written = await executePrepared(
    db,
    sql`
    with settled as (
      update webhook_deliveries set verdict = ${hold.verdict}, reason_facts = ${JSON.stringify(hold.reason)}::jsonb, request_id = ${hold.requestId}
      where id = ${hold.deliveryId} and verdict = 'received'
      returning id),
    soon as (
      update payment_requests set next_check_at = now()
      where id = ${hold.requestId} and status in (${sql.join(
        CHECKABLE.map((s) => sql`${s}`),
        sql`, `,
      )}) and exists (select 1 from settled)
      returning id),
    entry as (
      insert into request_events (request_id, type, actor, data)
      select ${hold.requestId}, ${`webhook_${hold.verdict}`}, 'webhook', ${data}::jsonb from settled
      returning request_id)
    select pg_notify(${REQUEST_CHANNEL}, ${announcementOf(sql`entry.request_id`)}) from entry`,
  );
  return written.length > 0;
}
