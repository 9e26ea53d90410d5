import "server-only";
import { and, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints } from "../db/schema";

/**
 * The delivery log (Settings → Webhooks): each event sent to an endpoint, with every attempt —
 * when, the answer's status, how long it took, the first KB of the answer, the error — filtered by
 * endpoint, event type, status, request and time; and resending, one delivery or every failed one
 * of an endpoint since a time. A resend goes through the outbox like any delivery: leased, signed,
 * retried on the schedule, under the event's own `webhook-id`.
 */
export type DeliveryStatus = "pending" | "delivered" | "failed";
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["pending", "delivered", "failed"];
export const LOG_PAGE_SIZE = 50;

export interface DeliveryFilter {
  /** The merchants the viewer may see (null: all). */
  merchantIds: string[] | null;
  endpointId?: string;
  eventType?: string;
  status?: DeliveryStatus;
  requestId?: string;
  from?: Date;
  to?: Date;
  /** The last delivery id of the page before (newest first). */
  before?: number;
}

export interface AttemptEntry {
  at: Date;
  status: number | null;
  latencyMs: number;
  answer: string | null;
  error: string | null;
  /**
   * `recorded`: its outcome is above. `under_way`: sent, its outcome not yet back. `unknown`: the
   * sender stopped (a crash, a kill) between sending and recording: the endpoint may have it.
   */
  outcome: "recorded" | "under_way" | "unknown";
  /** An earlier attempt's outcome is unknown: the endpoint may get the event twice (same webhook-id). */
  possibleRepeat: boolean;
}

export interface DeliveryEntry {
  id: number;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
  eventId: string;
  eventType: string;
  requestId: string | null;
  merchantId: string;
  endpointId: string;
  endpointUrl: string;
  endpointDescription: string | null;
  endpointEnabled: boolean;
  attemptLog: AttemptEntry[];
  /** Attempts whose outcome is unknown (the sender stopped in between): each may have reached the endpoint. */
  unknownAttempts: number;
}

