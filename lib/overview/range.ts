/**
 * The overview's period: a range of whole Bangkok days, as the URL says it (`range=today`,
 * `yesterday`, `7d`, `30d`, or `custom` with `from` and `to` as YYYY-MM-DD, inclusive), and the
 * period of the same length just before it, for comparison. Requests belong to the day they were
 * created on (as in the request list and its CSV export), so a figure and the list it links to
 * count the same rows.
 */
import { bangkokDayStart } from "../requests/list-filters";

export const RANGE_KEYS = ["today", "yesterday", "7d", "30d", "custom"] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

/** The longest custom range: the charts draw one bar per day, and a year is plenty. */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

export interface Period {
  /** First instant (a Bangkok midnight) and the instant after the last. */
  start: Date;
  end: Date;
  /** The first and last Bangkok day, YYYY-MM-DD (the request list's from/to). */
  fromDay: string;
  toDay: string;
}

export interface OverviewRange extends Period {
  key: RangeKey;
  days: number;
  /** One bar per hour for a single day, per day otherwise. */
  granularity: "hour" | "day";
  previous: Period;
}

export type RangeError = "date" | "dateOrder" | "tooLong";

/** YYYY-MM-DD of the Bangkok day an instant falls on. */
export function bangkokDay(at: Date): string {
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

function period(start: Date, days: number): Period {
  const end = new Date(start.getTime() + days * DAY_MS);
  return { start, end, fromDay: bangkokDay(start), toDay: bangkokDay(new Date(end.getTime() - 1)) };
}

function rangeOf(key: RangeKey, start: Date, days: number): OverviewRange {
  const current = period(start, days);
  return {
    ...current,
    key,
    days,
    granularity: days === 1 ? "hour" : "day",
    previous: period(new Date(start.getTime() - days * DAY_MS), days),
  };
}

/**
 * The period the URL asks for. Unknown keys fall back to today; a custom range with a bad date,
 * an end before its start or more than MAX_RANGE_DAYS days comes back as an error beside today's
 * range, so the page shows the person's text with what is wrong instead of other figures.
 */
export function parseRange(
  params: { range?: string | null; from?: string | null; to?: string | null },
  now = new Date(),
): { range: OverviewRange; error: RangeError | null } {
  const today = bangkokDayStart(bangkokDay(now))!;
  const key = (RANGE_KEYS as readonly string[]).includes(params.range ?? "") ? (params.range as RangeKey) : "today";
  const todayRange = rangeOf("today", today, 1);
  if (key === "today") return { range: todayRange, error: null };
  if (key === "yesterday") return { range: rangeOf("yesterday", new Date(today.getTime() - DAY_MS), 1), error: null };
  if (key === "7d") return { range: rangeOf("7d", new Date(today.getTime() - 6 * DAY_MS), 7), error: null };
  if (key === "30d") return { range: rangeOf("30d", new Date(today.getTime() - 29 * DAY_MS), 30), error: null };
  const from = bangkokDayStart(params.from?.trim() ?? "");
  const to = bangkokDayStart(params.to?.trim() ?? "");
  if (!from || !to) return { range: todayRange, error: "date" };
  if (to < from) return { range: todayRange, error: "dateOrder" };
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) return { range: todayRange, error: "tooLong" };
  return { range: rangeOf("custom", from, days), error: null };
}
