/* eslint-disable max-lines -- one unit: lease a delivery, send it signed, record the attempt and when to try again; at-least-once lives in how the three meet (docs/DESIGN.md §14) */
import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { rowFromJson } from "../db/row-json";
import { paymentRequests } from "../db/schema";
import type { KeyVault } from "../merchants/key-vault";
import { requestView } from "../merchant-api/views";
import { eventSequence, TEST_EVENT_TYPE } from "./events";
import { sendAttempt, type Attempt } from "./send";
import { KeyVaultError } from "../merchants/key-vault";
import { signedHeaders } from "./signature";
import { leaseEnd, scheduled } from "../jobs/lease";

/**
 * Sends the outbox's deliveries (docs/DESIGN.md §14). Work is leased in the database like
 * reconciliation (`for update skip locked`), so any number of instances share it without sending
 * one attempt twice, and a killed instance's lease lapses for another to take. At most
 * `maxInFlightPerEndpoint` deliveries of one endpoint are leased at a time, across all instances:
 * a backlog drains at full speed without flooding the receiver, and a slow endpoint holds only its
 * own. A failed attempt is tried again on the schedule below — about a day in all — then the
 * delivery is `failed`. An endpoint answering 410 Gone, or failing every attempt for 3 days, is
 * disabled (its pending deliveries wait until it is enabled again). The `webhook-id` is the
 * event's id on every attempt, so a receiver tells a retry from a new event.
 */
export const RETRY_AFTER_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
const backoff = scheduled(RETRY_AFTER_MS);
/**
 * Longer than an attempt may take (10 s) with room to record it, and short: a killed instance's
 * leases hold its endpoints' slots until they lapse, so another instance takes over after this.
 */
export const LEASE_MS = 20_000;
export const API_VERSION = "2026-11-24";
/** An endpoint whose every attempt failed for this long is disabled. */
export const FAILING_DISABLES_AFTER_MS = 3 * 24 * 3_600_000;
export const DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT = 10;

export interface DeliverOptions {
  db: Db;
  vault: KeyVault;
  publicBaseUrl: string;
  /** Loopback and private addresses allowed (demo mode and tests); never with a real provider. */
  allowPrivate: boolean;
  /** Whether the deployment talks to the sandbox (events say `livemode: false`). */
  isSandbox: boolean;
  /** Most deliveries leased by one pass. */
  batchSize?: number;
  maxInFlightPerEndpoint?: number;
  timeoutMs?: number;
  /** How long a lease holds (LEASE_MS); must be longer than `timeoutMs` with room to record. */
  leaseMs?: number;
  now?: () => Date;
}

type RequestRow = typeof paymentRequests.$inferSelect;

/** A delivery this process holds the lease of, with what it needs to send it. */
export interface LeasedDelivery {
  id: number;
  leaseUntil: Date;
  attempts: number;
  eventId: string;
  type: string;
  eventCreatedAt: Date;
  requestRow: Record<string, unknown>;
  endpointId: string;
  url: string;
  enabled: boolean;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretUntil: Date | null;
}

/** The stored row (Postgres's to_jsonb) as the app's row. */
export function requestRowFromJson(json: Record<string, unknown>): RequestRow {
  return rowFromJson(paymentRequests, json);
}

const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/**
 * Leases up to `limit` due deliveries in one statement: the endpoints with due work are locked
 * (`for no key update skip locked`, which does not block the outbox's inserts) so two instances
 * never count the same endpoint's room at once; each gets at most its room — the per-endpoint
 * limit less what is leased already — oldest first.
 */
