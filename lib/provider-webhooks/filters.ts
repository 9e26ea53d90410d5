/**
 * The webhook log's filters, read from the URL. A value the page cannot use is named (so a hand-edited
 * or stale link says what is wrong) and left out, never silently turned into "everything".
 */
import type { DeliveryFilters } from "./queries";
import { EVENTS } from "./parse";
import { VERDICTS } from "./queries";

export type Search = Record<string, string | string[] | undefined>;
export type FilterProblem = "verdict" | "event" | "from" | "to" | "before";

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** A Bangkok calendar day (YYYY-MM-DD) as the instant it starts, plus `plusDays`. */
function bangkokDay(day: string, plusDays = 0): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00+07:00`);
  // Date.parse rolls 2026-02-31 over to March; a real day formats back to itself.
  if (Number.isNaN(at) || new Date(at + 7 * 3_600_000).toISOString().slice(0, 10) !== day) return null;
  return new Date(at + plusDays * 86_400_000);
}

export function parseDeliveryFilters(params: Search): { filters: DeliveryFilters; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const filters: DeliveryFilters = {};
  const verdict = one(params.verdict);
  if (verdict) {
    if ((VERDICTS as readonly string[]).includes(verdict)) filters.verdict = verdict;
    else problems.push("verdict");
  }
  const event = one(params.event);
  if (event) {
    if ((EVENTS as readonly string[]).includes(event)) filters.event = event;
    else problems.push("event");
  }
  const merchant = one(params.merchant);
  if (merchant) filters.merchantId = merchant; // scoped in the query: an unknown id simply finds nothing
  for (const [name, plus] of [
    ["from", 0],
    ["to", 1],
  ] as const) {
    const raw = one(params[name]);
    if (!raw) continue;
    const day = bangkokDay(raw, plus);
    if (day) filters[name] = day;
    else problems.push(name);
  }
  const before = one(params.before);
  if (before) {
    if (/^\d{1,15}$/.test(before)) filters.before = Number(before);
    else problems.push("before");
  }
  return { filters, problems };
}
