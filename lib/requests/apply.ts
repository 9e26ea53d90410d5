import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowFromJson } from "../db/row-json";
import { executePrepared } from "../db/prepared";
import { paymentRequests, requestEvents, webhookDeliveries } from "../db/schema";
import { toDecimalString, toSatang } from "../money";
import { applyEvent, isEndedPaid, type LifecycleEvent, type State, type Verdict } from "./lifecycle";
import type { Fact, Note } from "./notes";
import { eventTypeFor, newEventId } from "../outbound-webhooks/events";
import { APPROVER_ROLES, attentionFor, attentionInsert, lineAttentionInsert } from "../notify/outbox";
import { linePaidInsert } from "../line/outbox";
import { nextCheckAt } from "./schedule";

/**
 * The one function through which anything changes a request's state: it reads the row, asks the
 * state machine, and writes the result, the timeline entry and the announcement (NOTIFY, for live
 * views on every instance) in one statement — which writes nothing unless the row still is what
 * the machine was asked about; then it asks again on the new row. That compare-and-set stands in
 * for a row lock held across a transaction: one round trip instead of six, and on PGlite no
 * transaction holding its only connection. An event the machine refuses is still recorded,
 * marked ignored, so staff see a late or duplicate webhook on the timeline.
 */
export const REQUEST_CHANNEL = "paydesk_request_changed";

/**
 * A request's announcement on REQUEST_CHANNEL: `<merchantId>/<requestId>` (ids have no slash), so
 * whoever hears it knows whose request changed without asking (lib/live/bus.ts).
 */
export const announcement = (merchantId: SQL, requestId: SQL): SQL => sql`${merchantId} || '/' || ${requestId}`;

/** A request's announcement where only its id is at hand: the merchant read from its row, which exists by then. */
export const announcementOf = (requestId: SQL): SQL =>
  announcement(sql`(select announced.merchant_id from payment_requests announced where announced.id = ${requestId})`, requestId);

/**
 * A change to one of the merchant's outbound deliveries, announced on the same channel as
 * `delivery:<merchantId>` (migration 0052's trigger), so each process keeps one LISTEN connection;
 * the outbound worker does not wake for these (lib/start-up.ts).
 */
export const DELIVERY_CHANGE_PREFIX = "delivery:";

export interface Applied {
  applied: boolean;
  state: State;
  why?: Note;
  /** Only with `settles`: the delivery was no longer being processed by this pass; nothing was written. */
  superseded?: true;
  /** With `answerRow`, when the event applied: the request as this change left it (no read after). */
  row?: typeof paymentRequests.$inferSelect;
}

/** What the state machine and the schedule need of a request. */
export interface RequestFacts {
  id: string;
  status: string;
  kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
  requestedAmount: string;
  /** Absent is read as none: the paid amount of a Pay-In falls back to the requested amount. */
  generatedAmount?: string | null;
  paidAmount: string;
  createdAt: Date;
  expireAt: Date | null;
}

export interface ApplyOptions {
  /** Who or what: a staff user id, "provider", "webhook", "reconcile", "sandbox". */
  actor: string;
  /** Extra columns to write when the event applies (provider id, stored answer…). */
  changes?: Partial<typeof paymentRequests.$inferInsert>;
  /** What to keep on the timeline beside the event itself. */
  data?: Record<string, unknown>;
  /**
   * A check, not news: an answer that only confirms the current state (still pending) writes
   * nothing, so the timeline records changes rather than every reconciliation pass. Webhooks do
   * not set it: a late or duplicate delivery is still recorded, marked ignored.
   */
  quietWhenConfirmed?: boolean;
  /** The request as the caller just read it, saving a read; a stale copy only costs a retry. */
  known?: RequestFacts;
  /** Answer the row as the change left it (`Applied.row`), from the statement that writes it. */
  answerRow?: boolean;
  /**
   * The webhook delivery this event comes from. Its verdict is written in the same statement as
   * the change, and nothing is written unless the delivery is still `received`: a delivery
   * applies once, even when a crash or a second pass (the stranded sweep) runs it again. Not for
   * use inside a transaction: the statement turns off synchronous commit for its transaction.
   */
  settles?: { deliveryId: number; verdictFor(result: Applied): { verdict: string; reason: Fact | null } };
}

/** Attempts before giving up on a row that keeps changing under us (each retry means another writer progressed). */
const MAX_ATTEMPTS = 20;

