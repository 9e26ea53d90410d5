import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests, webhookDeliveries } from "../db/schema";
import { toSatang } from "../money";
import type { MerchantApi } from "../payment-api/client";
import { applyToRequest } from "../requests/apply";
import { stateFromProvider, type LifecycleEvent, type State } from "../requests/lifecycle";
import { parseWebhook, type WebhookEvent } from "./parse";

/**
 * Applying a stored webhook. Matched to a request of the merchant whose secret it carried, checked
 * against that request (RefId1, amount), confirmed with the provider when the merchant has a read
 * key (a webhook is a claim; the provider's record is the truth, provider-facts §6.4), then fed to
 * the state machine. Whatever cannot be applied is kept with the reason, for a person: success for
 * an unknown request is "unmatched money" (the provider approves unidentified transfers with a
 * fresh random PMR_ID, §2.3 step 4).
 */
export type Verdict = "applied" | "ignored" | "unmatched_money" | "unknown_request" | "mismatch" | "contradicted" | "error";

export async function processDelivery(db: Db, apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>, deliveryId: number): Promise<Verdict> {
  // Claim it, so the request handler's after-work and the loop's stranded pass never both apply it.
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ verdict: "processing" })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.verdict, "received")))
    .returning();
  if (!delivery || !delivery.merchantId) return "ignored";
  const finish = async (verdict: Verdict, reason: string | null, requestId: string | null = null) => {
    await db.update(webhookDeliveries).set({ verdict, reason, requestId }).where(eq(webhookDeliveries.id, deliveryId));
    return verdict;
  };
  try {
    const parsed = parseWebhook(JSON.parse(delivery.rawBody));
    if (!parsed.ok) return await finish("error", parsed.reason);
    const e = parsed.event;
    const [request] = e.requestId
      ? await db
          .select()
          .from(paymentRequests)
          .where(and(eq(paymentRequests.merchantId, delivery.merchantId), eq(paymentRequests.providerId, e.requestId.toLowerCase())))
      : [];
    if (!request) {
      return await finish(
        e.event.endsWith(".Success") ? "unmatched_money" : "unknown_request",
        e.event.endsWith(".Success") ? `money reported for ${e.requestId ?? "no request"} (RefId1 ${e.refId1 ?? "none"}), which is not a request of this merchant` : `no request of this merchant has provider id ${e.requestId}`,
      );
    }
    const problem = mismatch(e, request);
    if (problem) return await finish("mismatch", problem, request.id);

    const claim = eventFor(e);
    const api = await apiFor(delivery.merchantId);
    let lifecycleEvent = claim;
    let verdictOnApply: Verdict = "applied";
    let note: string | null = null;
    if (api && request.providerId) {
      const record = await api.getPaymentRequestById(request.providerId);
      if (record.ok) {
        const truth = stateFromProvider(record.data.status, record.data.statusCode);
        if (truth && contradicts(claimedState(e), truth)) {
          // Apply what the provider says, not what the webhook claimed.
          lifecycleEvent = { type: "provider_status", status: record.data.status, statusCode: record.data.statusCode, reason: record.data.statusReason };
          verdictOnApply = "contradicted";
          note = `the webhook said ${e.event}, the provider says ${record.data.status}`;
        }
      } else if (record.kind !== "forbidden") {
        note = `not confirmed with the provider (${record.message})`;
      }
    }
    const result = await applyToRequest(db, request.id, lifecycleEvent, { actor: "webhook", data: { event: e.event, jobId: e.jobId, deliveryId, ...(note ? { note } : {}) } });
    if (verdictOnApply === "contradicted") return await finish("contradicted", note, request.id);
    return await finish(result.applied ? "applied" : "ignored", result.applied ? note : (result.why ?? null), request.id);
  } catch (error) {
    return finish("error", error instanceof Error ? error.message : String(error));
  }
}

/** A webhook whose RefId1 or amount is not this request's is kept for a person, not applied. */
function mismatch(e: WebhookEvent, request: typeof paymentRequests.$inferSelect): string | null {
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

/** Deliveries stored but never processed (the process died in between): picked up by the reconciliation loop. */
export async function processStranded(db: Db, apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>, olderThanMs = 30_000): Promise<number> {
  const stranded = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.verdict, ["received", "processing"]), lt(webhookDeliveries.receivedAt, new Date(Date.now() - olderThanMs))))
    .limit(50);
  for (const { id } of stranded) {
    // One that died mid-processing is handed back; the state machine ignores what already applied.
    await db.update(webhookDeliveries).set({ verdict: "received" }).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.verdict, "processing")));
    await processDelivery(db, apiFor, id);
  }
  return stranded.length;
}
