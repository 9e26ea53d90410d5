import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests, requestEvents } from "../db/schema";
import { toDecimalString, toSatang } from "../money";
import { applyEvent, type LifecycleEvent, type State } from "./lifecycle";
import { nextCheckAt } from "./schedule";

/**
 * The one function through which anything changes a request's state: it locks the row, asks the
 * state machine, writes the result and the timeline entry in one transaction, and announces the
 * change (NOTIFY) for live views on every instance. An event the machine refuses is still recorded,
 * marked ignored, so staff see a late or duplicate webhook on the timeline.
 */
export const REQUEST_CHANNEL = "paydesk_request_changed";

export interface Applied {
  applied: boolean;
  state: State;
  why?: string;
}

export interface ApplyOptions {
  /** Who or what: a staff user id, "provider", "webhook", "reconcile", "sandbox". */
  actor: string;
  /** Extra columns to write when the event applies (provider id, stored answer…). */
  changes?: Partial<typeof paymentRequests.$inferInsert>;
  /** What to keep on the timeline beside the event itself. */
  data?: Record<string, unknown>;
}

export async function applyToRequest(db: Db, requestId: string, event: LifecycleEvent, options: ApplyOptions): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: paymentRequests.status,
        kind: paymentRequests.kind,
        requestedAmount: paymentRequests.requestedAmount,
        paidAmount: paymentRequests.paidAmount,
        createdAt: paymentRequests.createdAt,
        expireAt: paymentRequests.expireAt,
      })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, requestId))
      .for("update");
    if (!row) throw new Error(`payment request ${requestId} does not exist`);
    const current = row.status as State;
    const verdict = applyEvent({ state: current, kind: row.kind, requestedSatang: toSatang(row.requestedAmount), paidSatang: toSatang(row.paidAmount) }, event);
    if (verdict.applied) {
      const expireAt = options.changes?.expireAt !== undefined ? options.changes.expireAt : row.expireAt;
      const schedule = { state: verdict.next, kind: row.kind, createdAt: row.createdAt, expireAt: expireAt ?? null, checkCount: 0 };
      await tx
        .update(paymentRequests)
        .set({
          ...options.changes,
          status: verdict.next,
          paidAmount: toDecimalString(verdict.paidSatang),
          // A new state starts its own reconciliation schedule.
          nextCheckAt: nextCheckAt(schedule, new Date()),
          checkCount: 0,
          ...(verdict.statusCode !== undefined ? { statusCode: verdict.statusCode } : {}),
          ...(verdict.reason !== undefined ? { statusReason: verdict.reason } : {}),
          updatedAt: new Date(),
        })
        .where(eq(paymentRequests.id, requestId));
    }
    await tx.insert(requestEvents).values({
      requestId,
      type: event.type,
      actor: options.actor,
      data: { ...event, ...options.data, outcome: verdict.applied ? { from: current, to: verdict.next } : { ignored: verdict.why } },
    });
    // Delivered on commit, to this instance and every other one listening on the same database.
    await tx.execute(sql`select pg_notify(${REQUEST_CHANNEL}, ${requestId})`);
    return verdict.applied ? { applied: true, state: verdict.next } : { applied: false, state: current, why: verdict.why };
  });
}

/** A timeline entry that is not a state change (a slip upload, a staff note, a reconcile that found nothing new). */
export async function recordEvent(db: Db, requestId: string, type: string, actor: string, data: Record<string, unknown> = {}): Promise<void> {
  await db.insert(requestEvents).values({ requestId, type, actor, data });
  await db.execute(sql`select pg_notify(${REQUEST_CHANNEL}, ${requestId})`);
}
