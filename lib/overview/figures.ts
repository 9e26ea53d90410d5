import "server-only";
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboundDeliveries, requestPayTimesDay, requestRollup, requestRollupDay, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { STATUS_GROUPS } from "../requests/list-filters";
import type { Scope } from "../requests/queries";
import { binsOf, quantileOfBuckets, type PayTimeBin } from "./pay-times";
import { bangkokDay, type OverviewRange, type Period } from "./range";
import { merchantCondition, satangOf } from "./scope";
import { waitingNow, type WaitingNow } from "./waiting";

/**
 * The overview's figures for a period and the merchants a person may see. Everything that counts
 * requests reads totals kept by a trigger in the statement that changes a request (migrations
 * 0027, 0028): per Bangkok day for periods and daily charts (`request_rollup_day`,
 * `request_pay_times_day`), per hour for one day's hourly chart (`request_rollup`), so a 30-day
 * range over a million requests reads a few thousand rows; the figures equal what the request list's CSV export of the same
 * filters adds up to (lib/overview/figures.db.test.ts): requests count on the Bangkok day they were
 * created, Pay-In money is the paid amount, money out is the requested amount of what succeeded.
 * What is waiting now (approvals, reconciliation) is read from the requests, through indexes.
 */

export type Lane = "payin" | "payin_p2p" | "payout" | "withdrawal";

export interface Money {
  count: number;
  satang: number;
}

/** The provider's fees on money that moved, and what the wallet moved by after them (docs/DESIGN.md §4). */
export interface Net {
  feeSatang: number;
  /** Of the requests whose fee is known — money in: paid − fees (credited); money out: paid out + fees (debited). */
  netSatang: number;
  /** Paid by requests whose fee the provider has not said yet (no net for them yet). */
  feeUnknownSatang: number;
}

export interface PeriodFigures {
  payIn: {
    paid: Money;
    /** Of what was paid: the fees, and what the wallet was credited. */
    net: Net;
    rejected: number;
    expired: number;
    open: number;
    /** paid ÷ (paid + rejected + expired); null when none of those. */
    successRate: number | null;
  };
  p2p: { matched: number; unmatched: number; open: number };
  payOut: { succeeded: Money; net: Net; open: Money; failed: Money };
  withdrawal: { succeeded: Money; net: Net; open: Money; failed: Money };
  /** Time from created to paid of paid Pay-Ins, in seconds (to within 5 %); null without any. */
  timeToPay: { median: number | null; p90: number | null; count: number; distribution: PayTimeBin[] };
  /** Provider webhooks that changed nothing for a reason staff should look at (unmatched money, unknown requests, malformed…). */
  webhooksUnmatched: number;
  /** Deliveries to the merchant's own endpoints made in the period: given up on, and still being retried. */
  outbound: { failed: number; retrying: number };
}

export interface Bucket {
  /** The bucket's first instant (an hour, or a Bangkok midnight). */
  at: Date;
  moneyInSatang: number;
  moneyOutSatang: number;
  paid: number;
  /** paid ÷ (paid + rejected + expired) of the Pay-Ins created in the bucket; null without any. */
  successRate: number | null;
}

/** Ended and paid: lib/requests/lifecycle.ts's one rule (`paid`, or the live provider's `approved`), for Pay-Ins as for money out. */
const SUCCEEDED: readonly string[] = STATUS_GROUPS.succeeded;
const OPEN: readonly string[] = STATUS_GROUPS.open;
const UNMATCHED_VERDICTS = ["unmatched_money", "unknown_request", "mismatch", "malformed", "contradicted", "unconfirmed"];
const rate = (paid: number, failed: number) => (paid + failed === 0 ? null : paid / (paid + failed));

interface RollupRow {
  lane: string;
  state: string;
  n: number;
  requested: string;
  paid: string;
  fee: string;
  feePaid: string;
}

