import { bangkokDayStart } from "../requests/list-filters";
import { OUTBOUND_EVENT_TYPES, TEST_EVENT_TYPE } from "./events";
import { DELIVERY_STATUSES, type DeliveryFilter, type DeliveryStatus } from "./log";

/**
 * The delivery log's filters from the page's query string. A value that does not parse is left
 * out of the filter and named in `ignored`, so the page says so instead of showing a wrong list.
 */
export type LogQuery = Omit<DeliveryFilter, "merchantIds">;
export type LogFilterField = "type" | "status" | "request" | "from" | "to" | "before";

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
/** A Bangkok calendar day's first instant, or (for "to") its last. */
function bangkokDay(text: string, endOfDay: boolean): Date | null {
  const start = bangkokDayStart(text);
  return start && endOfDay ? new Date(start.getTime() + 86_400_000 - 1) : start;
}

export function parseLogQuery(params: Record<string, string | string[] | undefined>): { query: LogQuery; ignored: LogFilterField[] } {
  const query: LogQuery = {};
  const ignored: LogFilterField[] = [];
  const type = one(params.type);
  if (type) {
    if ((OUTBOUND_EVENT_TYPES as readonly string[]).includes(type) || type === TEST_EVENT_TYPE) query.eventType = type;
    else ignored.push("type");
  }
  const status = one(params.status);
  if (status) {
    if ((DELIVERY_STATUSES as readonly string[]).includes(status)) query.status = status as DeliveryStatus;
    else ignored.push("status");
  }
  const request = one(params.request);
  if (request) {
    if (/^[A-Za-z0-9_-]{1,64}$/.test(request)) query.requestId = request;
    else ignored.push("request");
  }
  for (const field of ["from", "to"] as const) {
    const text = one(params[field]);
    if (!text) continue;
    const at = bangkokDay(text, field === "to");
    if (at) query[field] = at;
    else ignored.push(field);
  }
  const before = one(params.before);
  if (before) {
    if (/^\d{1,15}$/.test(before)) query.before = Number(before);
    else ignored.push("before");
  }
  return { query, ignored };
}
