import "server-only";
import { and, count, eq, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests, requestEvents } from "../db/schema";
import { toDecimalString, toSatang } from "../money";
import { judgeFound, type FoundRequest } from "./adopt";
import type { MerchantApi, PaymentRecord } from "../provider/client";
import { applyToRequest, recordEvent } from "./apply";
import { sendToProvider, type RequestRow } from "./create";
import { isTerminal, type State } from "./lifecycle";
import type { Fact } from "./notes";
import { factsOf } from "../provider/result";
import { feeTermsOf, type FeeTerms } from "./fees";

/**
 * Asks the provider what became of one request and applies the answer through the state machine.
 *
 * An `unknown` request (the submit's answer was lost) is looked up by RefId1 (docs/provider-facts.md
 * §8.6) and always ends: a request its submit made is adopted (lib/requests/adopt.ts); requests
 * that cannot be its own mean the RefId1 was taken, and it is refused; nothing found after a grace
 * period means the provider never created it, so it is sent again, under the same RefId1, a
 * bounded number of times. What the provider cannot settle — several candidates, no look-up
 * possible, nothing there after every resend — is left to a person (`needs_review`), which only
 * staff's "Re-check now" looks up again. Everything else open is read back by the provider's id.
 */
export interface ReconcileOptions {
  /** The provider's merchant id, to tell our request from another merchant's with the same RefId1. */
  providerMerchantId: string;
  /** How long after the last attempt "not found" means "never created". */
  graceMs?: number;
  maxResends?: number;
}

export interface ReconcileResult {
  state: State;
  changed: boolean;
  /** What the check found, as facts; worded where it is shown. */
  note: Fact;
}

export async function reconcileRequest(db: Db, api: MerchantApi, given: RequestRow, options: ReconcileOptions): Promise<ReconcileResult> {
  let row = given;
  let state = row.status as State;
  // A row left `submitting` for a minute belongs to a send that died with its process: its
  // outcome is unknown, and settled like any other unknown.
  if (state === "submitting" && Date.now() - row.updatedAt.getTime() > 60_000) {
    state = (await applyToRequest(db, row.id, { type: "submit_uncertain", reason: { note: "send_unfinished" } }, { actor: "reconcile" }))
      .state;
    row = { ...row, status: state };
  }
  if (isTerminal(state) || state === "awaiting_approval" || state === "submitting")
    return { state, changed: false, note: { note: "nothing_to_check", state } };
  if (state === "unknown" || state === "needs_review") return settleUnknown(db, api, row, options);
  if (!row.providerId) return { state, changed: false, note: { note: "no_provider_id" } };

  const found = await api.getPaymentRequestById(row.providerId);
  if (!found.ok) return { state, changed: false, note: factsOf(found) };
  return applyProviderRecord(db, row, found.data);
}

async function settleUnknown(db: Db, api: MerchantApi, row: RequestRow, options: ReconcileOptions): Promise<ReconcileResult> {
  const state = row.status as State;
  const sentAt = row.submittedAt ?? row.createdAt;
  const lookup = await api.findByRefId1(row.refId1);
  if (!lookup.ok) {
    // Without a read key nothing can ever be looked up, and no webhook can find a request PayDesk
    // has no provider id for: waiting would be forever. Other failures pass; for a day.
    const isHopeless = lookup.kind === "forbidden" || lookup.kind === "auth_failed" || Date.now() - sentAt.getTime() > LOOKUP_PATIENCE_MS;
    if (!isHopeless) return { state, changed: false, note: factsOf(lookup) };
    return leaveToPerson(db, row, "SUBMIT_UNRESOLVED_NO_LOOKUP", factsOf(lookup), {});
  }
  await markChecked(db, row.id);
  const linked = await heldByOthers(
    db,
    row.id,
    lookup.data.map((r) => r.id),
  );
  const judged = judgeFound(
    {
      kind: row.kind,
      providerMerchantId: options.providerMerchantId,
      requestedSatang: toSatang(row.requestedAmount),
      refId2: row.refId2,
      refId3: row.refId3,
      sentAt,
      input: row.input as Record<string, unknown>,
    },
    lookup.data,
    linked,
  );
  switch (judged.verdict) {
    case "adopt":
      return adopt(db, row, judged.record, judged.found);
    case "taken": {
      const reason: Fact = { note: "ref_id1_taken", refId1: row.refId1 };
      const applied = await applyToRequest(
        db,
        row.id,
        { type: "submit_rejected", code: "REF_ID1_USED_AT_PROVIDER", description: null, facts: reason },
        { actor: "reconcile", data: { foundBy: "RefId1", found: judged.found } },
      );
      return { state: applied.state, changed: applied.applied, note: reason };
    }
    case "unresolved":
      return leaveToPerson(db, row, judged.code, { note: "cannot_tell" }, { found: judged.found });
    case "none":
      return notFound(db, api, row, options);
  }
}

/** Beyond the client's timeout, for the answer's parsing and the writes after it. */
const SEND_CLAIM_MARGIN_MS = 5_000;

/** A day of failed look-ups (a provider outage, a revoked key) before a person is asked to look. */
const LOOKUP_PATIENCE_MS = 24 * 60 * 60 * 1000;

/** Provider ids (lower-case) among `ids` that other PayDesk rows hold already. */
async function heldByOthers(db: Db, requestId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const wanted = [...new Set(ids.flatMap((id) => [id, id.toLowerCase()]))];
  const rows = await db
    .select({ providerId: paymentRequests.providerId })
    .from(paymentRequests)
    .where(and(inArray(paymentRequests.providerId, wanted), ne(paymentRequests.id, requestId)));
  return new Set(rows.map((r) => r.providerId!.toLowerCase()));
}

