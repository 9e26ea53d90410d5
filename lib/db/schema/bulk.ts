/** Bulk Pay-Out files and their lines (lib/bulk). */
import { sql } from "drizzle-orm";
import { bigint, type AnyPgColumn, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { merchants } from "./merchants";
import { paymentRequests } from "./requests";

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
    /** When the line is next tried: a line whose attempt made nothing waits here (lib/jobs/lease.ts). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
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
