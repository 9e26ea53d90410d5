import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import { toDecimalString } from "../money";
import type { MerchantApi, PayInResponse, PayOutResponse } from "../payment-api/client";
import { factsOf, type ProviderResult } from "../payment-api/result";
import { applyToRequest, recordEvent } from "./apply";
import type { State } from "./lifecycle";
import { storedRequest, type P2PRequest, type PayInRequest, type PayOutRequest, type RequestPayload } from "./contract";
import type { Fact } from "./notes";

/**
 * The create flow (docs/DESIGN.md §5.1): record first, then send. The row is inserted as `submitting`
 * under the form's idempotency key before the provider hears anything, so a double click, a
 * refresh or a retried form finds the row instead of making a second request; then the provider's
 * answer moves it to pending, rejected or — when the answer is lost — unknown, which
 * reconciliation settles by looking the request up by RefId1 (docs/provider-facts.md §8.6).
 */
export type { RequestPayload } from "./contract";

export interface CreateOptions {
  merchantRowId: string;
  idempotencyKey: string;
  createdBy: string | null;
  /** Pay-Out/Withdrawal above the merchant's threshold: hold for a second person (maker-checker). */
  holdForApproval?: boolean;
}

export type RequestRow = typeof paymentRequests.$inferSelect;

/**
 * What became of a create, for every door that creates (the console's form, approval, re-sending):
 * the request as it now stands, with PayDesk's reason for it as facts (`reason`: the refusal when it
 * ended rejected, the lost answer when unknown; each door words those for its own reader).
 * `conflict`: nothing was recorded, because the RefId1 is the merchant's already, or the
 * idempotency key belongs to another merchant (a reused or forged form).
 */
export type CreateOutcome =
  | { outcome: "sent" | "held" | "existing"; request: RequestRow; state: State; reason: Fact | null }
  | { outcome: "conflict"; why: "ref_id1_taken" | "key_of_another_merchant" };

/** Why a request stands where it does, as facts: PayDesk's own when it has them, else a rejection's code and the provider's reason. */
export function reasonOf(row: Pick<RequestRow, "status" | "statusCode" | "statusReason" | "statusFacts">): Fact | null {
  if (row.statusFacts) return row.statusFacts;
  return row.status === "rejected" ? { kind: "rejected", code: row.statusCode ?? "UNKNOWN", description: row.statusReason } : null;
}

const outcomeOf = (outcome: "sent" | "held" | "existing", request: RequestRow): CreateOutcome => ({
  outcome,
  request,
  state: request.status as State,
  reason: reasonOf(request),
});

export const newRequestId = () => `req_${randomBytes(10).toString("hex")}`;

/** The columns a request's contract fills in; the whole checked request is kept as `input`. */
function columnsOf(payload: RequestPayload): {
  input: PayInRequest | P2PRequest | PayOutRequest;
  refId1: string;
  amountSatang: number;
  payerName: string | null;
  refId2?: string;
  refId3?: string;
} {
  const p = "payOut" in payload ? payload.payOut : payload.payIn;
  return {
    input: p,
    refId1: p.refId1,
    amountSatang: p.amountSatang,
    payerName: "payerName" in p ? p.payerName : null,
    refId2: p.refId2,
    refId3: p.refId3,
  };
}

