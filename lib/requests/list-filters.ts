/**
 * The request list's filters as they live in the URL: shareable, bookmarkable, and the
 * back button just works, because the page is a plain GET form and links. One parser serves the
 * page and the CSV export, so "export what you see" holds by construction.
 *
 * A bad value is not dropped silently: it comes back as an error code beside the raw text, the
 * form shows it with the person's text intact, and no list is run on filters that mean something
 * other than what was typed.
 */
import { parseAmount, type Satang } from "../money";
import { ENDED_PAID, ENDED_UNPAID, STATES, type State } from "./lifecycle";

export const LIST_TABS = ["payin", "payout", "withdrawal"] as const;
export type ListTab = (typeof LIST_TABS)[number];

/** Groups first (what people usually mean), then every lifecycle state on its own. */
export const STATUS_GROUPS = {
  open: ["submitting", "unknown", "needs_review", "pending", "awaiting_approval"],
  succeeded: ENDED_PAID,
  failed: ENDED_UNPAID,
} as const satisfies Record<string, readonly State[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;
export type StatusFilter = StatusGroup | State;
const STATUS_FILTERS: readonly string[] = [...Object.keys(STATUS_GROUPS), ...STATES];

/** The list's orders: by creation time or by requested amount, either way; each pages on its own keyset. */
export const LIST_SORTS = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_SORT: ListSort = "newest";

export const FILTER_FIELDS = ["tab", "status", "from", "to", "min", "max", "merchant", "creator", "q", "sort", "size", "cursor"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** The raw text of each filter, as typed (what the form shows back). */
export type FilterValues = Record<FilterField, string>;
export type FilterError = "status" | "date" | "dateOrder" | "amount" | "amountOrder" | "search" | "sort" | "size" | "cursor";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface ListFilters {
  tab: ListTab;
  status: StatusFilter | null;
  /** Bangkok calendar days, inclusive, as [start, end) instants. */
  createdFrom: Date | null;
  createdBefore: Date | null;
  minSatang: Satang | null;
  maxSatang: Satang | null;
  /** A merchant id, "all" (everyone in the caller's scope), or null: the merchant switcher's choice. */
  merchant: string | null;
  creator: string | null;
  search: string | null;
  sort: ListSort;
  pageSize: number;
  cursor: Cursor | null;
}

/**
 * Where a page starts: after (or, going back, before) one row, named by its sort key — the exact
 * created_at (microseconds) or the requested amount — and its id, which breaks ties. `start` is
 * the position of the page's first row (0-based), carried along so the page can say "51–100"
 * without counting the rows before it.
 */
export interface Cursor {
  sort: ListSort;
  back: boolean;
  start: number;
  key: string;
  id: string;
}

export interface ParsedFilters {
  values: FilterValues;
  filters: ListFilters;
  errors: Partial<Record<FilterField, FilterError>>;
}

export const SEARCH_MAX = 100;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const CURSOR_AMOUNT = /^\d{1,12}\.\d{2}$/;
export const sortsByAmount = (sort: ListSort) => sort === "amount_desc" || sort === "amount_asc";

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, name: string): string {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

/** The first instant of a Bangkok calendar day (UTC+7 all year: Thailand has no daylight saving). */
export function bangkokDayStart(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const date = new Date(`${day}T00:00:00+07:00`);
  // Reject 2026-02-30 and friends, which Date would roll over.
  const check = new Date(date.getTime() + 7 * 3_600_000);
  return check.getUTCFullYear() === Number(m[1]) && check.getUTCMonth() + 1 === Number(m[2]) && check.getUTCDate() === Number(m[3])
    ? date
    : null;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from([cursor.sort, cursor.back ? "b" : "a", cursor.start, cursor.key, cursor.id].join("|")).toString("base64url");
}

export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const [sort, way, start, key, id, ...rest] = Buffer.from(text, "base64url").toString().split("|");
  if (!(LIST_SORTS as readonly string[]).includes(sort ?? "") || (way !== "a" && way !== "b") || !/^\d{1,9}$/.test(start ?? ""))
    return null;
  if (!key || !id || rest.length > 0 || !/^[\w-]{1,64}$/.test(id)) return null;
  if (!(sortsByAmount(sort as ListSort) ? CURSOR_AMOUNT : CURSOR_TIME).test(key)) return null;
  return { sort: sort as ListSort, back: way === "b", start: Number(start), key, id };
}

export function parseListFilters(params: Params): ParsedFilters {
  const values = Object.fromEntries(FILTER_FIELDS.map((f) => [f, read(params, f)])) as FilterValues;
  const errors: ParsedFilters["errors"] = {};
  const tab = (LIST_TABS as readonly string[]).includes(values.tab) ? (values.tab as ListTab) : "payin";

  let status: StatusFilter | null = null;
  if (values.status !== "" && values.status !== "all") {
    if (STATUS_FILTERS.includes(values.status)) status = values.status as StatusFilter;
    else errors.status = "status";
  }

  const day = (field: "from" | "to") => {
    if (values[field] === "") return null;
    const start = bangkokDayStart(values[field]);
    if (!start) errors[field] = "date";
    return start;
  };
  const from = day("from");
  const to = day("to");
  if (from && to && from > to) errors.to = "dateOrder";

  const amount = (field: "min" | "max") => {
    if (values[field] === "") return null;
    const parsed = parseAmount(values[field]);
    if (!parsed.ok) errors[field] = "amount";
    return parsed.ok ? parsed.satang : null;
  };
  const minSatang = amount("min");
  const maxSatang = amount("max");
  if (minSatang !== null && maxSatang !== null && minSatang > maxSatang) errors.max = "amountOrder";

  if (values.q.length > SEARCH_MAX) errors.q = "search";
  const pageSize = values.size === "" ? DEFAULT_PAGE_SIZE : Number(values.size);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) errors.size = "size";
  const sort = values.sort === "" ? DEFAULT_SORT : (values.sort as ListSort);
  if (!(LIST_SORTS as readonly string[]).includes(sort)) errors.sort = "sort";
  const cursor = values.cursor === "" ? null : decodeCursor(values.cursor);
  // A page link of another order points into a different sequence: refused like a broken one.
  if (values.cursor !== "" && (!cursor || cursor.sort !== sort)) errors.cursor = "cursor";

  return {
    values,
    errors,
    filters: {
      tab,
      status,
      createdFrom: from,
      createdBefore: to ? new Date(to.getTime() + 86_400_000) : null,
      minSatang,
      maxSatang,
      merchant: values.merchant === "" ? null : values.merchant,
      creator: values.creator === "" ? null : values.creator,
      search: values.q === "" ? null : values.q,
      sort: errors.sort ? DEFAULT_SORT : sort,
      pageSize: errors.size ? DEFAULT_PAGE_SIZE : pageSize,
      cursor: errors.cursor ? null : cursor,
    },
  };
}

/** A /requests (or export) URL for these values with some changed; empty values are left out. */
export function listHref(values: Partial<FilterValues>, changes: Partial<FilterValues> = {}, base = "/requests"): string {
  const merged: Partial<FilterValues> = { ...values, ...changes };
  const query = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = merged[field];
    if (value) query.set(field, value);
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** True when anything narrows the list beyond the tab and the merchant. */
export function hasNarrowingFilters(values: FilterValues): boolean {
  return ["status", "from", "to", "min", "max", "creator", "q"].some(
    (f) => values[f as FilterField] !== "" && !(f === "status" && values.status === "all"),
  );
}

/**
 * The state staff see. The provider has no Expired status: the live one reports an expired Pay-In
 * as Rejected with ERR_EXPIRED_REQUEST (docs/provider-facts.md §2.2). The state machine already files that
 * as `expired`; a row written before it did still shows — and filters — as expired.
 */
export function shownState(status: string, statusCode: string | null): State {
  if (status === "rejected" && statusCode === "ERR_EXPIRED_REQUEST") return "expired";
  return (STATES as readonly string[]).includes(status) ? (status as State) : "unknown";
}