/** One page of the log, newest first, each delivery with its attempts (oldest first). */
export async function listDeliveries(
  db: Db,
  filter: DeliveryFilter,
  limit = LOG_PAGE_SIZE,
): Promise<{ entries: DeliveryEntry[]; next: number | null }> {
  if (filter.merchantIds !== null && filter.merchantIds.length === 0) return { entries: [], next: null };
  const where: (SQL | undefined)[] = [
    filter.merchantIds === null ? undefined : inArray(outboundEvents.merchantId, filter.merchantIds),
    filter.endpointId ? eq(outboundDeliveries.endpointId, filter.endpointId) : undefined,
    filter.eventType ? eq(outboundEvents.type, filter.eventType) : undefined,
    filter.status ? eq(outboundDeliveries.status, filter.status) : undefined,
    filter.requestId ? eq(outboundEvents.requestId, filter.requestId) : undefined,
    filter.from ? gte(outboundDeliveries.createdAt, filter.from) : undefined,
    filter.to ? lte(outboundDeliveries.createdAt, filter.to) : undefined,
    filter.before ? lt(outboundDeliveries.id, filter.before) : undefined,
  ];
  const rows = await db
    .select({
      id: outboundDeliveries.id,
      status: outboundDeliveries.status,
      attempts: outboundDeliveries.attempts,
      leaseUntil: outboundDeliveries.leaseUntil,
      nextAttemptAt: outboundDeliveries.nextAttemptAt,
      createdAt: outboundDeliveries.createdAt,
      deliveredAt: outboundDeliveries.deliveredAt,
      eventId: outboundEvents.id,
      eventType: outboundEvents.type,
      requestId: outboundEvents.requestId,
      merchantId: outboundEvents.merchantId,
      endpointId: webhookEndpoints.id,
      endpointUrl: webhookEndpoints.url,
      endpointDescription: webhookEndpoints.description,
      endpointEnabled: webhookEndpoints.enabled,
    })
    .from(outboundDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboundDeliveries.endpointId))
    .where(and(...where))
    .orderBy(desc(outboundDeliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const attempts =
    page.length === 0
      ? []
      : await db
          .select()
          .from(outboundAttempts)
          .where(
            inArray(
              outboundAttempts.deliveryId,
              page.map((row) => row.id),
            ),
          )
          .orderBy(outboundAttempts.id);
  const byDelivery = new Map<number, Array<(typeof attempts)[number]>>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  const now = new Date();
  return {
    entries: page.map(({ leaseUntil, ...row }) => {
      const stored = byDelivery.get(row.id) ?? [];
      // Only the last attempt can still be under way, and only while its pass holds the lease.
      const held = row.status === "pending" && leaseUntil !== null && leaseUntil >= now;
      let unknownBefore = 0;
      const attemptLog = stored.map((attempt, index): AttemptEntry => {
        const outcome = attempt.completedAt !== null ? "recorded" : index === stored.length - 1 && held ? "under_way" : "unknown";
        const entry: AttemptEntry = {
          at: attempt.at,
          status: attempt.status,
          latencyMs: attempt.latencyMs,
          answer: attempt.answer,
          error: attempt.error,
          outcome,
          possibleRepeat: unknownBefore > 0,
        };
        if (outcome === "unknown") unknownBefore += 1;
        return entry;
      });
      return { ...row, status: row.status as DeliveryStatus, attemptLog, unknownAttempts: unknownBefore };
    }),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

export type ResendOutcome = "queued" | "not_found" | "pending" | "endpoint_disabled";

/** Sends one delivery again (a failed one, or a delivered one the receiver lost), from its first retry step. */
export async function resendDelivery(db: Db, input: { merchantIds: string[] | null; deliveryId: number }): Promise<ResendOutcome> {
  const [found] = await db
    .select({ status: outboundDeliveries.status, merchantId: outboundEvents.merchantId, enabled: webhookEndpoints.enabled })
    .from(outboundDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, outboundDeliveries.endpointId), isNull(webhookEndpoints.deletedAt)))
    .where(eq(outboundDeliveries.id, input.deliveryId))
    .limit(1);
  if (!found || (input.merchantIds !== null && !input.merchantIds.includes(found.merchantId))) return "not_found";
  if (!found.enabled) return "endpoint_disabled";
  const updated = await db
    .update(outboundDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(and(eq(outboundDeliveries.id, input.deliveryId), sql`${outboundDeliveries.status} <> 'pending'`))
    .returning({ id: outboundDeliveries.id });
  return updated.length > 0 ? "queued" : "pending";
}

/** Every failed delivery of one endpoint made since `since`, sent again; answers how many. */
export async function resendFailedSince(db: Db, input: { endpointId: string; since: Date }): Promise<number> {
  const updated = await db
    .update(outboundDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(
      and(
        eq(outboundDeliveries.endpointId, input.endpointId),
        eq(outboundDeliveries.status, "failed"),
        gte(outboundDeliveries.createdAt, input.since),
      ),
    )
    .returning({ id: outboundDeliveries.id });
  return updated.length;
}

/** A request's outbound events and the fate of each delivery, for its timeline. */
export async function outboundForRequest(
  db: Db,
  requestId: string,
): Promise<
  {
    eventId: string;
    type: string;
    createdAt: Date;
    deliveries: { id: number; endpointUrl: string; status: DeliveryStatus; attempts: number }[];
  }[]
> {
  const rows = await db
    .select({
      eventId: outboundEvents.id,
      type: outboundEvents.type,
      createdAt: outboundEvents.createdAt,
      deliveryId: outboundDeliveries.id,
      status: outboundDeliveries.status,
      attempts: outboundDeliveries.attempts,
      endpointUrl: webhookEndpoints.url,
    })
    .from(outboundEvents)
    .innerJoin(outboundDeliveries, eq(outboundDeliveries.eventId, outboundEvents.id))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboundDeliveries.endpointId))
    .where(eq(outboundEvents.requestId, requestId))
    .orderBy(outboundEvents.createdAt, outboundDeliveries.id);
  const events = new Map<
    string,
    {
      eventId: string;
      type: string;
      createdAt: Date;
      deliveries: { id: number; endpointUrl: string; status: DeliveryStatus; attempts: number }[];
    }
  >();
  for (const row of rows) {
    const event = events.get(row.eventId) ?? { eventId: row.eventId, type: row.type, createdAt: row.createdAt, deliveries: [] };
    event.deliveries.push({
      id: row.deliveryId,
      endpointUrl: row.endpointUrl,
      status: row.status as DeliveryStatus,
      attempts: row.attempts,
    });
    events.set(row.eventId, event);
  }
  return [...events.values()];
}
