/**
 * PayDesk's tables (docs/DESIGN.md §4). Postgres dialect; the embedded PGlite and a real Postgres run
 * the same migrations. Money is numeric(14,2) here and satang integers in code (lib/money.ts).
 * Ids are prefixed where people read them (`req_…`, `mer_…`, `usr_…`).
 */
import { sql } from "drizzle-orm";
import type { ApiScope } from "../merchant-api/keys/scopes";
import type { Fact } from "../requests/notes";
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Raw bytes: `pg` reads them as a Buffer and PGlite as a Uint8Array; code sees a Uint8Array either way. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

export const ROLES = ["viewer", "operator", "finance", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const staffUsers = pgTable(
  "staff_users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** Merchants this person may see; null = all. */
    merchantIds: text("merchant_ids").array(),
    isDisabled: boolean("is_disabled").notNull().default(false),
    /** "th" or "en"; null = follow the browser. */
    locale: text("locale"),
    /** Set for an invited person's one-time password: they choose their own at first sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Sessions signed in before this moment are over (lib/auth/current-session.ts), all but
     * `keptSessionId`: the one that changed the password, which stays signed in.
     */
    sessionsValidFrom: timestamp("sessions_valid_from", { withTimezone: true }),
    keptSessionId: text("kept_session_id"),
    /** The authenticator app's secret, sealed (lib/auth/second-factor.ts); set once confirmed with a code. */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    /** A secret shown for enrolment, not yet confirmed with a code. */
    totpPendingSecretEncrypted: text("totp_pending_secret_encrypted"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The staff e-mails this person turned off (kinds of staff_notifications, lib/notify/choices.ts). */
    notificationsOff: text("notifications_off").array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_users_email_key").on(sql`lower(${t.email})`)],
);

/** Single-use recovery codes for two-factor sign-in, hashed (SHA-256: they are random, 50 bits each). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.userId)],
);

/** A person's passkeys (lib/auth/passkeys.ts): sign in with one alone, or use it as the second factor. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key it signs with, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen: a clone that signs with an older one is refused. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The person's own name for it ("Work laptop"). */
    name: text("name").notNull(),
    /** Synced by the platform (iCloud Keychain, Google Password Manager) rather than bound to one device. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_passkeys_credential_key").on(t.credentialId), index("staff_passkeys_user_idx").on(t.userId)],
);

/** A WebAuthn challenge handed out for a registration, a sign-in or a step-up: good once, for 5 minutes. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose").$type<"register" | "sign-in" | "second-factor" | "step-up">().notNull(),
    /** Whose it is; null for a sign-in with a passkey alone (the passkey says who). */
    userId: text("user_id").references(() => staffUsers.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/** Each sign-in (lib/auth/open-sessions.ts): listed on the account page, ended from there; its last step-up. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** The session cookie's `sid`. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** When this session last passed a fresh second-factor check (lib/auth/step-up.ts). */
    stepUpAt: timestamp("step_up_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId, t.createdAt)],
);

/** Deployment-wide security rules set by an admin; one row, id "global". */
export const securitySettings = pgTable("security_settings", {
  id: text("id").primaryKey(),
  /** Roles that must sign in with a second factor: a person in one without it enrols before anything else. */
  secondFactorRoles: text("second_factor_roles")
    .array()
    .$type<Role[]>()
    .notNull()
    .default(sql`'{}'`),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

/**
 * Sessions ended by signing out. The session cookie is a JWT, so clearing it is not enough: a
 * response still in flight (a prefetch, the event stream) can renew it afterwards. A session whose
 * id is here is void whatever its cookie says; rows can go once `expires_at` has passed.
 */
export const revokedSessions = pgTable("revoked_sessions", {
  sessionId: text("session_id").primaryKey(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Failed sign-ins per account and per IP, for throttling. */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(), // "email:<lowercased>" or "ip:<address>"
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Fixed-window counters for the public pages (lib/public/rate-limit.ts): "slip-ip:<address>",
 * "slip-token:<token>". In the database so every app instance counts the same hits (docs/DESIGN.md §6.3).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
});

/**
 * Slip-link tokens the provider said are no good (lib/slips/rejected-tokens.ts), remembered until
 * `until` so the same bad link, opened again on any instance, never reaches the provider twice.
 */
export const rejectedSlipTokens = pgTable("rejected_slip_tokens", {
  key: text("key").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

export const merchants = pgTable(
  "merchants",
  {
    id: text("id").primaryKey(),
    displayName: text("display_name").notNull(),
    orgId: text("org_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    /** AES-256-GCM, see lib/merchants/key-vault.ts; the last 4 characters for people to recognise it. */
    submitKeyEncrypted: text("submit_key_encrypted").notNull(),
    submitKeyLast4: text("submit_key_last4").notNull(),
    readKeyEncrypted: text("read_key_encrypted"),
    readKeyLast4: text("read_key_last4"),
    webhookSecretHash: text("webhook_secret_hash"),
    /** The previous secret keeps working until this time, so a rotation needs no downtime. */
    webhookSecretPreviousHash: text("webhook_secret_previous_hash"),
    webhookSecretPreviousUntil: timestamp("webhook_secret_previous_until", { withTimezone: true }),
    payinMin: money("payin_min"),
    payinMax: money("payin_max"),
    payoutApprovalThreshold: money("payout_approval_threshold"),
    /** The most a single Pay-Out or Withdrawal may be, however it is made (lib/requests/form-context.ts `ceilingIssue`). */
    payoutCeiling: money("payout_ceiling").notNull().default("2000000.00"),
    isDemo: boolean("is_demo").notNull().default(false),
    /**
     * Without a read key no webhook can be confirmed with the provider (docs/provider-facts.md §6.4), and an
     * unconfirmed one is held back. An admin may choose, knowingly, to apply them anyway.
     */
    applyUnconfirmedWebhooks: boolean("apply_unconfirmed_webhooks").notNull().default(false),
    /** Where a checkout made through the merchant API may send the customer back to (lib/merchants/return-origins.ts). */
    allowedReturnOrigins: text("allowed_return_origins")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("merchants_provider_key").on(t.orgId, t.merchantId)],
);

/**
 * The provider's wallet of each merchant as last read (lib/wallet/balance.ts): the wallet's id, its
 * balance and when it was read; the last failure to read it, kept beside the last good figure.
 */
export const merchantWallets = pgTable("merchant_wallets", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  walletId: text("wallet_id"),
  balance: numeric("balance", { precision: 16, scale: 2 }),
  readAt: timestamp("read_at", { withTimezone: true }),
  failedAt: timestamp("failed_at", { withTimezone: true }),
  failure: text("failure"),
});

/**
 * The provider's wallet movements as read (lib/wallet/statement.ts): the provider's id, amount
 * (always positive) and direction, the balance before and after, its tags and what they name (a
 * payment tx with its RefId1, or a pay-out request), its Bangkok day, and the request matched.
 */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    walletId: text("wallet_id").notNull(),
    direction: text("direction").$type<"credit" | "debit">().notNull(),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
    previousBalance: numeric("previous_balance", { precision: 16, scale: 2 }),
    currentBalance: numeric("current_balance", { precision: 16, scale: 2 }),
    tags: text("tags"),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    refKind: text("ref_kind").$type<"payin" | "payout">(),
    refId: text("ref_id"),
    refId1: text("ref_id1"),
    requestId: text("request_id"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wallet_transactions_direction", sql`${t.direction} in ('credit', 'debit')`),
    check("wallet_transactions_amount", sql`${t.amount} >= 0`),
    index("wallet_transactions_day_idx").on(t.merchantId, t.day, t.createdAt),
    index("wallet_transactions_request_idx").on(t.requestId),
  ],
);

/** A merchant's statement for one Bangkok day (lib/wallet/statement.ts): figures, and what did not reconcile. */
export const walletStatements = pgTable(
  "wallet_statements",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").$type<"running" | "reconciled" | "findings" | "failed">().notNull(),
    opening: numeric("opening", { precision: 16, scale: 2 }),
    credits: numeric("credits", { precision: 16, scale: 2 }).notNull().default("0"),
    debits: numeric("debits", { precision: 16, scale: 2 }).notNull().default("0"),
    fees: numeric("fees", { precision: 16, scale: 2 }).notNull().default("0"),
    closing: numeric("closing", { precision: 16, scale: 2 }),
    movements: integer("movements").notNull().default(0),
    findings: jsonb("findings")
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failure: text("failure"),
    readCalls: integer("read_calls").notNull().default(0),
    computedAt: timestamp("computed_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

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
    // …and the last digits of an account, as a prefix of the reversed number (must match ACCOUNT_DIGITS_SQL in lib/requests/queries.ts).
    index("payment_requests_account_digits_idx").using(
      "btree",
      sql`(reverse(coalesce(${t.input} #>> '{destination,accountNo}', ${t.input} #>> '{destination,promptPayId}', ${t.providerResponse} ->> 'payInBankAccountNo'))) text_pattern_ops`,
    ),
    // …and any part of the texts people search by (pg_trgm; must match SEARCH_TEXT_SQL in lib/requests/queries.ts).
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

/**
 * The slips customers uploaded through PayDesk's slip page, as the provider received them: the
 * re-encoded JPEG (lib/slips/reencode.ts) and a small thumbnail, so staff see them in the console
 * through PayDesk (app/api/slips/[id]/…), never from a public address. Each row is one upload the
 * provider accepted (lib/slips/upload.ts says why only those). Bounded by the upload cap
 * (MAX_UPLOAD_BYTES, lib/slips/image.ts) and THUMBNAIL_MAX_BYTES (lib/slips/reencode.ts).
 */
export const slips = pgTable(
  "slips",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => paymentRequests.id),
    /** The request's merchant, so staff scope is checked on the slip itself. */
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    createdAt: createdAt(),
    /** The slip reference's first and last 4 characters as the customer gave them; null when not given. */
    first4: text("first4"),
    last4: text("last4"),
    note: text("note"),
    image: bytea("image").notNull(),
    imageType: text("image_type").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    thumbnailType: text("thumbnail_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /**
     * What the slip's QR says (lib/slips/qr.ts), read once by the server after the upload or when
     * staff first open the slip; qr_read_at null until then. A bank slip's QR names the sending
     * bank (its Bank of Thailand number) and the transaction reference; a payment QR may hold an amount.
     */
    qrReadAt: timestamp("qr_read_at", { withTimezone: true }),
    qrKind: text("qr_kind"),
    qrBank: text("qr_bank"),
    qrReference: text("qr_reference"),
    qrAmount: money("qr_amount"),
    /**
     * The merchant's staff's own judgement of the slip against its request (lib/slips/decide.ts):
     * it matches, or it does not (with a note saying why). It changes nothing at the provider and
     * never the request's state — only the provider says a request is paid.
     */
    decision: text("decision"),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => staffUsers.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("slips_request_idx").on(t.requestId, t.createdAt),
    // The Slips page's order, per merchant and across them.
    index("slips_merchant_created_idx").on(t.merchantId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("slips_created_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    check("slips_image_size", sql`octet_length(${t.image}) between 1 and 5242880 and ${t.byteSize} = octet_length(${t.image})`),
    check("slips_thumbnail_size", sql`octet_length(${t.thumbnail}) between 1 and 262144`),
    check("slips_qr_kind", sql`${t.qrKind} is null or ${t.qrKind} in ('slip', 'payment_qr', 'other', 'none')`),
    check("slips_decision", sql`${t.decision} is null or ${t.decision} in ('matches', 'does_not_match')`),
    check(
      "slips_decision_whole",
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is distinct from 'does_not_match' or coalesce(length(${t.decisionNote}), 0) > 0) and coalesce(length(${t.decisionNote}), 0) <= 500`,
    ),
    // Another slip with the same transaction reference: the same transfer shown twice.
    index("slips_qr_reference_idx")
      .on(t.qrReference)
      .where(sql`${t.qrReference} is not null`),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    providerJobId: text("provider_job_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    event: text("event"),
    merchantId: text("merchant_id").references(() => merchants.id),
    requestId: text("request_id").references(() => paymentRequests.id),
    verdict: text("verdict").notNull(),
    /** Someone else's words (an exception's message); PayDesk's own reasons are `reasonFacts`. */
    reason: text("reason"),
    reasonFacts: jsonb("reason_facts").$type<Fact>(),
    rawBody: text("raw_body").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_job_key").on(t.providerJobId),
    index("webhook_deliveries_received_idx").on(t.receivedAt.desc()),
    // The overview's count of webhooks that matched nothing (migration 0028).
    index("webhook_deliveries_unmatched_idx")
      .on(t.receivedAt)
      .where(sql`verdict IN ('unmatched_money', 'unknown_request', 'mismatch', 'malformed', 'contradicted', 'unconfirmed')`),
  ],
);

/**
 * Webhooks refused for their secret (none, unknown, another merchant's), for staff to see a burst:
 * the last few in detail (never the secret itself), and a count per minute for the last day. Both
 * are pruned as they are written (lib/provider-webhooks/refusals.ts), so a flood cannot grow them.
 */
export const webhookRefusals = pgTable("webhook_refusals", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  /** The header that carried (or should have carried) the secret. */
  header: text("header").notNull(),
  problem: text("problem").notNull(),
});

export const webhookRefusalMinutes = pgTable("webhook_refusal_minutes", {
  minute: timestamp("minute", { withTimezone: true }).primaryKey(),
  refusals: integer("refusals").notNull().default(0),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    merchantId: text("merchant_id"),
    target: text("target"),
    ip: text("ip"),
    outcome: text("outcome").notNull(),
    data: jsonb("data"),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);

/**
 * Calls made to a provider, for the shared outgoing rate limit (docs/DESIGN.md §6.2): every app instance
 * that shares this database sees the same sliding window.
 */
export const providerCalls = pgTable(
  "provider_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 6 }).notNull(),
    /** Who called (lib/provider/limiter.ts LANES) and how long the call waited for its slot. */
    lane: text("lane"),
    waitedMs: integer("waited_ms"),
  },
  (t) => [index("provider_calls_window_idx").on(t.provider, t.at)],
);

export { API_SCOPES, type ApiScope } from "../merchant-api/keys/scopes";

/**
 * The merchant API's keys (lib/merchant-api/keys/): the id is the key's public part (the lookup), the secret
 * only as its SHA-256. Revoked or expired keys stay for the audit trail.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    name: text("name").notNull(),
    mode: text("mode").$type<"test" | "live">().notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [index("api_keys_merchant_idx").on(t.merchantId, t.createdAt)],
);

/**
 * The merchant API's Idempotency-Key store (lib/merchant-api/http/idempotency.ts), shared by every instance: a
 * claim while the first call runs (`locked_until`), then its answer (`status`, `body`) for 24 hours.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    keyId: text("key_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The method, path and SHA-256 of the body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index("api_idempotency_created_idx").on(t.createdAt)],
);

/** The merchant's own webhook endpoints (docs/DESIGN.md §14): signing secrets sealed like provider keys. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    url: text("url").notNull(),
    description: text("description"),
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    secretEncrypted: text("secret_encrypted").notNull(),
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    /** Since when every attempt to it failed (null once one succeeds); 3 days of it disable it. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Why it was disabled: `gone` (it answered 410), `failing` (3 days of failures) or `staff`. */
    disabledReason: text("disabled_reason"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Deleted endpoints stay for the delivery log, hidden from the settings and never sent to. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_merchant_idx")
      .on(t.merchantId)
      .where(sql`${t.enabled}`),
  ],
);

/** The outbox: an event about a request, with the row as it stood when the change committed. */
export const outboundEvents = pgTable(
  "outbound_events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    requestId: text("request_id"),
    type: text("type").notNull(),
    requestRow: jsonb("request_row").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbound_events_request_idx").on(t.requestId),
    index("outbound_events_merchant_idx").on(t.merchantId, t.createdAt),
    index("outbound_events_created_idx").on(t.createdAt),
  ],
);

/** One event to one endpoint: what the delivery worker sends, retries and records. */
export const outboundDeliveries = pgTable(
  "outbound_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => outboundEvents.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("outbound_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbound_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("outbound_deliveries_event_idx").on(t.eventId),
    index("outbound_deliveries_pending_idx")
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbound_deliveries_leased_idx")
      .on(t.endpointId)
      .where(sql`${t.status} = 'pending' and ${t.leaseUntil} is not null`),
  ],
);

/** Periodic sweeps, leased so one instance at a time runs each (lib/outbound-webhooks/retention.ts). */
export const sweeps = pgTable("sweeps", {
  name: text("name").primaryKey(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/** Each attempt of a delivery, as the delivery log shows it. */
export const outboundAttempts = pgTable(
  "outbound_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => outboundDeliveries.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: integer("status"),
    latencyMs: integer("latency_ms").notNull(),
    answer: text("answer"),
    error: text("error"),
    /**
     * When its outcome was recorded; null while it is under way, and for good when the sender
     * stopped between sending and recording (migration 0039): the endpoint may have received it.
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("outbound_attempts_delivery_idx").on(t.deliveryId)],
);

/**
 * The overview's hourly totals (migration 0027, kept by a trigger on payment_requests): requests
 * per merchant, created hour (whole UTC hours), lane and state as staff see it, with their sums.
 */
export const requestRollup = pgTable(
  "request_rollup",
  {
    merchantId: text("merchant_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    /** payin, payin_p2p, payout or withdrawal. */
    lane: text("lane").notNull(),
    state: text("state").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    requested: numeric("requested", { precision: 18, scale: 2 }).notNull().default("0"),
    paid: numeric("paid", { precision: 18, scale: 2 }).notNull().default("0"),
    /** The provider's fees of these requests, by the one fee rule (migration 0047 `request_fee`). */
    fee: numeric("fee", { precision: 18, scale: 2 }).notNull().default("0"),
    /** What was paid of the requests whose fee is known: net is this less (money in) or plus (money out) `fee`. */
    feePaid: numeric("fee_paid", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.hour, t.lane, t.state] }), index("request_rollup_hour_idx").on(t.hour)],
);

/** The same per Bangkok day (migration 0028): what periods and daily charts read. */
export const requestRollupDay = pgTable(
  "request_rollup_day",
  {
    merchantId: text("merchant_id").notNull(),
    /** The Bangkok calendar day the requests were created on. */
    day: date("day", { mode: "string" }).notNull(),
    lane: text("lane").notNull(),
    state: text("state").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    requested: numeric("requested", { precision: 18, scale: 2 }).notNull().default("0"),
    paid: numeric("paid", { precision: 18, scale: 2 }).notNull().default("0"),
    /** The provider's fees of these requests, by the one fee rule (migration 0047 `request_fee`). */
    fee: numeric("fee", { precision: 18, scale: 2 }).notNull().default("0"),
    /** What was paid of the requests whose fee is known: net is this less (money in) or plus (money out) `fee`. */
    feePaid: numeric("fee_paid", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.lane, t.state] }), index("request_rollup_day_day_idx").on(t.day)],
);

/** Paid Pay-Ins per Bangkok day created and time-to-pay bucket (bucket b: from 1.05^b seconds), for median and p90. */
export const requestPayTimesDay = pgTable(
  "request_pay_times_day",
  {
    merchantId: text("merchant_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    lane: text("lane").notNull(),
    bucket: integer("bucket").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.lane, t.bucket] }), index("request_pay_times_day_day_idx").on(t.day)],
);

/**
 * A file of Pay-Outs a person uploaded (lib/bulk): checked row by row when uploaded (`draft`), made
 * into requests one row at a time by the bulk loop once confirmed, `done` when every row has its
 * outcome, or `canceled` while still a draft. Nothing is sent for a draft.
 */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file's bytes: the same file uploaded again is named as such. */
    fileSha256: text("file_sha256").notNull(),
    encoding: text("encoding").notNull(),
    status: text("status").notNull().default("draft"),
    rowCount: integer("row_count").notNull(),
    validCount: integer("valid_count").notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    confirmedBy: text("confirmed_by"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("payout_batches_merchant_idx").on(t.merchantId, t.createdAt),
    index("payout_batches_file_idx").on(t.merchantId, t.fileSha256),
    check("payout_batches_status", sql`${t.status} in ('draft', 'confirmed', 'done', 'canceled')`),
  ],
);

/** One line of a batch's file: its cells as written, the Pay-Out they make (or the problems), and what became of it. */
export const payoutBatchRows = pgTable(
  "payout_batch_rows",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => payoutBatches.id),
    line: integer("line").notNull(),
    cells: jsonb("cells").notNull(),
    /** The checked Pay-Out (lib/requests/contract.ts), or null when the row has problems. */
    payOut: jsonb("pay_out"),
    /** Field → message keys (lib/requests/form-messages.ts). */
    problems: jsonb("problems"),
    requestId: text("request_id"),
    /** sent, held, existing (lib/requests/create.ts), or refused (invalid, no_api, stale: `problems` says why). */
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** A refund: the paid Pay-In the line's `refund_of` named, resolved when the file was checked (lib/refunds). */
    refundOf: text("refund_of").references((): AnyPgColumn => paymentRequests.id),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.line] }),
    index("payout_batch_rows_todo_idx")
      .on(t.batchId)
      .where(sql`${t.outcome} is null and ${t.payOut} is not null`),
  ],
);

/**
 * An e-mail a staff member should get about a request (lib/notify): written in the transaction of
 * the change (a Pay-Out held for approval: every other person who may approve it), sent by the
 * notify loop, one e-mail per person for all that is due (lib/notify/worker.ts). The row is the
 * record: sent (with the address and the SMTP message id), skipped (nothing left to do by then,
 * and why) or failed (given up after NOTIFY_MAX_ATTEMPTS, with the last error).
 */
export const staffNotifications = pgTable(
  "staff_notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What the person is told: a request waits for their approval, or needs their attention (lib/notify/outbox.ts). */
    kind: text("kind").$type<"approval.waiting" | "request.needs_review" | "payout.failed">().notNull(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffUsers.id),
    requestId: text("request_id")
      .notNull()
      .references(() => paymentRequests.id),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    outcome: text("outcome").$type<"sent" | "skipped" | "failed">(),
    /** Why a skipped one was not sent (lib/notify/worker.ts); none on rows skipped before migration 0035. */
    skipReason: text("skip_reason").$type<"turned_off" | "disabled" | "no_access" | "decided" | "no_mailer">(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The address it went to (the person's at the time). */
    email: text("email"),
    messageId: text("message_id"),
    lastError: text("last_error"),
    /** Set just before the SMTP server is given the e-mail, cleared once its outcome is recorded (lib/notify/worker.ts). */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    /**
     * Sends started and never recorded (the sender stopped in between), found by a later lease: the
     * person may have had this e-mail that many times more than once (migration 0039).
     */
    unconfirmedSends: integer("unconfirmed_sends").notNull().default(0),
  },
  (t) => [
    unique("staff_notifications_once").on(t.kind, t.staffId, t.requestId),
    index("staff_notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.outcome} is null`),
    index("staff_notifications_request_idx").on(t.requestId),
    check("staff_notifications_outcome", sql`${t.outcome} in ('sent', 'skipped', 'failed')`),
    check(
      "staff_notifications_skip_reason",
      sql`${t.skipReason} is null or (${t.outcome} = 'skipped' and ${t.skipReason} in ('turned_off', 'disabled', 'no_access', 'decided', 'no_mailer'))`,
    ),
  ],
);
