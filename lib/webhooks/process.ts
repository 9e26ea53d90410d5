import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookDeliveries } from "../db/schema";
import { toSatang } from "../money";
import type { MerchantApi } from "../payment-api/client";
import { applyToRequest, type Applied } from "../requests/apply";
import { stateFromProvider, type LifecycleEvent, type State } from "../requests/lifecycle";
import { matchStored, type MatchedRequest, type Prepared } from "./match";
import type { WebhookEvent } from "./parse";

/**
 * Applying a stored webhook. Matched to a request of the merchant whose secret it carried, checked
 * against that request (RefId1, amount), confirmed with the provider when the merchant has a read
 * key (a webhook is a claim; the provider's record is the truth, provider-facts §6.4), then fed to
 * the state machine. Whatever cannot be applied is kept with the reason, for a person: success for
 * an unknown request is "unmatched money" (the provider approves unidentified transfers with a
 * fresh random PMR_ID, §2.3 step 4).
 *
 * Exactly once: a delivery is settled by moving it from `received` to its verdict, and that move
 * is the same statement as the change it causes, made only if the delivery is still `received`.
 * So whichever pass gets there first (the request handler's after-work, or the stranded sweep when
 * that one died or is slow) applies it; any other writes nothing. For a matched webhook that is
 * two statements in all: the receiver's store-and-match, and the apply with its verdict.
 */
export type Verdict = "applied" | "ignored" | "unmatched_money" | "unknown_request" | "mismatch" | "contradicted" | "error";

type ApiFor = (merchantRowId: string) => Promise<MerchantApi | undefined>;

/** `prepared` is what the receiver read when it stored the delivery; without it the delivery is read back (the stranded sweep). */
export async function processDelivery(db: Db, apiFor: ApiFor, deliveryId: number, prepared?: Prepared): Promise<Verdict> {
  const ready = prepared ?? (await matchStored(db, deliveryId));
  if (!ready) return "ignored";
  /** Writes a verdict that changes no request; "ignored" when another pass settled the delivery first. */
  const finish = async (verdict: Verdict, reason: string | null, requestId: string | null = null): Promise<Verdict> => {
    const settled = await db
      .update(webhookDeliveries)
      .set({ verdict, reason, requestId })
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
        e.event.endsWith(".Success") ? `money reported for ${e.requestId ?? "no request"} (RefId1 ${e.refId1 ?? "none"}), which is not a request of this merchant` : `no request of this merchant has provider id ${e.requestId}`,
      );
    }
    const problem = mismatch(e, request);
    if (problem) return await finish("mismatch", problem, request.id);

    const { lifecycleEvent, contradiction, note } = match.hasReadKey ? await confirmWithProvider(apiFor, match.merchantId, e, request.providerId) : { lifecycleEvent: eventFor(e), contradiction: null, note: null };
    const result = await applyToRequest(db, request.id, lifecycleEvent, {
      actor: "webhook",
      data: { event: e.event, jobId: e.jobId, deliveryId, ...(note ? { note } : {}) },
      known: request,
      settles: { deliveryId, verdictFor: (applied) => verdictAfter(applied, contradiction, note) },
    });
    return result.superseded ? "ignored" : verdictAfter(result, contradiction, note).verdict;
  } catch (error) {
    return finish("error", error instanceof Error ? error.message : String(error));
  }
}

function verdictAfter(result: Applied, contradiction: string | null, note: string | null): { verdict: Verdict; reason: string | null } {
  if (contradiction) return { verdict: "contradicted", reason: contradiction };
  return result.applied ? { verdict: "applied", reason: note } : { verdict: "ignored", reason: result.why ?? null };
}

/** Asks the provider for the request's current state; when it rules the webhook's claim out, that state is applied instead. */
async function confirmWithProvider(apiFor: ApiFor, merchantId: string, e: WebhookEvent, providerId: string | null): Promise<{ lifecycleEvent: LifecycleEvent; contradiction: string | null; note: string | null }> {
  const claim = eventFor(e);
  const api = await apiFor(merchantId);
  if (!api || !providerId) return { lifecycleEvent: claim, contradiction: null, note: null };
  const record = await api.getPaymentRequestById(providerId);
  if (!record.ok) return { lifecycleEvent: claim, contradiction: null, note: record.kind === "forbidden" ? null : `not confirmed with the provider (${record.message})` };
  const truth = stateFromProvider(record.data.status, record.data.statusCode);
  if (!truth || !contradicts(claimedState(e), truth)) return { lifecycleEvent: claim, contradiction: null, note: null };
  const note = `the webhook said ${e.event}, the provider says ${record.data.status}`;
  return { lifecycleEvent: { type: "provider_status", status: record.data.status, statusCode: record.data.statusCode, reason: record.data.statusReason }, contradiction: note, note };
}

/** A webhook whose RefId1 or amount is not this request's is kept for a person, not applied. */
function mismatch(e: WebhookEvent, request: MatchedRequest): string | null {
  if (e.refId1 !== null && e.refId1 !== request.refId1) return `RefId1 ${e.refId1} is not this request's ${request.refId1}`;
  if (e.txSatang === null) return null;
  const requested = toSatang(request.requestedAmount);
  const generated = request.generatedAmount === null ? requested : toSatang(request.generatedAmount);
  if (e.event === "PaymentIn.Success" && e.txSatang !== generated && e.txSatang !== requested) return `received ${e.txSatang / 100} THB, the request asked for ${generated / 100}`;
  if (e.event === "PaymentOut.Success" && e.txSatang > requested) return `paid out ${e.txSatang / 100} THB on a request of ${requested / 100}`;
  return null;
}

function eventFor(e: WebhookEvent): LifecycleEvent {
  switch (e.event) {
    case "PaymentIn.Success":
      return { type: "provider_status", status: e.requestStatus ?? "Paid", statusCode: "OK", reason: null };
    case "PaymentOut.Success":
      return { type: "payout_success", txSatang: e.txSatang ?? 0, isPartial: e.isPartial, paidInclusiveSatang: e.paidInclusiveSatang, providerStatus: e.requestStatus };
    default:
      return { type: "provider_status", status: e.requestStatus && e.requestStatus !== "Pending" ? e.requestStatus : "Rejected", statusCode: e.statusCode, reason: e.statusReason };
  }
}

function claimedState(e: WebhookEvent): "success" | "failure" | "partial" {
  if (e.event.endsWith(".Rejected")) return "failure";
  return e.event === "PaymentOut.Success" && e.isPartial ? "partial" : "success";
}

/** Does the provider's current state rule the claim out? Pending never contradicts a partial round. */
function contradicts(claim: "success" | "failure" | "partial", truth: State): boolean {
  if (claim === "partial") return truth === "rejected" || truth === "expired";
  if (claim === "success") return truth !== "paid" && truth !== "approved";
  return truth !== "rejected" && truth !== "expired";
}

/**
 * Deliveries stored but never settled (the process died in between, or is still waiting on the
 * provider): picked up by the reconciliation loop. A slow first pass and this one may both get to
 * the apply; only the first writes.
 */
export async function processStranded(db: Db, apiFor: ApiFor, olderThanMs = 30_000): Promise<number> {
  const stranded = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.verdict, ["received", "processing"]), lt(webhookDeliveries.receivedAt, new Date(Date.now() - olderThanMs))))
    .limit(50);
  for (const { id } of stranded) {
    // `processing` is what earlier versions left while applying: handed back, as they did.
    await db.update(webhookDeliveries).set({ verdict: "received" }).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.verdict, "processing")));
    await processDelivery(db, apiFor, id);
  }
  return stranded.length;
}
