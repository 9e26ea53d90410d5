import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookDeliveries } from "../db/schema";
import { toSatang } from "../money";
import type { MerchantApi } from "../provider/client";
import { applyToRequest, type Applied } from "../requests/apply";
import { isEndedPaid, isTerminal, stateFromProvider, type LifecycleEvent, type State } from "../requests/lifecycle";
import { directionOf } from "../provider/bulk-read";
import { confirmations } from "./confirm-batch";
import { holdDelivery, type HeldVerdict } from "./hold";
import { matchStored, type Match, type MatchedRequest, type Prepared } from "./match";
import type { WebhookEvent } from "./parse";
import type { Fact, Note } from "../requests/notes";
import { factsOf } from "../provider/result";
import { feeColumnsFromWebhook, feeTermsOf, type FeeTerms } from "../requests/fees";

/**
 * Applying a stored webhook. Matched to a request of the merchant whose secret it carried, checked
 * against that request (RefId1, amount), confirmed with the provider (a webhook is a claim; the
 * provider's record is the truth, docs/provider-facts.md §6.4: the provider signs nothing, so anyone who
 * learns the secret header can send one), then fed to the state machine. A request already
 * terminal is not asked about: no answer could move it. Whatever cannot be
 * applied is kept with the reason, for a person: success for an unknown request is "unmatched
 * money" (the provider approves unidentified transfers with a fresh random PMR_ID, §2.3 step 4).
 *
 * Fail closed: a claim the provider did not confirm — the read timed out, failed, was refused, had
 * to wait too long for the rate limit, or the merchant has no read key — changes nothing. It is
 * kept as `unconfirmed` and the request's next check is brought forward, so reconciliation applies
 * what the provider itself reports (lib/provider-webhooks/hold.ts). Only a merchant whose admin chose to
 * apply unconfirmed webhooks (it has no read key) has them applied, marked `applied_unconfirmed`.
 *
 * Exactly once: a delivery is settled by moving it from `received` to its verdict, and that move
 * is the same statement as the change it causes, made only if the delivery is still `received`.
 * So whichever pass gets there first (the request handler's after-work, or the stranded sweep when
 * that one died or is slow) applies it; any other writes nothing. For a matched webhook that is
 * two statements in all: the receiver's store-and-match, and the apply with its verdict.
 */
export type Verdict =
  | "applied"
  | "applied_unconfirmed"
  | "unconfirmed"
  | "ignored"
  | "unmatched_money"
  | "unknown_request"
  | "mismatch"
  | "contradicted"
  | "error";

export type ApiFor = (merchantRowId: string) => Promise<MerchantApi | undefined>;

const NO_READ_KEY: Note = { note: "webhook_no_read_key" };

