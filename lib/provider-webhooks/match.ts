import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { webhookDeliveries, type RequestKind } from "../db/schema";
import { parseWebhook, type WebhookEvent } from "./parse";

/**
 * Finding the request a webhook names, among the requests of the merchant whose secret it carried,
 * and whether that merchant has a read key (to confirm with the provider). The receiver reads it
 * in the very statement that stores the delivery, so applying it needs one more statement only;
 * the stranded sweep reads it on its own. Either way it is a snapshot: the apply re-checks the
 * request's state when it writes (lib/requests/apply.ts).
 */
export interface MatchedRequest {
  id: string;
  status: string;
  kind: RequestKind;
  refId1: string;
  requestedAmount: string;
  generatedAmount: string | null;
  paidAmount: string;
  providerId: string | null;
  createdAt: Date;
  expireAt: Date | null;
}

export interface Match {
  merchantId: string;
  hasReadKey: boolean;
  /** The merchant's admin chose to apply webhooks that cannot be confirmed (it has no read key). */
  appliesUnconfirmed: boolean;
  request: MatchedRequest | null;
}

/** A stored delivery, ready to process: its body as read, and the request it names. */
export interface Prepared {
  event: WebhookEvent;
  match: Match;
}

/**
 * The request with this provider id (stored lower-case), as a fenced CTE `named`. Found by
 * provider id alone and joined to the merchant afterwards: left to itself, a planner without
 * statistics (PGlite never analyzes) also scans the merchant's whole list index and intersects
 * the two, reading an index entry for every request the merchant has.
 */
const named = (providerRequestId: string | null): SQL => sql`named as materialized (
  select id, merchant_id, status, kind, ref_id1, requested_amount, generated_amount, paid_amount, provider_id, created_at, expire_at
  from payment_requests where provider_id = ${providerRequestId?.toLowerCase() ?? null})`;

/** The match of `delivery` (the stored delivery row): its merchant's read key and the request it names, if that merchant's. */
const matchColumns = sql`delivery.merchant_id as "merchantId", merchants.read_key_encrypted is not null as "hasReadKey",
  merchants.apply_unconfirmed_webhooks as "appliesUnconfirmed",
  named.id, named.status, named.kind, named.ref_id1 as "refId1", named.requested_amount as "requestedAmount", named.generated_amount as "generatedAmount",
  named.paid_amount as "paidAmount", named.provider_id as "providerId", named.created_at as "createdAt", named.expire_at as "expireAt"`;

/**
 * Stores a new delivery as `received` and reads its match in the same statement. Null when the
 * provider's job id was already received (nothing stored).
 */
export async function storeAndMatch(
  db: Db,
  delivery: { providerJobId: string; event: string; merchantId: string; rawBody: string },
  providerRequestId: string | null,
): Promise<{ deliveryId: number; match: Match } | null> {
  const [row] = await executePrepared<MatchRow & { deliveryId: number | string }>(
    db,
    sql`
    with stored as (
      insert into webhook_deliveries (provider_job_id, event, merchant_id, verdict, raw_body)
      values (${delivery.providerJobId}, ${delivery.event}, ${delivery.merchantId}, 'received', ${delivery.rawBody})
      on conflict do nothing
      returning id, merchant_id),
    ${named(providerRequestId)}
    select delivery.id as "deliveryId", ${matchColumns}
    from stored as delivery
    left join merchants on merchants.id = delivery.merchant_id
    left join named on named.merchant_id = delivery.merchant_id`,
  );
  return row ? { deliveryId: Number(row.deliveryId), match: toMatch(row) } : null;
}

/**
 * A stored delivery still waiting (`received`), read back and parsed, with its match. Null when
 * it is settled or not there; `unreadable` when its body no longer parses.
 */
export async function matchStored(db: Db, deliveryId: number): Promise<Prepared | { unreadable: string } | null> {
  const [stored] = await db
    .select({ rawBody: webhookDeliveries.rawBody })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.verdict, "received")));
  if (!stored) return null;
  let event: WebhookEvent;
  try {
    const parsed = parseWebhook(JSON.parse(stored.rawBody));
    if (!parsed.ok) return { unreadable: parsed.reason };
    event = parsed.event;
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
  const [row] = await executePrepared<MatchRow>(
    db,
    sql`
      with ${named(event.requestId)}
      select ${matchColumns}
      from webhook_deliveries as delivery
      left join merchants on merchants.id = delivery.merchant_id
      left join named on named.merchant_id = delivery.merchant_id
      where delivery.id = ${deliveryId}`,
  );
  return row ? { event, match: toMatch(row) } : null;
}

interface MatchRow {
  merchantId: string;
  hasReadKey: boolean;
  appliesUnconfirmed: boolean;
  id: string | null;
  status: string;
  kind: RequestKind;
  refId1: string;
  requestedAmount: string;
  generatedAmount: string | null;
  paidAmount: string;
  providerId: string | null;
  createdAt: Date | string;
  expireAt: Date | string | null;
}

function toMatch(row: MatchRow): Match {
  const { merchantId, hasReadKey, appliesUnconfirmed, id, createdAt, expireAt, ...request } = row;
  return {
    merchantId,
    hasReadKey: Boolean(hasReadKey),
    appliesUnconfirmed: Boolean(appliesUnconfirmed),
    request: id === null ? null : { ...request, id, createdAt: asDate(createdAt)!, expireAt: asDate(expireAt) },
  };
}

/** Depending on the driver and its settings, a timestamp comes as a Date or as Postgres's text. */
const asDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));