export async function applyToRequest(db: Db, requestId: string, event: LifecycleEvent, options: ApplyOptions): Promise<Applied> {
  let facts = options.known ?? (await readFacts(db, requestId, options.settles?.deliveryId)).facts;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = facts.status as State;
    // A generated amount written by this very event (an adopted request's) counts already.
    const generated = options.changes?.generatedAmount !== undefined ? options.changes.generatedAmount : facts.generatedAmount;
    const verdict = applyEvent(
      {
        state: current,
        kind: facts.kind,
        requestedSatang: toSatang(facts.requestedAmount),
        generatedSatang: generated == null ? null : toSatang(generated),
        paidSatang: toSatang(facts.paidAmount),
      },
      event,
    );
    const result: Applied = verdict.applied ? { applied: true, state: verdict.next } : { applied: false, state: current, why: verdict.why };
    if (!verdict.applied && verdict.confirms && options.quietWhenConfirmed && !options.settles) return result;
    const written = await writeOutcome(db, facts, event, verdict, result, options);
    if (written) return written.row ? { ...result, row: rowFromJson(paymentRequests, written.row) } : result;
    const reread = await readFacts(db, requestId, options.settles?.deliveryId);
    if (options.settles && reread.deliveryVerdict !== "received") {
      return { applied: false, state: reread.facts.status as State, superseded: true };
    }
    facts = reread.facts;
  }
  throw new Error(`payment request ${requestId} kept changing; the event was not applied`);
}

async function readFacts(
  db: Db,
  requestId: string,
  deliveryId: number | undefined,
): Promise<{ facts: RequestFacts; deliveryVerdict: string | null }> {
  const [row] = await db
    .select({
      id: paymentRequests.id,
      status: paymentRequests.status,
      kind: paymentRequests.kind,
      requestedAmount: paymentRequests.requestedAmount,
      generatedAmount: paymentRequests.generatedAmount,
      paidAmount: paymentRequests.paidAmount,
      createdAt: paymentRequests.createdAt,
      expireAt: paymentRequests.expireAt,
      deliveryVerdict:
        deliveryId === undefined
          ? sql<null>`null`
          : sql<
              string | null
            >`(select ${webhookDeliveries.verdict} from ${webhookDeliveries} where ${webhookDeliveries.id} = ${deliveryId})`,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId));
  if (!row) throw new Error(`payment request ${requestId} does not exist`);
  const { deliveryVerdict, ...facts } = row;
  return { facts, deliveryVerdict };
}

/**
 * One statement: [the delivery, still waiting] → target → timeline entry (+ NOTIFY, delivered on
 * commit to every listening instance) [→ the delivery's verdict]. `target` is the row only if it
 * still has the status and paid amount we decided on — updated when the event applies, locked
 * when it is ignored — so an empty result means someone changed it first (or settled the
 * delivery) and nothing was written.
 */
