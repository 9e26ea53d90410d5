/** The merchants PayDesk serves, with their provider credentials sealed (lib/merchants). */
import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, money, createdAt, updatedAt } from "./columns";

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
    /** A paid Pay-In of at least this much is told by LINE (lib/line/outbox.ts); null: none. */
    linePaidThreshold: money("line_paid_threshold"),
    /** When the merchant's daily LINE summary goes out, Bangkok time "HH:MM"; null: none (lib/line/summary.ts). */
    lineSummaryTime: text("line_summary_time"),
    /** When that time was set: no summary is due from before it. */
    lineSummarySince: timestamp("line_summary_since", { withTimezone: true }),
    /** The most a single Pay-Out or Withdrawal may be, however it is made (lib/requests/form-context.ts `ceilingIssue`). */
    payoutCeiling: money("payout_ceiling").notNull().default("2000000.00"),
    isDemo: boolean("is_demo").notNull().default(false),
    /** The merchant's colour on the customer's pages and receipts, "#rrggbb"; null: PayDesk's (lib/merchants/branding.ts). */
    brandColor: text("brand_color"),

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

/** A merchant's logo as PayDesk re-encoded it (PNG, ≤ 480 × 160 px, ≤ 64 KB), its size, and a version for caches. */
export const merchantLogos = pgTable("merchant_logos", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  png: bytea("png").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  version: text("version").notNull(),
  updatedAt: updatedAt(),
});
