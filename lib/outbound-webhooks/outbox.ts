import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newEventId, type OutboundEventType } from "./events";

/**
 * An event about a request written outside lib/requests/apply.ts's statement (a Pay-Out held for
 * approval at create, a slip upload), with the row as it stands — its `event_seq` one more, the
 * event's sequence number — and a delivery per enabled, subscribed endpoint. Call it inside the
 * transaction of the change it tells of.
 */
export async function recordOutboundEvent(db: Db, requestId: string, type: OutboundEventType): Promise<void> {
  await db.execute(sql`
    with bumped as (update payment_requests set event_seq = event_seq + 1 where id = ${requestId} returning *),
    outbox as (
      insert into outbound_events (id, merchant_id, request_id, type, request_row)
      select ${newEventId()}, r.merchant_id, r.id, ${type}, to_jsonb(r) from bumped r
      where exists (select 1 from webhook_endpoints e where e.merchant_id = r.merchant_id and e.enabled and ${type} = any(e.event_types))
      returning id, merchant_id)
    insert into outbound_deliveries (event_id, endpoint_id)
    select o.id, e.id from outbox o join webhook_endpoints e on e.merchant_id = o.merchant_id and e.enabled and ${type} = any(e.event_types)`);
}
