/** Each merchant's provider wallet as read, its movements and daily statements (lib/wallet). */
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

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
