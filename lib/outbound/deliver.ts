import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints, type paymentRequests } from "../db/schema";
import type { KeyVault } from "../merchants/key-vault";
import { requestView } from "../merchant-api/views";
import { sendAttempt, type Attempt } from "./send";
import { signedHeaders } from "./signature";

/**
 * Sends the outbox's deliveries (docs/DESIGN.md §14). Work is leased in the database like
 * reconciliation (`for update skip locked`), so any number of instances share it without sending
 * one attempt twice, and a killed instance's lease lapses for another to take. A failed attempt is
 * tried again on the schedule below — about a day in all — then the delivery is `failed`; an
 * endpoint answering 410 Gone is disabled. The `webhook-id` is the event's id on every attempt, so
 * a receiver tells a retry from a new event.
 */
export const RETRY_AFTER_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
/** Longer than an attempt may take (10 s) with room to record it. */
export const LEASE_MS = 60_000;
export const API_VERSION = "2026-11-24";

export interface DeliverOptions {
  db: Db;
  vault: KeyVault;
  publicBaseUrl: string;
  /** Loopback and private addresses allowed (demo mode and tests); never with a real provider. */
  allowPrivate: boolean;
  /** Whether the deployment talks to the sandbox (events say `livemode: false`). */
  isSandbox: boolean;
  batchSize?: number;
  timeoutMs?: number;
  now?: () => Date;
}

type RequestRow = typeof paymentRequests.$inferSelect;

/** The stored row (Postgres's to_jsonb: snake_case, ISO times, numbers) as the app's row. */
export function rowFromJson(json: Record<string, unknown>): RequestRow {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    row[name] = /At$/.test(name) && typeof value === "string" ? new Date(value) : value;
  }
  for (const money of ["requestedAmount", "generatedAmount", "paidAmount"]) {
    if (typeof row[money] === "number") row[money] = (row[money] as number).toFixed(2);
  }
  return row as RequestRow;
}

/** Claims due deliveries and sends each once; answers how many were attempted. */
export async function deliverDue(options: DeliverOptions): Promise<number> {
  const { db } = options;
  // The lease's end is given in whole milliseconds, so a pass can tell its own lease by equality.
  const leaseUntil = new Date(Date.now() + LEASE_MS);
  const result = await db.execute(sql`
    update outbound_deliveries set lease_until = ${leaseUntil.toISOString()}::timestamptz
    where id in (
      select id from outbound_deliveries
      where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by next_attempt_at
      limit ${options.batchSize ?? 20}
      for update skip locked)
    returning id`);
  const leased = (result as unknown as { rows: { id: number | string }[] }).rows;
  await Promise.all(leased.map((row) => deliverOne(options, Number(row.id), leaseUntil)));
  return leased.length;
}

async function deliverOne(options: DeliverOptions, deliveryId: number, leaseUntil: Date): Promise<void> {
  const { db } = options;
  const [found] = await db
    .select({ delivery: outboundDeliveries, event: outboundEvents, endpoint: webhookEndpoints })
    .from(outboundDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboundDeliveries.endpointId))
    .where(eq(outboundDeliveries.id, deliveryId))
    .limit(1);
  if (!found) return;
  const { delivery, event, endpoint } = found;
  const now = options.now?.() ?? new Date();
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    api_version: API_VERSION,
    livemode: !options.isSandbox,
    data: requestView(rowFromJson(event.requestRow as Record<string, unknown>), options.publicBaseUrl),
  });
  const slot = { merchantId: endpoint.id, field: "endpointSecret" } as const;
  const secrets = [options.vault.open(endpoint.secretEncrypted, slot)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    secrets.push(options.vault.open(endpoint.previousSecretEncrypted, slot));
  }
  const attempt: Attempt = endpoint.enabled
    ? await sendAttempt({
        url: endpoint.url,
        body,
        headers: signedHeaders(event.id, body, secrets, now),
        allowPrivate: options.allowPrivate,
        timeoutMs: options.timeoutMs,
      })
    : { ok: false, status: null, latencyMs: 0, answer: null, error: "connection", errorDetail: "the endpoint is disabled" };
  const attempts = delivery.attempts + 1;
  const gone = attempt.status === 410;
  const retryIn = RETRY_AFTER_MS[attempts - 1];
  const status = attempt.ok ? "delivered" : gone || retryIn === undefined || !endpoint.enabled ? "failed" : "pending";
  // Only the lease this pass took: a pass that overran its lease (and lost it) records nothing.
  const mine = and(eq(outboundDeliveries.id, deliveryId), eq(outboundDeliveries.leaseUntil, leaseUntil));
  const updated = await db
    .update(outboundDeliveries)
    .set({
      status,
      attempts,
      leaseUntil: null,
      deliveredAt: attempt.ok ? now : null,
      nextAttemptAt: status === "pending" ? new Date(now.getTime() + jitter(retryIn!)) : delivery.nextAttemptAt,
    })
    .where(mine)
    .returning({ id: outboundDeliveries.id });
  if (updated.length === 0) return;
  await db.insert(outboundAttempts).values({
    deliveryId,
    at: now,
    status: attempt.status,
    latencyMs: attempt.latencyMs,
    answer: attempt.answer,
    error: attempt.error ? `${attempt.error}: ${attempt.errorDetail ?? ""}` : null,
  });
  if (gone) await db.update(webhookEndpoints).set({ enabled: false, updatedAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
}

/** ±10 %, so endpoints that failed together are not all retried in the same second. */
function jitter(ms: number): number {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}
