import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { merchants, paymentRequests, staffUsers } from "../db/schema";
import type { MerchantScope } from "../merchants/queries";
import { toSatang, type Satang } from "../money";
import type { MerchantApi } from "../provider/client";
import type { Destination } from "./contract";
import { applyToRequest } from "./apply";
import { sendToProvider } from "./create";
import type { Fact } from "./notes";
import type { State } from "./lifecycle";

/**
 * The approvals queue (maker-checker): Pay-Outs and Withdrawals above the merchant's threshold are
 * recorded as `awaiting_approval` and sent only when a second person approves. The rule that the
 * requester cannot approve their own request lives here, on the server, whatever the page shows.
 * Approval goes through the state machine first (awaiting_approval → submitting, under the row
 * lock), so two people approving at once send it once: the second finds it already decided.
 */
export interface HeldRequest {
  id: string;
  merchantId: string;
  merchantName: string;
  kind: "payout" | "withdrawal";
  refId1: string;
  refId2: string | null;
  refId3: string | null;
  amountSatang: Satang;
  destination: Destination | null;
  description: string | null;
  createdAt: Date;
  createdBy: { id: string; name: string; email: string } | null;
  /** A refund: the Pay-In it gives money back for, so the checker can compare the payer and the account (lib/refunds). */
  refundOf: { id: string; refId1: string; payerName: string | null; paidSatang: Satang } | null;
}

/** The Pay-In a held refund is for. */
const refunded = alias(paymentRequests, "refunded");

/** Held requests of the merchants in the person's scope, oldest first (first in, first decided). */
export async function listHeldRequests(db: Db, scope: MerchantScope, limit = 200): Promise<HeldRequest[]> {
  if (scope.merchantIds !== null && scope.merchantIds.length === 0) return [];
  const held = eq(paymentRequests.status, "awaiting_approval");
  const rows = await db
    .select({
      request: paymentRequests,
      merchantName: merchants.displayName,
      creatorName: staffUsers.name,
      creatorEmail: staffUsers.email,
      payIn: { id: refunded.id, refId1: refunded.refId1, payerName: refunded.payerName, paidAmount: refunded.paidAmount },
    })
    .from(paymentRequests)
    .innerJoin(merchants, eq(merchants.id, paymentRequests.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, paymentRequests.createdBy))
    .leftJoin(refunded, eq(refunded.id, paymentRequests.refundOf))
    .where(scope.merchantIds === null ? held : and(held, inArray(paymentRequests.merchantId, scope.merchantIds)))
    .orderBy(asc(paymentRequests.createdAt))
    .limit(limit);
  return rows.map(({ request: r, merchantName, creatorName, creatorEmail, payIn }) => {
    const input = r.input as { destination?: Destination; description?: string };
    return {
      id: r.id,
      merchantId: r.merchantId,
      merchantName,
      kind: r.kind === "withdrawal" ? "withdrawal" : "payout",
      refId1: r.refId1,
      refId2: r.refId2,
      refId3: r.refId3,
      amountSatang: toSatang(r.requestedAmount),
      destination: input.destination ?? null,
      description: input.description ?? null,
      createdAt: r.createdAt,
      createdBy: r.createdBy ? { id: r.createdBy, name: creatorName ?? "", email: creatorEmail ?? "" } : null,
      refundOf: payIn ? { id: payIn.id, refId1: payIn.refId1, payerName: payIn.payerName, paidSatang: toSatang(payIn.paidAmount) } : null,
    };
  });
}

export type DecisionResult =
  /** `reason`: why it stands where it does, as facts (lib/requests/create.ts `reasonOf`). */
  | { ok: true; state: State; reason: Fact | null }
  | { ok: false; reason: "not_found" | "own_request" | "no_api" }
  | { ok: false; reason: "already_decided"; state: State };

interface Decision {
  requestId: string;
  /** The merchant the person acted under; a request of another merchant is "not found". */
  merchantRowId: string;
  actorId: string;
}

async function heldRow(db: Db, d: Decision) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, d.requestId), eq(paymentRequests.merchantId, d.merchantRowId)))
    .limit(1);
  return row;
}

/** Approves a held request and sends it to the provider; the answer (pending, rejected, unknown) is the request's new state. */
export async function approveRequest(
  db: Db,
  apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>,
  d: Decision,
): Promise<DecisionResult> {
  const row = await heldRow(db, d);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.status !== "awaiting_approval") return { ok: false, reason: "already_decided", state: row.status as State };
  if (row.createdBy === d.actorId) return { ok: false, reason: "own_request" };
  // Before approving: an approval that cannot be sent would leave the request stuck in submitting.
  const api = await apiFor(row.merchantId);
  if (!api) return { ok: false, reason: "no_api" };
  const applied = await applyToRequest(
    db,
    row.id,
    { type: "approval_granted" },
    { actor: d.actorId, changes: { submittedAt: new Date() }, data: { approvedBy: d.actorId } },
  );
  if (!applied.applied) return { ok: false, reason: "already_decided", state: applied.state };
  const sent = await sendToProvider(db, api, { ...row, status: applied.state });
  // sendToProvider answers "sent" for a recorded row; anything else would be a bug in it.
  if (sent.outcome !== "sent") throw new Error(`sending approved request ${row.id} answered ${sent.outcome}`);
  return { ok: true, state: sent.state, reason: sent.reason };
}

/**
 * Declines a held request with a reason: it ends `canceled`, never sent. The requester may decline
 * (withdraw) their own; only approving needs a second person.
 */
export async function declineRequest(db: Db, d: Decision & { reason: string }): Promise<DecisionResult> {
  const row = await heldRow(db, d);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.status !== "awaiting_approval") return { ok: false, reason: "already_decided", state: row.status as State };
  const applied = await applyToRequest(
    db,
    row.id,
    { type: "approval_declined", reason: d.reason },
    { actor: d.actorId, data: { declinedBy: d.actorId } },
  );
  if (!applied.applied) return { ok: false, reason: "already_decided", state: applied.state };
  return { ok: true, state: applied.state, reason: null };
}