/** `prepared` is what the receiver read when it stored the delivery; without it the delivery is read back (the stranded sweep). */
export async function processDelivery(db: Db, apiFor: ApiFor, deliveryId: number, prepared?: Prepared): Promise<Verdict> {
  const ready = prepared ?? (await matchStored(db, deliveryId));
  if (!ready) return "ignored";
  /** Writes a verdict that changes no request; "ignored" when another pass settled the delivery first. `reason`: PayDesk's facts, or an error's own text. */
  const finish = async (verdict: Verdict, reason: Fact | string, requestId: string | null = null): Promise<Verdict> => {
    const settled = await db
      .update(webhookDeliveries)
      .set({ verdict, requestId, ...(typeof reason === "string" ? { reason } : { reasonFacts: reason }) })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.verdict, "received")))
      .returning({ id: webhookDeliveries.id });
    return settled.length > 0 ? verdict : "ignored";
  };
  try {
    if ("unreadable" in ready) return await finish("error", ready.unreadable);
    const { event: e, match } = ready;
    const { request } = match;
    if (!request) {
      return await finish(
        e.event.endsWith(".Success") ? "unmatched_money" : "unknown_request",
        e.event.endsWith(".Success")
          ? { note: "webhook_unmatched_money", providerId: e.requestId, refId1: e.refId1 }
          : { note: "webhook_unknown_request", providerId: e.requestId },
      );
    }
    /** `detail` is for the timeline: the provider call's failure when there is one. */
    const held = (verdict: HeldVerdict, reason: Fact, detail: Fact = reason) =>
      holdDelivery(db, { deliveryId, requestId: request.id, verdict, reason, data: { event: e.event, jobId: e.jobId, detail } }).then(
        (settled): Verdict => (settled ? verdict : "ignored"),
      );
    const problem = mismatch(e, request);
    if (problem) return await held("mismatch", problem);

    // A terminal state is never left (lib/requests/lifecycle.ts): whatever the provider says, the
    // claim changes nothing, so it costs no call of the shared budget. The state machine records
    // it as ignored, with its reason, as it would after a confirmation.
    const confirmation: Confirmation = isTerminal(request.status as State)
      ? { outcome: "moot", lifecycleEvent: eventFor(e), contradiction: null }
      : await confirmWithProvider(apiFor, match, e, request);
    if (confirmation.outcome === "unconfirmed") return await held("unconfirmed", confirmation.why, confirmation.detail);
    const { lifecycleEvent, contradiction } = confirmation;
    const unconfirmed = confirmation.outcome === "applied_unconfirmed";
    // The fee as the provider states it (lib/requests/fees.ts): its record's terms, then what a
    // confirmed success itself says. A contradicted claim's figures are not the request's.
    const fees = {
      ...confirmation.terms,
      ...(contradiction ? {} : feeColumnsFromWebhook(e.event, e.parameters, request, e.txSatang, e.isPartial)),
    };
    const result = await applyToRequest(db, request.id, lifecycleEvent, {
      actor: "webhook",
      ...(Object.keys(fees).length > 0 ? { changes: fees } : {}),
      data: {
        event: e.event,
        jobId: e.jobId,
        deliveryId,
        ...(contradiction ? { note: contradiction } : {}),
        ...(unconfirmed ? { unconfirmed: true } : {}),
      },
      known: request,
      settles: { deliveryId, verdictFor: (applied) => verdictAfter(applied, contradiction, unconfirmed) },
    });
    return result.superseded ? "ignored" : verdictAfter(result, contradiction, unconfirmed).verdict;
  } catch (error) {
    return finish("error", error instanceof Error ? error.message : String(error));
  }
}

function verdictAfter(result: Applied, contradiction: Fact | null, unconfirmed: boolean): { verdict: Verdict; reason: Fact | null } {
  if (contradiction) return { verdict: "contradicted", reason: contradiction };
  if (!result.applied) return { verdict: "ignored", reason: result.why ?? null };
  return unconfirmed ? { verdict: "applied_unconfirmed", reason: NO_READ_KEY } : { verdict: "applied", reason: null };
}

type Confirmation =
  /** "moot": not asked, the request being terminal. `terms`: the fee's, from the provider's record when it was read. */
  | { outcome: "confirmed" | "applied_unconfirmed" | "moot"; lifecycleEvent: LifecycleEvent; contradiction: null; terms?: FeeTerms }
  | { outcome: "contradicted"; lifecycleEvent: LifecycleEvent; contradiction: Fact; terms?: FeeTerms }
  | { outcome: "unconfirmed"; why: Fact; detail?: Fact };

/**
 * Asks the provider for the request's current state. The claim applies only when that state bears
 * it out; when the state rules it out, the state is applied instead; when there is no answer (or
 * no way to ask), nothing is — unless the merchant's admin chose otherwise for a merchant without
 * a read key.
 */
async function confirmWithProvider(apiFor: ApiFor, match: Match, e: WebhookEvent, request: MatchedRequest): Promise<Confirmation> {
  const claim = eventFor(e);
  if (!match.hasReadKey)
    return match.appliesUnconfirmed
      ? { outcome: "applied_unconfirmed", lifecycleEvent: claim, contradiction: null }
      : { outcome: "unconfirmed", why: NO_READ_KEY };
  const api = await apiFor(match.merchantId);
  if (!api || !request.providerId) return { outcome: "unconfirmed", why: { note: "webhook_keys_unreadable" } };
  // Read with the other claims of the moment (./confirm-batch.ts): one call confirms many.
  const record = await confirmations().read(
    api,
    { merchantRowId: match.merchantId, direction: directionOf(request.kind), status: impliedStatus(e) },
    request.providerId,
    request.createdAt,
  );
  if (!record.ok)
    return { outcome: "unconfirmed", why: { note: "webhook_not_confirmed", failure: factsOf(record) }, detail: factsOf(record) };
  const truth = stateFromProvider(record.data.status, record.data.statusCode);
  if (!truth) return { outcome: "unconfirmed", why: { note: "webhook_status_unknown", status: record.data.status } };
  const terms = feeTermsOf(record.data);
  if (!contradicts(claimedState(e), truth)) return { outcome: "confirmed", lifecycleEvent: claim, contradiction: null, terms };
  return {
    terms,
    outcome: "contradicted",
    lifecycleEvent: {
      type: "provider_status",
      status: record.data.status,
      statusCode: record.data.statusCode,
      reason: record.data.statusReason,
    },
    contradiction: { note: "webhook_contradicted", event: e.event, status: record.data.status },
  };
}

