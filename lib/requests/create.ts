/* eslint-disable max-lines -- one unit: record, send once, apply the answer; a create's exactly-once lives in how the three meet (docs/DESIGN.md §5.1) */
import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { rowFromJson } from "../db/row-json";
import { paymentRequests, requestEvents } from "../db/schema";
import { toDecimalString } from "../money";
import type { MerchantApi, PayInResponse, PayOutResponse } from "../provider/client";
import { factsOf, type ProviderResult } from "../provider/result";
import { announcement, applyToRequest, recordEvent, REQUEST_CHANNEL, type Applied } from "./apply";
import type { State } from "./lifecycle";
import { storedRequest, type P2PRequest, type PayInRequest, type PayOutRequest, type RequestPayload } from "./contract";
import { recordOutboundEvent } from "../outbound-webhooks/outbox";
import { recordApprovalWaiting } from "../notify/outbox";
import { refundRefusal } from "../refunds/refunds";
import { ceilingIssue, needsApproval, type MerchantRules } from "./form-context";
import { messageKey } from "./form-messages";
import { amountRangeIssue } from "./forms";
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
  /** Who the timeline names when it is not a staff member: the API key (`api_key:<id>`). */
  actor?: string;
  /** What a request made through the merchant API keeps beside it (its reference, return URLs, metadata, key). */
  columns?: ApiColumns;
  /** A refund (Pay-Out only): the paid Pay-In it gives money back for, checked with it locked (lib/refunds). */
  refundOf?: string;
}

export type ApiColumns = Partial<
  Pick<typeof paymentRequests.$inferInsert, "reference" | "returnUrl" | "cancelUrl" | "metadata" | "apiKeyId">
>;

export type RequestRow = typeof paymentRequests.$inferSelect;

/**
 * What became of a create, for every door that creates (the console's form, the merchant API,
 * approval, re-sending), each of which words it for its own reader:
 * - `sent`/`held`/`existing`: the request as it now stands, with PayDesk's reason for it as facts
 *   (`reason`: the refusal when it ended rejected, the lost answer when unknown);
 * - `invalid`: nothing was recorded; the fields at fault, as message keys (lib/requests/form-messages.ts):
 *   the amount outside the merchant's range now, or the RefId1 already the merchant's;
 * - `stale`: nothing was recorded; the idempotency key belongs to another merchant (a reused or forged form);
 * - `no_api`: nothing was recorded; the merchant has no usable provider keys.
 */
export type CreateOutcome =
  | { outcome: "sent" | "held" | "existing"; request: RequestRow; state: State; reason: Fact | null }
  | { outcome: "invalid"; fieldErrors: Record<string, string[]> }
  | { outcome: "stale" }
  | { outcome: "no_api" };

/** The outcomes with a request: what sending, approving and re-sending answer. */
export type RecordedOutcome = Extract<CreateOutcome, { request: RequestRow }>;

/** Why a request stands where it does, as facts: PayDesk's own when it has them, else a rejection's code and the provider's reason. */
export function reasonOf(row: Pick<RequestRow, "status" | "statusCode" | "statusReason" | "statusFacts">): Fact | null {
  if (row.statusFacts) return row.statusFacts;
  return row.status === "rejected" ? { kind: "rejected", code: row.statusCode ?? "UNKNOWN", description: row.statusReason } : null;
}

