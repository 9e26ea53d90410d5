import "server-only";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests, slips } from "../db/schema";
import { recordEvent } from "../requests/apply";
import type { Scope } from "../requests/queries";
import type { SlipDecision } from "./decision-limits";
import { readSlipQr } from "./qr";
import { SLIP_ID_PATTERN } from "./store";

/**
 * Staff's work on a slip: what its QR says, read once and kept (so a list of slips never decodes
 * pictures), and their decision — it matches its request, or it does not, with a note. A decision
 * is the merchant's own record, audited and on the request's timeline; it tells the provider
 * nothing and never changes the request's state: only the provider says a request is paid
 * (docs/DESIGN.md §5.3).
 */

/** Reads the slip's QR when nobody has yet; the first reader's answer is the one kept. */
export async function ensureSlipQr(db: Db, slipId: string): Promise<void> {
  if (!SLIP_ID_PATTERN.test(slipId)) return;
  const [row] = await db
    .select({ image: slips.image })
    .from(slips)
    .where(and(eq(slips.id, slipId), isNull(slips.qrReadAt)))
    .limit(1);
  if (!row) return;
  const qr = await readSlipQr(row.image);
  await db
    .update(slips)
    .set({
      qrReadAt: new Date(),
      qrKind: qr.kind,
      qrBank: qr.kind === "slip" ? qr.bankCode : null,
      qrReference: qr.kind === "slip" ? qr.reference : null,
      qrAmount: qr.kind === "payment_qr" ? qr.amount : null,
    })
    .where(and(eq(slips.id, slipId), isNull(slips.qrReadAt)));
}

export type DecideOutcome =
  { ok: true; requestId: string; previous: SlipDecision | null; unchanged: boolean } | { ok: false; problem: "not_found" | "note_needed" };

/**
 * Records the decision on a slip the person may see. "Does not match" needs a note saying why
 * (the next person reads it); deciding again replaces the decision, and the timeline keeps both.
 * The same decision with the same note again changes nothing and writes nothing.
 */
export async function decideSlip(
  db: Db,
  scope: Scope,
  input: { slipId: string; decision: SlipDecision; note: string; actorId: string },
): Promise<DecideOutcome> {
  const note = input.note.trim();
  if (input.decision === "does_not_match" && note === "") return { ok: false, problem: "note_needed" };
  if (!SLIP_ID_PATTERN.test(input.slipId)) return { ok: false, problem: "not_found" };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [slip] = await t
      .select({ requestId: slips.requestId, merchantId: slips.merchantId, decision: slips.decision, note: slips.decisionNote })
      .from(slips)
      .where(eq(slips.id, input.slipId))
      .for("update")
      .limit(1);
    if (!slip || (scope.merchantIds !== null && !scope.merchantIds.includes(slip.merchantId))) return { ok: false, problem: "not_found" };
    const previous = (slip.decision as SlipDecision | null) ?? null;
    if (previous === input.decision && (slip.note ?? "") === note)
      return { ok: true, requestId: slip.requestId, previous, unchanged: true };
    await t
      .update(slips)
      .set({ decision: input.decision, decisionNote: note || null, decidedBy: input.actorId, decidedAt: new Date() })
      .where(eq(slips.id, input.slipId));
    await recordEvent(t, slip.requestId, "slip_decided", input.actorId, {
      slipId: input.slipId,
      decision: input.decision,
      ...(note ? { note } : {}),
      ...(previous ? { previous } : {}),
    });
    return { ok: true, requestId: slip.requestId, previous, unchanged: false };
  });
}

/** Other slips in scope whose QR carries the same transaction reference: the same transfer shown again. */
export async function slipsWithSameReference(db: Db, scope: Scope, slipId: string, reference: string) {
  return db
    .select({ id: slips.id, requestId: slips.requestId, refId1: paymentRequests.refId1, createdAt: slips.createdAt })
    .from(slips)
    .innerJoin(paymentRequests, eq(paymentRequests.id, slips.requestId))
    .where(
      and(
        eq(slips.qrReference, reference),
        ne(slips.id, slipId),
        scope.merchantIds === null ? undefined : scope.merchantIds.length ? inArray(slips.merchantId, scope.merchantIds) : sql`false`,
      ),
    )
    .orderBy(slips.createdAt)
    .limit(20);
}