/**
 * A webhook whose RefId1 or amount is not this request's is kept for a person, not applied. A
 * success must say how much: without TX_AMOUNT there is nothing to hold it to. (The final
 * PaymentOut.Success after P2P rounds says "0.00", the remainder, docs/provider-facts.md §2.5/§6.3: an
 * amount, and within the request.)
 */
function mismatch(e: WebhookEvent, request: MatchedRequest): Note | null {
  if (e.refId1 !== null && e.refId1 !== request.refId1)
    return { note: "webhook_ref_id1_mismatch", refId1: e.refId1, expected: request.refId1 };
  if (e.txSatang === null) return e.event.endsWith(".Success") ? { note: "webhook_no_amount", event: e.event } : null;
  const requested = toSatang(request.requestedAmount);
  const generated = request.generatedAmount === null ? requested : toSatang(request.generatedAmount);
  if (e.event === "PaymentIn.Success" && e.txSatang !== generated && e.txSatang !== requested)
    return { note: "webhook_amount_mismatch", receivedSatang: e.txSatang, askedSatang: generated };
  if (e.event === "PaymentOut.Success" && e.txSatang > requested)
    return { note: "webhook_overpaid", paidSatang: e.txSatang, requestedSatang: requested };
  return null;
}

function eventFor(e: WebhookEvent): LifecycleEvent {
  switch (e.event) {
    case "PaymentIn.Success":
      return { type: "provider_status", status: e.requestStatus ?? "Paid", statusCode: "OK", reason: null };
    case "PaymentOut.Success":
      return {
        type: "payout_success",
        txSatang: e.txSatang ?? 0,
        isPartial: e.isPartial,
        paidInclusiveSatang: e.paidInclusiveSatang,
        providerStatus: e.requestStatus,
      };
    default:
      return {
        type: "provider_status",
        status: e.requestStatus && e.requestStatus !== "Pending" ? e.requestStatus : "Rejected",
        statusCode: e.statusCode,
        reason: e.statusReason,
      };
  }
}

/** The provider's status a claim implies, to look for the claimed requests in one list. */
function impliedStatus(e: WebhookEvent): string {
  switch (claimedState(e)) {
    case "failure":
      return "Rejected";
    case "partial":
      return "Pending";
    case "success":
      return e.event === "PaymentIn.Success" ? "Paid" : "Approved";
  }
}

function claimedState(e: WebhookEvent): "success" | "failure" | "partial" {
  if (e.event.endsWith(".Rejected")) return "failure";
  return e.event === "PaymentOut.Success" && e.isPartial ? "partial" : "success";
}

/** Does the provider's current state rule the claim out? Pending never contradicts a partial round. */
function contradicts(claim: "success" | "failure" | "partial", truth: State): boolean {
  if (claim === "partial") return truth === "rejected" || truth === "expired";
  if (claim === "success") return !isEndedPaid(truth);
  return truth !== "rejected" && truth !== "expired";
}

/**
 * Deliveries stored but never settled (the process died in between, its queue was full, or it is
 * still waiting on the provider): picked up by the reconciliation loop. A slow first pass and this one may both get to
 * the apply; only the first writes.
 */
export async function processStranded(db: Db, apiFor: ApiFor, olderThanMs = 30_000): Promise<number> {
  const stranded = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.verdict, ["received", "processing"]),
        lt(webhookDeliveries.receivedAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .limit(50);
  // Together, so their confirmations share bulk reads (./confirm-batch.ts).
  await Promise.all(
    stranded.map(async ({ id }) => {
      // `processing` is what earlier versions left while applying: handed back, as they did.
      await db
        .update(webhookDeliveries)
        .set({ verdict: "received" })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.verdict, "processing")));
      await processDelivery(db, apiFor, id);
    }),
  );
  return stranded.length;
}