export async function leaseDue(options: DeliverOptions, limit: number): Promise<LeasedDelivery[]> {
  if (limit <= 0) return [];
  const perEndpoint = options.maxInFlightPerEndpoint ?? DEFAULT_MAX_IN_FLIGHT_PER_ENDPOINT;
  const leaseUntil = leaseEnd(options.leaseMs ?? LEASE_MS);
  const rows = await executePrepared<Record<string, unknown>>(
    options.db,
    sql`
    with endpoints as (
      select e.id from webhook_endpoints e
      where e.enabled and e.deleted_at is null and exists (
        select 1 from outbound_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= now()
          and (d.lease_until is null or d.lease_until < now()))
      for no key update of e skip locked),
    room as (
      select e.id, ${perEndpoint} - (
        select count(*) from outbound_deliveries l
        where l.endpoint_id = e.id and l.status = 'pending' and l.lease_until is not null and l.lease_until >= now())::int as room
      from endpoints e),
    picked as (
      select p.id from room r cross join lateral (
        select d.id, d.next_attempt_at from outbound_deliveries d
        where d.endpoint_id = r.id and d.status = 'pending' and d.next_attempt_at <= now()
          and (d.lease_until is null or d.lease_until < now())
        order by d.next_attempt_at limit greatest(r.room, 0)) p
      order by p.next_attempt_at
      limit ${limit}),
    leased as (
      update outbound_deliveries set lease_until = ${leaseUntil.toISOString()}::timestamptz
      where id in (select id from picked)
        -- Checked again on the row as it now stands: a pass whose snapshot predates another's
        -- commit may have picked rows that pass just leased (Postgres re-checks these conditions
        -- on the newest version of each row it updates), and must not lease them twice.
        and status = 'pending' and (lease_until is null or lease_until < now())
      returning id, event_id, endpoint_id, attempts)
    select l.id, l.attempts, v.id as event_id, v.type, v.created_at as event_created_at, v.request_row,
      e.id as endpoint_id, e.url, e.enabled, e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_until
    from leased l
    join outbound_events v on v.id = l.event_id
    join webhook_endpoints e on e.id = l.endpoint_id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    leaseUntil,
    attempts: Number(row.attempts),
    eventId: String(row.event_id),
    type: String(row.type),
    eventCreatedAt: date(row.event_created_at)!,
    requestRow: (typeof row.request_row === "string" ? JSON.parse(row.request_row) : row.request_row) as Record<string, unknown>,
    endpointId: String(row.endpoint_id),
    url: String(row.url),
    enabled: row.enabled === true,
    secretEncrypted: String(row.secret_encrypted),
    previousSecretEncrypted: (row.previous_secret_encrypted as string | null) ?? null,
    previousSecretUntil: date(row.previous_secret_until),
  }));
}

/** The JSON an event is sent as: the same bytes on every attempt but for the request's snapshot, which never changes. */
export function eventBody(delivery: LeasedDelivery, options: Pick<DeliverOptions, "publicBaseUrl" | "isSandbox">): string {
  const data =
    delivery.type === TEST_EVENT_TYPE
      ? { endpoint_id: delivery.endpointId, message: "A test event from PayDesk: this endpoint receives and verifies PayDesk's webhooks." }
      : requestView(requestRowFromJson(delivery.requestRow), options.publicBaseUrl);
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    // The request's event number (events.ts eventSequence): a receiver keeps the highest per request and ignores older ones.
    sequence: eventSequence(delivery.requestRow),
    created_at: delivery.eventCreatedAt.toISOString(),
    api_version: API_VERSION,
    livemode: !options.isSandbox,
    data,
  });
}

/** Sends one leased delivery once and records what became of it (only under its own lease). */
export async function deliverLeased(options: DeliverOptions, delivery: LeasedDelivery): Promise<Attempt> {
  const now = options.now?.() ?? new Date();
  const body = eventBody(delivery, options);
  const slot = { merchantId: delivery.endpointId, field: "endpointSecret" } as const;
  let secrets: string[];
  try {
    secrets = [options.vault.open(delivery.secretEncrypted, slot)];
    if (delivery.previousSecretEncrypted && delivery.previousSecretUntil && delivery.previousSecretUntil > now) {
      secrets.push(options.vault.open(delivery.previousSecretEncrypted, slot));
    }
  } catch (error) {
    if (!(error instanceof KeyVaultError)) throw error;
    // Sealed with a key PayDesk no longer has (ENCRYPTION_KEY changed without the old one kept in
    // ENCRYPTION_KEYS_PREVIOUS): nothing can be signed. A failed attempt says so in the log and the
    // delivery is tried on its schedule, so rotating the endpoint's secret lets it go out.
    const attempt: Attempt = {
      ok: false,
      status: null,
      latencyMs: 0,
      answer: null,
      error: "secret_unreadable",
      errorDetail: "the endpoint's signing secret cannot be opened with this ENCRYPTION_KEY; rotate the endpoint's secret",
    };
    await recordAttempt(options.db, delivery, attempt, now);
    return attempt;
  }
  if (!delivery.enabled) {
    const attempt: Attempt = {
      ok: false,
      status: null,
      latencyMs: 0,
      answer: null,
      error: "connection",
      errorDetail: "the endpoint is disabled",
    };
    await recordAttempt(options.db, delivery, attempt, options.now?.() ?? new Date());
    return attempt;
  }
  // The attempt is on record before its request leaves: a crash before its outcome is recorded
  // leaves an attempt without one (the endpoint may have it), and the next attempt is a visible repeat.
  const attemptId = await beginAttempt(options.db, delivery, now);
  if (attemptId === null) return LEASE_LOST;
  const attempt = await sendAttempt({
    url: delivery.url,
    body,
    headers: signedHeaders(delivery.eventId, body, secrets, now),
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs,
  });
  await recordAttempt(options.db, delivery, attempt, options.now?.() ?? new Date(), attemptId);
  return attempt;
}

/** What deliverLeased answers when its lease lapsed before it sent anything: nothing was sent or recorded. */
const LEASE_LOST: Attempt = {
  ok: false,
  status: null,
  latencyMs: 0,
  answer: null,
  error: "lease_lost",
  errorDetail: "not sent: the lease lapsed before the attempt began, so another pass may hold it",
};

/**
 * Records that an attempt begins — an attempt row without an outcome, and the delivery's count —
 * only while this pass holds the lease; answers the attempt's id, or null when the lease is gone.
 */
async function beginAttempt(db: Db, delivery: LeasedDelivery, at: Date): Promise<number | null> {
  const rows = await executePrepared<{ id: string | number }>(
    db,
    sql`
    with mine as (
      update outbound_deliveries set attempts = ${delivery.attempts + 1}
      where id = ${delivery.id} and lease_until = ${delivery.leaseUntil.toISOString()}::timestamptz
      returning id)
    insert into outbound_attempts (delivery_id, at, latency_ms)
    select id, ${at.toISOString()}::timestamptz, 0 from mine
    returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * One statement: the delivery's new state (only if this pass still holds its lease — a pass that
 * overran it changes nothing of the delivery), its attempt's outcome (the row beginAttempt made,
 * completed whatever the lease, since the request did leave; or a new, complete row when nothing
 * was sent), and the endpoint's health: failing since the first
 * failure, healthy again on a success, disabled on a 410 or after 3 days of failures. The endpoint
 * row is written only when its health changes, so a busy endpoint's deliveries do not queue on it.
 */