function totalsOf(rows: RollupRow[]): Omit<PeriodFigures, "timeToPay" | "webhooksUnmatched" | "outbound"> {
  const count = (lanes: Lane[], states: readonly string[]) =>
    rows.filter((r) => lanes.includes(r.lane as Lane) && states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
  const money = (lanes: Lane[], states: readonly string[], column: "requested" | "paid"): Money => {
    const matching = rows.filter((r) => lanes.includes(r.lane as Lane) && states.includes(r.state));
    return { count: matching.reduce((s, r) => s + Number(r.n), 0), satang: matching.reduce((s, r) => s + satangOf(r[column]), 0) };
  };
  /** Fees and net of what succeeded, by the one fee rule (summed in the totals, migration 0047). */
  const net = (lanes: Lane[], direction: 1 | -1): Net => {
    const ok = rows.filter((r) => lanes.includes(r.lane as Lane) && SUCCEEDED.includes(r.state));
    const sumOf = (column: "fee" | "feePaid" | "paid") => ok.reduce((s, r) => s + satangOf(r[column] ?? "0"), 0);
    const fee = sumOf("fee");
    return { feeSatang: fee, netSatang: sumOf("feePaid") - direction * fee, feeUnknownSatang: sumOf("paid") - sumOf("feePaid") };
  };
  const payIns: Lane[] = ["payin", "payin_p2p"];
  const paid = money(payIns, SUCCEEDED, "paid");
  const rejected = count(payIns, ["rejected"]);
  const expired = count(payIns, ["expired"]);
  const out = (lane: Lane) => ({
    succeeded: money([lane], SUCCEEDED, "requested"),
    net: net([lane], -1),
    open: money([lane], OPEN, "requested"),
    failed: money([lane], STATUS_GROUPS.failed, "requested"),
  });
  return {
    payIn: {
      paid,
      net: net(payIns, 1),
      rejected,
      expired,
      open: count(payIns, OPEN),
      successRate: rate(paid.count, rejected + expired),
    },
    p2p: {
      matched: count(["payin_p2p"], SUCCEEDED),
      unmatched: count(["payin_p2p"], ["rejected", "expired"]),
      open: count(["payin_p2p"], OPEN),
    },
    payOut: out("payout"),
    withdrawal: out("withdrawal"),
  };
}

/** Requests counted and summed per lane and state, from the hourly or the daily totals. */
const rollupSums = (t: typeof requestRollup | typeof requestRollupDay) => ({
  lane: t.lane,
  state: t.state,
  n: sql<number>`sum(${t.n})::int`,
  requested: sql<string>`sum(${t.requested})::text`,
  paid: sql<string>`sum(${t.paid})::text`,
  fee: sql<string>`sum(${t.fee})::text`,
  feePaid: sql<string>`sum(${t.feePaid})::text`,
});

export async function periodFigures(db: Db, scope: Scope, merchant: string | "all", period: Period): Promise<PeriodFigures> {
  // Periods are whole Bangkok days: the daily totals hold them (24× fewer rows than the hours).
  const inPeriod = (column: typeof requestRollupDay.day | typeof requestPayTimesDay.day) =>
    sql`${column} >= ${period.fromDay}::date and ${column} <= ${period.toDay}::date`;
  const [rows, payTimes, webhooks, outbound] = await Promise.all([
    db
      .select(rollupSums(requestRollupDay))
      .from(requestRollupDay)
      .where(and(inPeriod(requestRollupDay.day), merchantCondition(requestRollupDay.merchantId, scope, merchant)))
      .groupBy(requestRollupDay.lane, requestRollupDay.state),
    db
      .select({ bucket: requestPayTimesDay.bucket, n: sql<number>`sum(${requestPayTimesDay.n})::int` })
      .from(requestPayTimesDay)
      .where(and(inPeriod(requestPayTimesDay.day), merchantCondition(requestPayTimesDay.merchantId, scope, merchant)))
      .groupBy(requestPayTimesDay.bucket),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(
        and(
          gte(webhookDeliveries.receivedAt, period.start),
          lt(webhookDeliveries.receivedAt, period.end),
          inArray(webhookDeliveries.verdict, UNMATCHED_VERDICTS),
          merchantCondition(webhookDeliveries.merchantId, scope, merchant),
        ),
      ),
    db
      .select({
        failed: sql<number>`count(*) filter (where ${outboundDeliveries.status} = 'failed')::int`,
        retrying: sql<number>`count(*) filter (where ${outboundDeliveries.status} = 'pending' and ${outboundDeliveries.attempts} > 0)::int`,
      })
      .from(outboundDeliveries)
      .innerJoin(webhookEndpoints, sql`${webhookEndpoints.id} = ${outboundDeliveries.endpointId}`)
      .where(
        and(
          sql`${outboundDeliveries.createdAt} >= ${period.start.toISOString()}::timestamptz and ${outboundDeliveries.createdAt} < ${period.end.toISOString()}::timestamptz`,
          merchantCondition(webhookEndpoints.merchantId, scope, merchant),
        ),
      ),
  ]);
  const buckets = payTimes.map((b) => ({ bucket: Number(b.bucket), n: Number(b.n) }));
  return {
    ...totalsOf(rows),
    timeToPay: {
      median: quantileOfBuckets(buckets, 0.5),
      p90: quantileOfBuckets(buckets, 0.9),
      count: buckets.reduce((sum, b) => sum + b.n, 0),
      distribution: binsOf(buckets),
    },
    webhooksUnmatched: Number(webhooks[0]?.n ?? 0),
    outbound: { failed: Number(outbound[0]?.failed ?? 0), retrying: Number(outbound[0]?.retrying ?? 0) },
  };
}

/** Money in and out and the success rate per hour (a one-day range, from the hourly totals) or per Bangkok day (the daily ones). */
async function seriesOf(db: Db, scope: Scope, merchant: string | "all", range: OverviewRange): Promise<Bucket[]> {
  const rows: Array<RollupRow & { key: string }> =
    range.granularity === "hour"
      ? (
          await db
            .select({ at: requestRollup.hour, ...rollupSums(requestRollup) })
            .from(requestRollup)
            .where(
              and(
                gte(requestRollup.hour, range.start),
                lt(requestRollup.hour, range.end),
                merchantCondition(requestRollup.merchantId, scope, merchant),
              ),
            )
            .groupBy(requestRollup.hour, requestRollup.lane, requestRollup.state)
        ).map(({ at, ...row }) => ({ ...row, key: at.toISOString() }))
      : (
          await db
            .select({ day: requestRollupDay.day, ...rollupSums(requestRollupDay) })
            .from(requestRollupDay)
            .where(
              and(
                sql`${requestRollupDay.day} >= ${range.fromDay}::date and ${requestRollupDay.day} <= ${range.toDay}::date`,
                merchantCondition(requestRollupDay.merchantId, scope, merchant),
              ),
            )
            .groupBy(requestRollupDay.day, requestRollupDay.lane, requestRollupDay.state)
        ).map(({ day, ...row }) => ({ ...row, key: day }));
  const step = range.granularity === "hour" ? 3_600_000 : 86_400_000;
  const buckets: Bucket[] = [];
  for (let at = range.start.getTime(); at < range.end.getTime(); at += step) {
    const key = range.granularity === "hour" ? new Date(at).toISOString() : bangkokDay(new Date(at));
    const bucket = totalsOf(rows.filter((r) => r.key === key));
    buckets.push({
      at: new Date(at),
      moneyInSatang: bucket.payIn.paid.satang,
      moneyOutSatang: bucket.payOut.succeeded.satang + bucket.withdrawal.succeeded.satang,
      paid: bucket.payIn.paid.count,
      successRate: bucket.payIn.successRate,
    });
  }
  return buckets;
}

export interface Overview {
  current: PeriodFigures;
  previous: PeriodFigures;
  series: Bucket[];
  waiting: WaitingNow;
}

export async function overviewFigures(db: Db, scope: Scope, merchant: string | "all", range: OverviewRange): Promise<Overview> {
  const [current, previous, series, waiting] = await Promise.all([
    periodFigures(db, scope, merchant, range),
    periodFigures(db, scope, merchant, range.previous),
    seriesOf(db, scope, merchant, range),
    waitingNow(db, scope, merchant),
  ]);
  return { current, previous, series, waiting };
}