const outcomeOf = (outcome: "sent" | "held" | "existing", request: RequestRow): RecordedOutcome => ({
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
  feePayer: "merchant" | "beneficiary";
} {
  const p = "payOut" in payload ? payload.payOut : payload.payIn;
  return {
    feePayer: "feePayer" in p && p.feePayer === "beneficiary" ? "beneficiary" : "merchant",
    input: p,
    refId1: p.refId1,
    amountSatang: p.amountSatang,
    payerName: "payerName" in p ? p.payerName : null,
    refId2: p.refId2,
    refId3: p.refId3,
  };
}

export interface MerchantCreate {
  rules: MerchantRules;
  payload: RequestPayload;
  idempotencyKey: string;
  /** The staff member; null for PayDesk itself or the merchant API (then `actor` names the key). */
  createdBy: string | null;
  actor?: string;
  columns?: ApiColumns;
  /** A refund: the paid Pay-In it is for (Pay-Out only). */
  refundOf?: string;
}

/**
 * A checked request for a merchant, from any door: the merchant's rules applied as they stand now
 * (the browser or the shop checked the range it knew; the settings may have changed since): a
 * Pay-In outside the range and a Pay-Out/Withdrawal over the ceiling are refused, a Pay-Out above
 * the threshold held for a second person, then recorded and sent.
 */
export async function createForMerchant(
  db: Db,
  apiFor: (merchantRowId: string) => Promise<MerchantApi | undefined>,
  args: MerchantCreate,
): Promise<CreateOutcome> {
  const { rules, payload } = args;
  const isMoneyOut = payload.kind === "payout" || payload.kind === "withdrawal";
  const { amountSatang } = "payOut" in payload ? payload.payOut : payload.payIn;
  const rangeIssue = isMoneyOut ? ceilingIssue(amountSatang, rules) : amountRangeIssue(amountSatang, rules.limits);
  if (rangeIssue) return { outcome: "invalid", fieldErrors: { amount: [rangeIssue] } };

  const api = await apiFor(rules.id);
  if (!api) return { outcome: "no_api" };
  return createRequest(db, api, payload, {
    merchantRowId: rules.id,
    idempotencyKey: args.idempotencyKey,
    createdBy: args.createdBy,
    holdForApproval: isMoneyOut && needsApproval(amountSatang, rules),
    actor: args.actor,
    columns: args.columns,
    refundOf: args.refundOf,
  });
}

/** Records and sends one request; the merchant's rules were applied by the caller (createForMerchant). */
export async function createRequest(db: Db, api: MerchantApi, payload: RequestPayload, options: CreateOptions): Promise<CreateOutcome> {
  const v = columnsOf(payload);
  // No look-up first: the unique indexes on the idempotency key and on (merchant, RefId1) decide,
  // atomically, and a conflict — the same form again, or a taken RefId1 — is told apart below.
  // A retry costs one statement more; a first submit, the usual case, one fewer.
  const actor = options.createdBy ?? options.actor ?? "system";
  const insert = db
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
      feePayer: v.feePayer,
      status: options.holdForApproval ? "awaiting_approval" : "submitting",
      input: v.input,
      idempotencyKey: options.idempotencyKey,
      createdBy: options.createdBy,
      // If this process dies before the provider answers, reconciliation finds the row here.
      nextCheckAt: options.holdForApproval ? null : new Date(Date.now() + 60_000),
      submittedAt: options.holdForApproval ? null : new Date(),
      refundOf: options.refundOf ?? null,
      ...options.columns,
    })
    .onConflictDoNothing()
    .returning();
  // One statement: the row, its "created" timeline entry and the announcement (NOTIFY, for live
  // views), all or nothing, the entry before anything the provider's answer adds. On a conflict
  // nothing is written and no row comes back.
  const statement = sql`with inserted as (${insert.getSQL()}),
    entry as (insert into ${requestEvents} (request_id, type, actor, data)
      select i.id, 'created', ${actor}, jsonb_build_object('kind', i.kind, 'refId1', i.ref_id1, 'amount', i.requested_amount::text, 'state', i.status)
      from inserted i returning request_id)
    select to_jsonb(i) as row, pg_notify(${REQUEST_CHANNEL}, ${announcement(sql`i.merchant_id`, sql`e.request_id`)}) from inserted i join entry e on e.request_id = i.id`;
  const insertWithEntry = async (into: Db): Promise<RequestRow | undefined> => {
    const [written] = await executePrepared<{ row: Record<string, unknown> | string }>(into, statement);
    if (!written) return undefined;
    return rowFromJson(
      paymentRequests,
      typeof written.row === "string" ? (JSON.parse(written.row) as Record<string, unknown>) : written.row,
    );
  };
  // A Pay-Out held for a second person is news for the merchant's systems: its event commits with
  // the row (docs/DESIGN.md §14). Any other create is sent first, and its news comes with the answer.
  const held = payload.kind === "payout" || payload.kind === "withdrawal" ? (`${payload.kind}.awaiting_approval` as const) : null;
  const refundOf = payload.kind === "payout" ? options.refundOf : undefined;
  if (options.refundOf !== undefined && refundOf === undefined)
    return { outcome: "invalid", fieldErrors: { amount: [messageKey("refundNotFound")] } };
  const inTransaction = (options.holdForApproval && held) || refundOf !== undefined;
  const written = inTransaction
    ? await db.transaction(async (tx): Promise<{ row?: RequestRow; refusal?: string }> => {
        const into = tx as unknown as Db;
        if (refundOf !== undefined) {
          // A retry of this same form finds its row below, even when that refund took the last baht.
          if (await findByIdempotencyKey(into, options.idempotencyKey)) return {};
          const refusal = await refundRefusal(into, {
            payInId: refundOf,
            merchantRowId: options.merchantRowId,
            amountSatang: v.amountSatang,
          });
          if (refusal) return { refusal };
        }
        const inserted = await insertWithEntry(into);
        // The Pay-In's own timeline says it was refunded, and its page hears of it (lib/refunds).
        if (inserted && refundOf !== undefined)
          await recordEvent(into, refundOf, "refund_requested", actor, {
            refundId: inserted.id,
            refId1: inserted.refId1,
            amount: inserted.requestedAmount,
          });
        if (inserted && options.holdForApproval && held) {
          await recordOutboundEvent(into, inserted.id, held);
          // …and for the people who may approve it, an e-mail (lib/notify).
          await recordApprovalWaiting(into, inserted.id);
        }
        return { row: inserted };
      })
    : { row: await insertWithEntry(db) };
  if (written.refusal) return { outcome: "invalid", fieldErrors: { amount: [written.refusal] } };
  const row = written.row;
  if (!row) {
    // The same form submitted before (a double click, a refresh, a retry), or the RefId1 is taken.
    const existing = await findByIdempotencyKey(db, options.idempotencyKey);
    if (existing) return existingOrStale(existing, options);
    return { outcome: "invalid", fieldErrors: { refId1: [messageKey("refId1Taken")] } };
  }
  if (options.holdForApproval) return outcomeOf("held", row);
  // The row and its timeline entry are recorded, so sending is safe.
  return sendToProvider(db, api, row);
}