export async function createRequest(db: Db, api: MerchantApi, payload: RequestPayload, options: CreateOptions): Promise<CreateOutcome> {
  const v = columnsOf(payload);
  // No look-up first: the unique indexes on the idempotency key and on (merchant, RefId1) decide,
  // atomically, and a conflict — the same form again, or a taken RefId1 — is told apart below.
  // A retry costs one statement more; a first submit, the usual case, one fewer.
  const inserted = await db
    .insert(paymentRequests)
    .values({
      id: newRequestId(),
      merchantId: options.merchantRowId,
      kind: payload.kind,
      isWithdrawal: payload.kind === "withdrawal",
      refId1: v.refId1,
      refId2: v.refId2 ?? null,
      refId3: v.refId3 ?? null,
      payerName: v.payerName,
      requestedAmount: toDecimalString(v.amountSatang),
      status: options.holdForApproval ? "awaiting_approval" : "submitting",
      input: v.input,
      idempotencyKey: options.idempotencyKey,
      createdBy: options.createdBy,
      // If this process dies before the provider answers, reconciliation finds the row here.
      nextCheckAt: options.holdForApproval ? null : new Date(Date.now() + 60_000),
      submittedAt: options.holdForApproval ? null : new Date(),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (!row) {
    // The same form submitted before (a double click, a refresh, a retry), or the RefId1 is taken.
    const existing = await findByIdempotencyKey(db, options.idempotencyKey);
    if (existing) return existingOrConflict(existing, options);
    return { outcome: "conflict", why: "ref_id1_taken" };
  }
  const created = settled(
    recordEvent(db, row.id, "created", options.createdBy ?? "system", {
      kind: row.kind,
      refId1: row.refId1,
      amount: row.requestedAmount,
      state: row.status,
    }),
  );
  if (options.holdForApproval) {
    await rethrowFailure(created);
    return outcomeOf("held", row);
  }
  // The row is recorded, so sending is safe; its timeline entry is written while the provider
  // answers (the wait that dominates a create) and lands before the answer's entry.
  return sendToProvider(db, api, row, created);
}

/** A promise that never rejects: its failure is kept for later, so it cannot go unhandled meanwhile. */
function settled(work: Promise<void>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error ?? new Error("failed"),
  );
}

async function rethrowFailure(outcome: Promise<unknown>): Promise<void> {
  const failure = await outcome;
  if (failure !== null) throw failure;
}

async function findByIdempotencyKey(db: Db, key: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.idempotencyKey, key)).limit(1);
  return row;
}

function existingOrConflict(row: RequestRow, options: CreateOptions): CreateOutcome {
  // An idempotency key is random per form; one under another merchant is a forged or broken form.
  if (row.merchantId !== options.merchantRowId) return { outcome: "conflict", why: "key_of_another_merchant" };
  return outcomeOf("existing", row);
}

/**
 * Sends a recorded request (new, approved, or being re-sent after the provider said it has none).
 * `before`: a write still under way (the new row's "created" entry), finished before the answer is applied.
 */
export async function sendToProvider(
  db: Db,
  api: MerchantApi,
  row: RequestRow,
  before: Promise<unknown> = Promise.resolve(null),
): Promise<CreateOutcome> {
  const payload = storedRequest(row.kind, row.input);
  const result: ProviderResult<PayInResponse | PayOutResponse> =
    payload.kind === "payin"
      ? await api.submitPayIn(payload.payIn)
      : payload.kind === "payin_p2p"
        ? await api.submitPayInP2P(payload.payIn)
        : payload.kind === "withdrawal"
          ? await api.submitWithdrawal(payload.payOut)
          : await api.submitPayOut(payload.payOut);
  // If that write failed, the request stays `submitting` with its check due: reconciliation
  // settles it by RefId1 (docs/provider-facts.md §8.6), as after a crash between recording and sending.
  await rethrowFailure(before);

  // The row as recorded stands in for a read before the write; a stale copy only costs a retry.
  const known = row;
  if (result.ok) {
    const answer = result.data;
    const payIn = "generatedSatang" in answer ? answer : null;
    await applyToRequest(
      db,
      row.id,
      { type: "submit_accepted", providerStatus: answer.status },
      {
        actor: "provider",
        changes: {
          providerId: answer.id,
          providerResponse: answer,
          generatedAmount: payIn ? toDecimalString(payIn.generatedSatang) : null,
          expireAt: payIn?.expireAt ? new Date(payIn.expireAt) : null,
        },
        data: { providerId: answer.id },
        known,
      },
    );
  } else if (result.kind === "rejected") {
    await applyToRequest(
      db,
      row.id,
      { type: "submit_rejected", code: result.code, description: result.description },
      { actor: "provider", known },
    );
  } else if ((result.kind === "provider_error" || result.kind === "timeout" || result.kind === "network") && result.mayExist) {
    await applyToRequest(db, row.id, { type: "submit_uncertain", reason: factsOf(result) }, { actor: "provider", known });
  } else {
    // auth, forbidden, rate limited, busy: the provider created nothing. The request ends here,
    // with the reason as facts; the form offers the same values again under a new RefId1.
    await applyToRequest(
      db,
      row.id,
      { type: "submit_rejected", code: `NOT_SENT_${result.kind.toUpperCase()}`, description: null, facts: factsOf(result) },
      { actor: "paydesk", known },
    );
  }
  // The one read after the send: the request as the answer left it.
  const [after] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id)).limit(1);
  return outcomeOf("sent", after!);
}
