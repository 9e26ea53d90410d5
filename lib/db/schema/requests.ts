/** Payment requests and each one's timeline (lib/requests). */
import { sql } from "drizzle-orm";
import type { Fact } from "../../requests/notes";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { staffUsers } from "./staff";

export const REQUEST_KINDS = ["payin", "payin_p2p", "payout", "withdrawal"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    kind: text("kind").$type<RequestKind>().notNull(),
    /** The provider answers `PayOut` for both; we record which endpoint we called (docs/DESIGN.md §4). */
    isWithdrawal: boolean("is_withdrawal").notNull().default(false),
    refId1: text("ref_id1").notNull(),
    refId2: text("ref_id2"),
    refId3: text("ref_id3"),
    payerName: text("payer_name"),
    requestedAmount: money("requested_amount").notNull(),
    generatedAmount: money("generated_amount"),
    paidAmount: money("paid_amount").notNull().default("0"),
    status: text("status").notNull(),
    statusCode: text("status_code"),
    /** The provider's (or a person's) own words for the state: shown as they are. */
    statusReason: text("status_reason"),
    /** PayDesk's own reason for the state, as facts (lib/requests/notes.ts), worded when shown in the reader's language. */
    statusFacts: jsonb("status_facts").$type<Fact>(),
    /** What PayDesk sends, in its own terms (validated input), so a held or uncertain request can be sent again exactly. */
    input: jsonb("input").notNull(),
    /** The provider's request this row is; at most one row each (a unique index), so no two rows share one provider request. */
    providerId: text("provider_id"),
    providerResponse: jsonb("provider_response"),
    /** The form's idempotency key: a retried or double-clicked submit finds this row instead of creating another. */
    idempotencyKey: text("idempotency_key").notNull(),
    submission: text("submission").notNull().default("submitting"),
    checkoutToken: text("checkout_token"),
    createdBy: text("created_by").references(() => staffUsers.id),
    expireAt: timestamp("expire_at", { withTimezone: true }),
    /** When PayDesk first sent it: a provider request created before then cannot be this one's (lib/requests/reconcile.ts). */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** When it became paid or approved. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Reconciliation: when to ask the provider next (null = never again), how often it has, and who holds the lease. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkCount: integer("check_count").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** When the provider last answered a check: a check that only confirms the state is not a timeline entry. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** Set while reconciliation re-sends the request, so no other check sends beside it (lib/requests/reconcile.ts). */
    sendingUntil: timestamp("sending_until", { withTimezone: true }),
    /** The merchant's own reference (its order number) for a request made through the merchant API; RefId1 when it fits. */
    reference: text("reference"),
    /** Merchant API checkouts: where the customer goes back to when the payment has ended, or when they cancel. */
    returnUrl: text("return_url"),
    cancelUrl: text("cancel_url"),
    /** Merchant API: the shop's own keys and values (at most 20), answered back as they were given. */
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    /** The API key that created it (the actor), when it came through the merchant API. */
    apiKeyId: text("api_key_id"),
    /** A refund: the paid Pay-In this Pay-Out gives money back for (lib/refunds, docs/DESIGN.md §18). */
    refundOf: text("refund_of").references((): AnyPgColumn => paymentRequests.id),
    /**
     * The last outbound event's sequence number (docs/DESIGN.md §14): one more with each event about
     * the request, in the statement that writes it, so a receiver can tell a late event from a newer one.
     */
    eventSeq: integer("event_seq").notNull().default(0),
    /**
     * The provider's fee (docs/DESIGN.md §4, lib/requests/fees.ts): the rate in percent its record
     * states (payInFeePct / payoutFeePct, fixed when the request was made), whether the merchant's
     * pay-ins discard the satang (discardCent), and the fee as a webhook stated it (PAYIN_FEE /
     * PAYOUT_FEE); each null until the provider has said it.
     */
    feePct: numeric("fee_pct", { precision: 7, scale: 4 }),
    discardCent: boolean("discard_cent"),
    feeAmount: money("fee_amount"),
    /**
     * Who bears a Pay-Out's or Withdrawal's transfer fee, as PayDesk asked the provider
     * (lib/requests/contract.ts FEE_PAYERS): the merchant (amount + fee leaves the wallet) or the
     * recipient (the amount leaves it; the recipient gets amount − fee). Always the merchant for money in.
     */
    feePayer: text("fee_payer").notNull().default("merchant"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_requests_ref_key").on(t.merchantId, t.refId1),
    check("payment_requests_fee_pct", sql`${t.feePct} is null or (${t.feePct} >= 0 and ${t.feePct} <= 100)`),
    check("payment_requests_fee_amount", sql`${t.feeAmount} is null or ${t.feeAmount} >= 0`),
    check(
      "payment_requests_fee_payer",
      sql`${t.feePayer} = 'merchant' or (${t.feePayer} = 'beneficiary' and ${t.kind} in ('payout', 'withdrawal'))`,
    ),
    index("payment_requests_next_check_idx").on(t.nextCheckAt),
    uniqueIndex("payment_requests_idempotency_key").on(t.idempotencyKey),
    // The list's keyset order, per merchant and across all merchants (bench/list-scale: ≤ 5 ms at 1M rows).
    // Plain DESC (nulls first), as the list's ORDER BY writes it; drizzle's .desc() adds NULLS LAST.
    index("payment_requests_list_idx").on(t.merchantId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("payment_requests_created_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // The list's summary by state and dates from the index alone: every column it reads is a key (migration 0051).
    index("payment_requests_summary_idx").on(
      t.merchantId,
      t.status,
      t.createdAt,
      t.kind,
      t.isWithdrawal,
      t.statusCode,
      t.requestedAmount,
      t.paidAmount,
    ),
    // The overview's "waiting now" (migration 0027).
    index("payment_requests_waiting_idx")
      .on(t.status, t.merchantId, t.createdAt)
      .where(sql`status IN ('awaiting_approval', 'submitting', 'unknown', 'needs_review')`),
    // Search: RefIds and exact amounts (the unique key starts with merchant_id, so it cannot serve RefId1 alone)…
    index("payment_requests_ref_id1_idx").on(t.refId1),
    index("payment_requests_ref_id2_idx").on(t.refId2),
    index("payment_requests_ref_id3_idx").on(t.refId3),
    index("payment_requests_reference_idx").on(t.merchantId, t.reference),
    // Exact amounts, and the keyset of the list sorted by amount (per merchant and across them).
    index("payment_requests_requested_amount_idx").on(t.requestedAmount, t.id),
    index("payment_requests_list_amount_idx").on(t.merchantId, t.requestedAmount, t.id),
    index("payment_requests_generated_amount_idx").on(t.generatedAmount),
    // …and the last digits of an account, as a prefix of the reversed number (must match ACCOUNT_DIGITS_SQL in lib/requests/search.ts).
    index("payment_requests_account_digits_idx").using(
      "btree",
      sql`(reverse(coalesce(${t.input} #>> '{destination,accountNo}', ${t.input} #>> '{destination,promptPayId}', ${t.providerResponse} ->> 'payInBankAccountNo'))) text_pattern_ops`,
    ),
    // …and any part of the texts people search by (pg_trgm; must match SEARCH_TEXT_SQL in lib/requests/search.ts).
    index("payment_requests_search_idx").using(
      "gin",
      sql`((coalesce(${t.refId1}, '') || E'\\n' || coalesce(${t.refId2}, '') || E'\\n' || coalesce(${t.refId3}, '') || E'\\n' || coalesce(${t.payerName}, '') || E'\\n' || coalesce(${t.input} ->> 'description', '') || E'\\n' || coalesce(${t.input} ->> 'tags', '') || E'\\n' || coalesce(${t.input} ->> 'customerPhone', ''))) gin_trgm_ops`,
    ),
    uniqueIndex("payment_requests_provider_id_key")
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    index("payment_requests_open_idx").on(t.status, t.updatedAt),
    // What waits to be debited from the wallet (lib/wallet/waiting.ts, migration 0048).
    index("payment_requests_open_debits_idx")
      .on(t.merchantId)
      .where(sql`kind IN ('payout', 'withdrawal') AND status IN ('awaiting_approval', 'submitting', 'unknown', 'needs_review', 'pending')`),
    index("payment_requests_payout_rate_idx")
      .on(t.merchantId, sql`${t.createdAt} desc`)
      .where(sql`kind IN ('payout', 'withdrawal') AND fee_pct IS NOT NULL`),
    index("payment_requests_refund_of_idx")
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
  ],
);

export const requestEvents = pgTable(
  "request_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => paymentRequests.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type").notNull(),
    /** Who or what: a staff user id, "provider", "webhook", "reconcile", "customer". */
    actor: text("actor").notNull(),
    data: jsonb("data"),
  },
  (t) => [index("request_events_request_idx").on(t.requestId, t.at)],
);