async function findByIdempotencyKey(db: Db, key: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.idempotencyKey, key)).limit(1);
  return row;
}

function existingOrStale(row: RequestRow, options: CreateOptions): CreateOutcome {
  // An idempotency key is random per form; one under another merchant is a forged or broken form.
  if (row.merchantId !== options.merchantRowId) return { outcome: "stale" };
  return outcomeOf("existing", row);
}

/**
 * Sends a recorded request (new, approved, or being re-sent after the provider said it has none).
 */
export async function sendToProvider(db: Db, api: MerchantApi, row: RequestRow): Promise<RecordedOutcome> {
  const payload = storedRequest(row.kind, row.input);
  const result: ProviderResult<PayInResponse | PayOutResponse> =
    payload.kind === "payin"
      ? await api.submitPayIn(payload.payIn)
      : payload.kind === "payin_p2p"
        ? await api.submitPayInP2P(payload.payIn)
        : payload.kind === "withdrawal"
          ? await api.submitWithdrawal(payload.payOut)
          : await api.submitPayOut(payload.payOut);

  // The row as recorded stands in for a read before the write; a stale copy only costs a retry.
  const known = row;
  let applied: Applied;
  if (result.ok) {
    const answer = result.data;
    const payIn = "generatedSatang" in answer ? answer : null;
    applied = await applyToRequest(
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
        answerRow: true,
      },
    );
  } else if (result.kind === "rejected") {
    applied = await applyToRequest(
      db,
      row.id,
      { type: "submit_rejected", code: result.code, description: result.description },
      { actor: "provider", known, answerRow: true },
    );
  } else if ((result.kind === "provider_error" || result.kind === "timeout" || result.kind === "network") && result.mayExist) {
    applied = await applyToRequest(
      db,
      row.id,
      { type: "submit_uncertain", reason: factsOf(result) },
      { actor: "provider", known, answerRow: true },
    );
  } else {
    // auth, forbidden, rate limited, busy: the provider created nothing. The request ends here,
    // with the reason as facts; the form offers the same values again under a new RefId1.
    applied = await applyToRequest(
      db,
      row.id,
      { type: "submit_rejected", code: `NOT_SENT_${result.kind.toUpperCase()}`, description: null, facts: factsOf(result) },
      { actor: "paydesk", known, answerRow: true },
    );
  }
  // The request as the answer left it: from the statement that wrote it, or — when someone else
  // changed it first and the answer was not applied — read once.
  const after = applied.row ?? (await db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id)).limit(1))[0];
  return outcomeOf("sent", after!);
}