async function adopt(db: Db, row: RequestRow, record: PaymentRecord, found: FoundRequest[]): Promise<ReconcileResult> {
  const answer = record.payInResponse;
  let applied;
  try {
    applied = await applyToRequest(
      db,
      row.id,
      record.status.toLowerCase() === "pending"
        ? { type: "submit_accepted", providerStatus: "Pending" }
        : { type: "provider_status", status: record.status, statusCode: record.statusCode, reason: record.statusReason },
      {
        actor: "reconcile",
        changes: {
          providerId: record.id,
          ...(answer
            ? {
                providerResponse: answer,
                generatedAmount: toDecimalString(answer.generatedSatang),
                expireAt: answer.expireAt ? new Date(answer.expireAt) : null,
              }
            : {}),
          ...(!answer && record.generatedSatang !== null ? { generatedAmount: toDecimalString(record.generatedSatang) } : {}),
          ...(!answer && record.expireAt ? { expireAt: new Date(record.expireAt) } : {}),
        },
        data: { foundBy: "RefId1", providerId: record.id, providerStatus: record.status, found },
      },
    );
  } catch (error) {
    // Another row took this provider request between the look-up and the write (the unique
    // provider id stops the second): nothing changed, and the next check sees it as taken.
    if (isUniqueViolation(error)) return { state: row.status as State, changed: false, note: { note: "taken_meanwhile" } };
    throw error;
  }
  return { state: applied.state, changed: applied.applied, note: { note: "found_as", status: record.status } };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function leaveToPerson(db: Db, row: RequestRow, code: string, reason: Fact, data: Record<string, unknown>): Promise<ReconcileResult> {
  // Already left to a person (a staff re-check that learnt nothing new): the note is enough.
  if (row.status === "needs_review") return { state: "needs_review", changed: false, note: reason };
  const applied = await applyToRequest(db, row.id, { type: "submit_unresolved", code, reason }, { actor: "reconcile", data });
  return { state: applied.state, changed: applied.applied, note: reason };
}

/** The provider has no request with this RefId1: send again after a grace period, a bounded number of times. */
async function notFound(db: Db, api: MerchantApi, row: RequestRow, options: ReconcileOptions): Promise<ReconcileResult> {
  // A request left to a person is looked up when staff ask, never sent again by itself.
  if (row.status === "needs_review") return { state: "needs_review", changed: false, note: { note: "still_none" } };
  const graceMs = options.graceMs ?? 30_000;
  if (Date.now() - row.updatedAt.getTime() < graceMs) return { state: "unknown", changed: false, note: { note: "not_there_yet" } };
  const [resends] = await db
    .select({ n: count() })
    .from(requestEvents)
    .where(and(eq(requestEvents.requestId, row.id), eq(requestEvents.type, "resent")));
  if ((resends?.n ?? 0) >= (options.maxResends ?? 3)) {
    return leaveToPerson(db, row, "SUBMIT_UNRESOLVED_NOT_FOUND", { note: "gave_up" }, { resends: resends?.n ?? 0 });
  }
  // One send at a time, whoever checks: a staff re-check made while the worker's re-send is still
  // waiting for its answer must not send beside it. The claim lasts as long as a send can.
  const claimed = await db
    .update(paymentRequests)
    .set({ sendingUntil: new Date(Date.now() + api.timeoutMs + SEND_CLAIM_MARGIN_MS) })
    .where(and(eq(paymentRequests.id, row.id), or(isNull(paymentRequests.sendingUntil), lt(paymentRequests.sendingUntil, new Date()))))
    .returning({ id: paymentRequests.id });
  if (claimed.length === 0) return { state: "unknown", changed: false, note: { note: "not_there_yet" } };
  await recordEvent(db, row.id, "resent", "reconcile", { reason: { note: "no_such_ref_id1" } });
  let sent;
  try {
    sent = await sendToProvider(db, api, row);
  } finally {
    // The grace before another re-send counts from here, the end of this one.
    await db.update(paymentRequests).set({ sendingUntil: null, updatedAt: new Date() }).where(eq(paymentRequests.id, row.id));
  }
  const after = sent.outcome === "sent" ? sent.state : "unknown";
  return { state: after, changed: after !== "unknown", note: { note: "sent_again" } };
}

/** What the provider's record of the request says, through the state machine (also used with records read in bulk). */
export async function applyProviderRecord(db: Db, row: RequestRow, record: PaymentRecord): Promise<ReconcileResult> {
  const before = row.status as State;
  await markChecked(db, row.id, feeTermsOf(record));
  let result = await applyToRequest(
    db,
    row.id,
    { type: "provider_status", status: record.status, statusCode: record.statusCode, reason: record.statusReason },
    { actor: "reconcile", quietWhenConfirmed: true },
  );
  // Pay-outs partly paid (P2P rounds) stay Pending at the provider; their running total is in the record.
  if (
    (row.kind === "payout" || row.kind === "withdrawal") &&
    record.payoutPaidSatang !== null &&
    record.payoutPaidSatang > toSatang(row.paidAmount) &&
    !isTerminal(result.state)
  ) {
    result = await applyToRequest(
      db,
      row.id,
      { type: "payout_success", txSatang: 0, isPartial: true, paidInclusiveSatang: record.payoutPaidSatang, providerStatus: record.status },
      { actor: "reconcile" },
    );
  }
  return {
    state: result.state,
    changed: result.state !== before || result.applied,
    note: { note: "provider_says", status: record.status },
  };
}

/** The provider answered: shown on the request page instead of a timeline entry per check; with the fee's terms its record gave. */
async function markChecked(db: Db, requestId: string, terms: FeeTerms = {}): Promise<void> {
  await db
    .update(paymentRequests)
    .set({ lastCheckedAt: new Date(), ...terms })
    .where(eq(paymentRequests.id, requestId));
}
