/** The overview's totals, kept by triggers on payment_requests (lib/overview). */
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