async function recordAttempt(
  db: Db,
  delivery: LeasedDelivery,
  attempt: Attempt,
  now: Date,
  attemptId: number | null = null,
): Promise<void> {
  const attempts = delivery.attempts + 1;
  const gone = attempt.status === 410;
  const retryIn = backoff(attempts);
  const status = attempt.ok ? "delivered" : gone || retryIn === null || !delivery.enabled ? "failed" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(now.getTime() + jitter(retryIn!)) : now;
  const error = attempt.error ? `${attempt.error}: ${attempt.errorDetail ?? ""}` : null;
  const at = now.toISOString();
  const failingLimit = new Date(now.getTime() - FAILING_DISABLES_AFTER_MS).toISOString();
  const overdue = sql`coalesce(failing_since <= ${failingLimit}::timestamptz, false)`;
  // Prepared: the same text every time, so Postgres plans it once per connection.
  await executePrepared(
    db,
    sql`
    with mine as (
      update outbound_deliveries set status = ${status}, attempts = ${attempts}, lease_until = null,
        delivered_at = ${attempt.ok ? at : null}::timestamptz, next_attempt_at = ${nextAttemptAt.toISOString()}::timestamptz
      where id = ${delivery.id} and lease_until = ${delivery.leaseUntil.toISOString()}::timestamptz
      returning id),
    attempt as (${
      attemptId === null
        ? sql`insert into outbound_attempts (delivery_id, at, status, latency_ms, answer, error, completed_at)
      select id, ${at}::timestamptz, ${attempt.status}, ${attempt.latencyMs}, ${attempt.answer}, ${error}, ${at}::timestamptz from mine
      returning delivery_id`
        : sql`update outbound_attempts set status = ${attempt.status}, latency_ms = ${attempt.latencyMs}, answer = ${attempt.answer},
        error = ${error}, completed_at = ${at}::timestamptz
      where id = ${attemptId} and completed_at is null
      returning delivery_id`
    }),
    health as (
      update webhook_endpoints set
        failing_since = case when ${attempt.ok} then null else coalesce(failing_since, ${at}::timestamptz) end,
        enabled = enabled and not (${gone} or (not ${attempt.ok} and ${overdue})),
        disabled_reason = case when not enabled then disabled_reason when ${gone} then 'gone'
          when not ${attempt.ok} and ${overdue} then 'failing' else null end,
        disabled_at = case when enabled and (${gone} or (not ${attempt.ok} and ${overdue})) then ${at}::timestamptz else disabled_at end,
        updated_at = ${at}::timestamptz
      where id = ${delivery.endpointId} and exists (select 1 from mine) and ${delivery.enabled}
        and case when ${attempt.ok} then failing_since is not null
          else ${gone} or failing_since is null or ${overdue} end
      returning id)
    select (select count(*) from attempt) as recorded, (select count(*) from health) as health`,
  );
}

/** Leases due deliveries and sends each once, waiting for all; answers how many were attempted. */
export async function deliverDue(options: DeliverOptions): Promise<number> {
  const leased = await leaseDue(options, options.batchSize ?? 100);
  await Promise.all(leased.map((delivery) => deliverLeased(options, delivery)));
  return leased.length;
}

/** ±10 %, so endpoints that failed together are not all retried in the same second. */
function jitter(ms: number): number {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}
