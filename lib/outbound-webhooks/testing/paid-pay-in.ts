import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { paymentRequests } from "../../db/schema";
import { applyToRequest } from "../../requests/apply";
import { newRequestId } from "../../requests/create";

export interface TestRequestOptions {
  kind?: "payin" | "payout";
  refId1?: string;
  amount?: string;
  generatedAmount?: string;
}

/** A pending request of the merchant, as if the provider had accepted it (no outbox event yet). Answers its id. */
export async function pendingRequest(db: Db, merchantId: string, options: TestRequestOptions = {}): Promise<string> {
  const id = newRequestId();
  await db.insert(paymentRequests).values({
    id,
    merchantId,
    kind: options.kind ?? "payin",
    refId1: options.refId1 ?? `R${randomUUID().slice(0, 8)}`,
    requestedAmount: options.amount ?? "150.00",
    generatedAmount: options.generatedAmount ?? null,
    status: "pending",
    input: {},
    idempotencyKey: randomUUID(),
    providerId: randomUUID(),
  });
  return id;
}

/**
 * For the outbound tests: a pending Pay-In of the merchant, then paid as a webhook would say — the
 * change that writes a `payin.paid` event to the outbox for every subscribed endpoint. Answers its id.
 */
export async function paidPayIn(db: Db, merchantId: string, options: Omit<TestRequestOptions, "kind"> = {}): Promise<string> {
  const id = await pendingRequest(db, merchantId, options);
  await applyToRequest(db, id, { type: "provider_status", status: "Paid", statusCode: null, reason: null }, { actor: "webhook" });
  return id;
}