async function writeOutcome(
  db: Db,
  facts: RequestFacts,
  event: LifecycleEvent,
  verdict: Verdict,
  result: Applied,
  options: ApplyOptions,
): Promise<false | { row: Record<string, unknown> | null }> {
  const delivery = options.settles ? { id: options.settles.deliveryId, ...options.settles.verdictFor(result) } : null;
  const stillAsDecided = and(
    eq(paymentRequests.id, facts.id),
    eq(paymentRequests.status, facts.status),
    eq(paymentRequests.paidAmount, facts.paidAmount),
    delivery ? sql`exists (select 1 from waiting)` : undefined,
  );
  // The event the merchant's systems are told of, if any (lib/outbound-webhooks/events.ts).
  const outbound = verdict.applied
    ? eventTypeFor(facts.kind, facts.status, verdict.next, verdict.paidSatang > toSatang(facts.paidAmount))
    : null;
  // …and what a person must act on (a request needing review, money out that failed): their e-mail (lib/notify).
  const attention = verdict.applied ? attentionFor(facts.kind, facts.status, verdict.next) : null;
  // …and money in that just became paid, by LINE when its merchant set a threshold (lib/line/outbox.ts).
  const paidNews =
    verdict.applied && (facts.kind === "payin" || facts.kind === "payin_p2p") && verdict.next !== facts.status && isEndedPaid(verdict.next);
  const update = verdict.applied
    ? db
        .update(paymentRequests)
        // An event about it takes the request's next sequence number (the outbox's copy of the row carries it).
        .set({ ...changesFor(facts, verdict, options), ...(outbound ? { eventSeq: sql`${paymentRequests.eventSeq} + 1` } : {}) })
        .where(stillAsDecided)
    : null;
  const target: SQL = update
    ? // The whole row when it is news for the merchant's systems (the outbox keeps it as it now
      // stands) or the caller wants it back: `returning *`, the same columns under the same names
      // as drizzle's `returning()`, whose list of 37 columns cost several times the rest of the
      // statement's building on every apply (bench/webhook-ingest, in process).
      outbound || options.answerRow
      ? sql`${update.getSQL()} returning *`
      : sql`${update.getSQL()} returning id, merchant_id`
    : sql`select id, merchant_id from ${paymentRequests} where ${stillAsDecided} for update`;
  const data = {
    ...event,
    ...options.data,
    outcome: verdict.applied ? { from: facts.status, to: verdict.next } : { ignored: verdict.why },
  };
  const ctes: SQL[] = [
    ...(delivery
      ? [sql`waiting as (select id from webhook_deliveries where id = ${delivery.id} and verdict = 'received' for update)`]
      : []),
    sql`target as (${target})`,
    sql`timeline as (insert into request_events (request_id, type, actor, data) select id, ${event.type}, ${options.actor}, ${JSON.stringify(data)}::jsonb from target returning request_id)`,
    // The outbox (docs/DESIGN.md §14): the event and one delivery per endpoint subscribed to it, in
    // this same statement, so the change and its events commit together or not at all.
    ...(outbound
      ? [
          sql`outbox as (insert into outbound_events (id, merchant_id, request_id, type, request_row) select ${newEventId()}, t.merchant_id, t.id, ${outbound}, to_jsonb(t) from target t where exists (select 1 from webhook_endpoints e where e.merchant_id = t.merchant_id and e.enabled and ${outbound} = any(e.event_types)) returning id, merchant_id)`,
          sql`fanout as (insert into outbound_deliveries (event_id, endpoint_id) select o.id, e.id from outbox o join webhook_endpoints e on e.merchant_id = o.merchant_id and e.enabled and ${outbound} = any(e.event_types))`,
        ]
      : []),
    ...(attention ? [sql`attention as (${attentionInsert(attention)})`, sql`line_attention as (${lineAttentionInsert(attention)})`] : []),
    ...(paidNews ? [sql`line_paid as (${linePaidInsert(toDecimalString(verdict.paidSatang), APPROVER_ROLES)})`] : []),
    ...(delivery
      ? [
          sql`settled as (update webhook_deliveries set verdict = ${delivery.verdict}, reason_facts = ${delivery.reason === null ? null : JSON.stringify(delivery.reason)}::jsonb, request_id = ${facts.id} where id = ${delivery.id} and exists (select 1 from target))`,
        ]
      : []),
  ];
  // A settled delivery's apply commits without waiting for the disk: the delivery was flushed as
  // `received` before the provider got its answer, and its verdict commits with this change, so a
  // crash that loses this commit leaves it `received` for the stranded sweep to apply again.
  // (Local to this statement's own transaction; a later flushed commit makes it durable too.)
  const noFlushWait = delivery ? sql`, set_config('synchronous_commit', 'off', true)` : sql``;
  const answer = update && options.answerRow ? sql`, (select to_jsonb(t) from target t) as row` : sql``;
  const written = await executePrepared<{ row?: Record<string, unknown> | string | null }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select pg_notify(${REQUEST_CHANNEL}, ${announcement(sql`target.merchant_id`, sql`timeline.request_id`)})${noFlushWait}${answer} from timeline join target on target.id = timeline.request_id`,
  );
  if (written.length === 0) return false;
  const row = written[0]!.row;
  return { row: typeof row === "string" ? (JSON.parse(row) as Record<string, unknown>) : (row ?? null) };
}

function changesFor(
  facts: RequestFacts,
  verdict: Extract<Verdict, { applied: true }>,
  options: ApplyOptions,
): Partial<typeof paymentRequests.$inferInsert> {
  const expireAt = options.changes?.expireAt !== undefined ? options.changes.expireAt : facts.expireAt;
  const schedule = { state: verdict.next, kind: facts.kind, createdAt: facts.createdAt, expireAt: expireAt ?? null, checkCount: 0 };
  const now = new Date();
  const isNewState = verdict.next !== facts.status;
  const isNowPaid = isNewState && isEndedPaid(verdict.next);
  return {
    ...options.changes,
    status: verdict.next,
    paidAmount: toDecimalString(verdict.paidSatang),
    // A new state starts its own reconciliation schedule.
    nextCheckAt: nextCheckAt(schedule, now),
    checkCount: 0,
    // A new state's code and reason are its own: a request that recovered (unknown → pending) no
    // longer says why it once was unknown. Within one state (a partial round) they are kept.
    ...(isNewState
      ? { statusCode: verdict.statusCode ?? null, statusReason: verdict.reason ?? null, statusFacts: verdict.facts ?? null }
      : {}),
    ...(!isNewState && verdict.statusCode !== undefined ? { statusCode: verdict.statusCode } : {}),
    ...(!isNewState && verdict.reason !== undefined ? { statusReason: verdict.reason } : {}),
    ...(!isNewState && verdict.facts !== undefined ? { statusFacts: verdict.facts } : {}),
    ...(isNowPaid ? { paidAt: now } : {}),
    updatedAt: now,
  };
}

/** A timeline entry that is not a state change (a slip upload, a staff note, a reconcile that found nothing new), announced in the same statement. */
export async function recordEvent(
  db: Db,
  requestId: string,
  type: string,
  actor: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const entry = db.insert(requestEvents).values({ requestId, type, actor, data }).returning({ requestId: requestEvents.requestId });
  await db.execute(
    sql`with entry as (${entry.getSQL()}) select pg_notify(${REQUEST_CHANNEL}, ${announcementOf(sql`entry.request_id`)}) from entry`,
  );
}
