import "server-only";
import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { ApiError } from "./http/errors";
import { paymentRequests } from "../db/schema";
import type { RequestRow } from "../requests/create";
import type { ApiCall } from "./requests";
import type { ListQuery } from "./schemas";
import { requestView, STORED_KIND, type RequestView } from "./views";

/** The merchant API's reads (app/api/v1/…): scoped to the key's merchant, so another merchant's request is 404. */

/** One request of the key's merchant, of the given kinds; any other is 404, as if it did not exist. */
export async function getRequest(call: ApiCall, id: string, kinds?: readonly RequestRow["kind"][]): Promise<RequestView> {
  return requestView(await ownRequest(call, id, kinds), call.publicBaseUrl);
}

/** The key's merchant's request with this id (of one of these kinds), or the 404 that says there is none. */
export async function ownRequest(call: ApiCall, id: string, kinds?: readonly RequestRow["kind"][]): Promise<RequestRow> {
  const [row] = await call.db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.merchantId, call.key.merchantRowId)))
    .limit(1);
  if (!row || (kinds && !kinds.includes(row.kind))) {
    throw new ApiError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "id",
      message: `No such payment request: ${id}`,
    });
  }
  return row;
}

/** The cursor is the last row's (created_at, id), opaque to the caller. */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime())) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "cursor",
      message: "cursor: not a cursor this API gave out",
    });
  }
  return { at: date, id };
}

export async function listRequests(
  call: ApiCall,
  query: ListQuery,
): Promise<{ object: "list"; data: RequestView[]; has_more: boolean; next_cursor: string | null }> {
  const t = paymentRequests;
  const where: SQL[] = [eq(t.merchantId, call.key.merchantRowId)];
  if (query.kind) where.push(eq(t.kind, STORED_KIND[query.kind]));
  if (query.status) where.push(eq(t.status, query.status));
  if (query.reference) where.push(or(eq(t.reference, query.reference), eq(t.refId1, query.reference))!);
  if (query.created_gte) where.push(gte(t.createdAt, new Date(query.created_gte)));
  if (query.created_lt) where.push(lt(t.createdAt, new Date(query.created_lt)));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(sql`(${t.createdAt}, ${t.id}) < (${c.at.toISOString()}::timestamptz, ${c.id})`);
  }
  const rows = await call.db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    object: "list",
    data: page.map((row) => requestView(row, call.publicBaseUrl)),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(page[page.length - 1]!) : null,
  };
}
