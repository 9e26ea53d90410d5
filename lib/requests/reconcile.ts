import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests, requestEvents } from "../db/schema";
import { toDecimalString, toSatang } from "../money";
import type { MerchantApi, PaymentRecord } from "../payment-api/client";
import { applyToRequest, recordEvent } from "./apply";
import { sendToProvider, type RequestRow } from "./create";
import { isTerminal, type State } from "./lifecycle";
import { NOTES } from "./timeline-notes";

/**
 * Asks the provider what became of one request and applies the answer through the state machine.
 *
 * An `unknown` request (the submit's answer was lost) is looked up by RefId1 (provider-facts
 * §8.6): found → settled with what the provider holds; not found after a grace period → the
 * provider never created it, so it is sent again, under the same RefId1, a bounded number of
 * times. Everything else open is read back by the provider's id. Without a read key nothing can
 * be looked up, and the request waits for webhooks.
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
  note: string;
}

export async function reconcileRequest(db: Db, api: MerchantApi, given: RequestRow, options: ReconcileOptions): Promise<ReconcileResult> {
  let row = given;
  let state = row.status as State;
  // A row left `submitting` for a minute belongs to a send that died with its process: its
  // outcome is unknown, and settled like any other unknown.
  if (state === "submitting" && Date.now() - row.updatedAt.getTime() > 60_000) {
    state = (await applyToRequest(db, row.id, { type: "submit_uncertain", reason: NOTES.sendUnfinished.en.fill({}) }, { actor: "reconcile" })).state;
    row = { ...row, status: state };
  }
  if (isTerminal(state) || state === "awaiting_approval" || state === "submitting") return { state, changed: false, note: NOTES.nothingToCheck.en.fill({ state }) };
  if (state === "unknown") return settleUnknown(db, api, row, options);
  if (!row.providerId) return { state, changed: false, note: NOTES.noProviderId.en.fill({}) };

  const found = await api.getPaymentRequestById(row.providerId);
  if (!found.ok) return { state, changed: false, note: found.message };
  return applyRecord(db, row, found.data);
}

async function settleUnknown(db: Db, api: MerchantApi, row: RequestRow, options: ReconcileOptions): Promise<ReconcileResult> {
  const lookup = await api.findByRefId1(row.refId1);
  if (!lookup.ok) return { state: "unknown", changed: false, note: lookup.message };
  const requested = toSatang(row.requestedAmount);
  // RefId1 is unique per org, not per merchant (§8.6): check it is ours before trusting it.
  const ours = lookup.data.filter((r) => (r.merchantId === null || r.merchantId.toLowerCase() === options.providerMerchantId.toLowerCase()) && (r.requestedSatang === null || r.requestedSatang === requested));
  const record = ours[0];
  if (record) {
    const answer = record.payInResponse;
    const applied = await applyToRequest(
      db,
      row.id,
      record.status.toLowerCase() === "pending" ? { type: "submit_accepted", providerStatus: "Pending" } : { type: "provider_status", status: record.status, statusCode: record.statusCode, reason: record.statusReason },
      {
        actor: "reconcile",
        changes: {
          providerId: record.id,
          ...(answer ? { providerResponse: answer, generatedAmount: toDecimalString(answer.generatedSatang), expireAt: answer.expireAt ? new Date(answer.expireAt) : null } : {}),
          ...(!answer && record.generatedSatang !== null ? { generatedAmount: toDecimalString(record.generatedSatang) } : {}),
          ...(!answer && record.expireAt ? { expireAt: new Date(record.expireAt) } : {}),
        },
        data: { foundBy: "RefId1", providerId: record.id, providerStatus: record.status },
      },
    );
    return { state: applied.state, changed: applied.applied, note: NOTES.foundAs.en.fill({ status: record.status }) };
  }

  const graceMs = options.graceMs ?? 30_000;
  if (Date.now() - row.updatedAt.getTime() < graceMs) return { state: "unknown", changed: false, note: NOTES.notThereYet.en.fill({}) };
  const [resends] = await db
    .select({ n: count() })
    .from(requestEvents)
    .where(and(eq(requestEvents.requestId, row.id), eq(requestEvents.type, "resent")));
  if ((resends?.n ?? 0) >= (options.maxResends ?? 3)) {
    return { state: "unknown", changed: false, note: NOTES.gaveUp.en.fill({}) };
  }
  await recordEvent(db, row.id, "resent", "reconcile", { reason: NOTES.noSuchRefId1.en.fill({}) });
  await db.update(paymentRequests).set({ updatedAt: new Date() }).where(eq(paymentRequests.id, row.id));
  const sent = await sendToProvider(db, api, row);
  const after = sent.outcome === "sent" ? sent.state : "unknown";
  return { state: after, changed: after !== "unknown", note: NOTES.sentAgain.en.fill({}) };
}

async function applyRecord(db: Db, row: RequestRow, record: PaymentRecord): Promise<ReconcileResult> {
  const before = row.status as State;
  let result = await applyToRequest(db, row.id, { type: "provider_status", status: record.status, statusCode: record.statusCode, reason: record.statusReason }, { actor: "reconcile" });
  // Pay-outs partly paid (P2P rounds) stay Pending at the provider; their running total is in the record.
  if ((row.kind === "payout" || row.kind === "withdrawal") && record.payoutPaidSatang !== null && record.payoutPaidSatang > toSatang(row.paidAmount) && !isTerminal(result.state)) {
    result = await applyToRequest(
      db,
      row.id,
      { type: "payout_success", txSatang: 0, isPartial: true, paidInclusiveSatang: record.payoutPaidSatang, providerStatus: record.status },
      { actor: "reconcile" },
    );
  }
  return { state: result.state, changed: result.state !== before || result.applied, note: NOTES.providerSays.en.fill({ status: record.status }) };
}
