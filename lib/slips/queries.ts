import "server-only";
import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, paymentRequests, slips, staffUsers } from "../db/schema";
import { ENDED_PAID, ENDED_UNPAID } from "../requests/lifecycle";
import type { SlipView } from "./standing";
import type { Scope } from "../requests/queries";
import { SLIP_ID_PATTERN } from "./store";

/**
 * The console's reads of slips. The caller's merchant scope is applied inside the SQL, on the
 * slip's own merchant (the request's), so another merchant's slip is "not found" exactly like one
 * that does not exist (docs/STYLE.md habit 2).
 */
function inScope(scope: Scope, merchant: string | "all" = "all"): SQL | undefined {
  if (merchant !== "all")
    return scope.merchantIds === null || scope.merchantIds.includes(merchant) ? eq(slips.merchantId, merchant) : sql`false`;
  if (scope.merchantIds === null) return undefined;
  return scope.merchantIds.length > 0 ? inArray(slips.merchantId, scope.merchantIds) : sql`false`;
}

export type SlipFileKind = "image" | "thumbnail";

/** One slip's image or thumbnail with its content type, or undefined: missing and out of scope look the same. */
export async function getSlipFileInScope(
  db: Db,
  scope: Scope,
  id: string,
  kind: SlipFileKind,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  if (!SLIP_ID_PATTERN.test(id)) return undefined;
  const columns =
    kind === "image" ? { bytes: slips.image, contentType: slips.imageType } : { bytes: slips.thumbnail, contentType: slips.thumbnailType };
  const [row] = await db
    .select(columns)
    .from(slips)
    .where(and(eq(slips.id, id), inScope(scope)))
    .limit(1);
  return row;
}

const CURSOR_KEY = sql<string>`to_char(${slips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(slp_[0-9a-f]{20})$/;

/** The Slips page's "older" link: where the last row shown was, as an opaque text. */
export function encodeSlipCursor(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`).toString("base64url");
}

export function decodeSlipCursor(text: string): { key: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const match = CURSOR_PATTERN.exec(Buffer.from(text, "base64url").toString());
  return match ? { key: match[1]!, id: match[2]! } : null;
}

export interface SlipListRow {
  id: string;
  requestId: string;
  refId1: string;
  kind: string;
  merchantName: string;
  requestedAmount: string;
  generatedAmount: string | null;
  createdAt: Date;
  first4: string | null;
  last4: string | null;
  note: string | null;
  status: string;
  decision: "matches" | "does_not_match" | null;
  qrReference: string | null;
}

function viewWhere(view: SlipView): SQL | undefined {
  switch (view) {
    case "all":
      return undefined;
    case "to_check":
      return and(isNull(slips.decision), notInArray(paymentRequests.status, [...ENDED_PAID]));
    case "matches":
      return eq(slips.decision, "matches");
    case "does_not_match":
      return eq(slips.decision, "does_not_match");
    case "unmatched":
      return or(eq(slips.decision, "does_not_match"), inArray(paymentRequests.status, [...ENDED_UNPAID]));
  }
}

export interface SlipPage {
  rows: SlipListRow[];
  /** The cursor of the next (older) page, or null when this is the last. */
  nextCursor: string | null;
}

/** Newest first, keyset-paged on (created_at, id), in the merchant context ("all" = every merchant in scope). */
export async function listSlips(
  db: Db,
  scope: Scope,
  options: { merchant: string | "all"; cursor: { key: string; id: string } | null; limit?: number; view?: SlipView },
): Promise<SlipPage> {
  const limit = options.limit ?? 25;
  const { cursor } = options;
  const rows = await db
    .select({
      id: slips.id,
      requestId: slips.requestId,
      refId1: paymentRequests.refId1,
      kind: paymentRequests.kind,
      merchantName: merchants.displayName,
      requestedAmount: paymentRequests.requestedAmount,
      generatedAmount: paymentRequests.generatedAmount,
      createdAt: slips.createdAt,
      first4: slips.first4,
      last4: slips.last4,
      note: slips.note,
      status: paymentRequests.status,
      decision: slips.decision,
      qrReference: slips.qrReference,
      cursorKey: CURSOR_KEY,
    })
    .from(slips)
    .innerJoin(paymentRequests, eq(paymentRequests.id, slips.requestId))
    .innerJoin(merchants, eq(merchants.id, slips.merchantId))
    .where(
      and(
        inScope(scope, options.merchant),
        viewWhere(options.view ?? "all"),
        cursor ? sql`(${slips.createdAt}, ${slips.id}) < (${cursor.key}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(slips.createdAt), desc(slips.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ cursorKey: _key, ...row }) => ({ ...row, decision: row.decision as SlipListRow["decision"] })),
    nextCursor: rows.length > limit && last ? encodeSlipCursor(last.cursorKey, last.id) : null,
  };
}

export interface SlipDetail {
  id: string;
  createdAt: Date;
  first4: string | null;
  last4: string | null;
  note: string | null;
  byteSize: number;
  qrReadAt: Date | null;
  qrKind: "slip" | "payment_qr" | "other" | "none" | null;
  qrBank: string | null;
  qrReference: string | null;
  qrAmount: string | null;
  decision: "matches" | "does_not_match" | null;
  decisionNote: string | null;
  decidedAt: Date | null;
  decidedByName: string | null;
  request: {
    id: string;
    refId1: string;
    kind: string;
    status: string;
    requestedAmount: string;
    generatedAmount: string | null;
    merchantName: string;
    createdAt: Date;
  };
}

/** One slip with its request and who decided on it, or undefined: missing and out of scope look the same. */
export async function getSlipInScope(db: Db, scope: Scope, id: string): Promise<SlipDetail | undefined> {
  if (!SLIP_ID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select({
      id: slips.id,
      createdAt: slips.createdAt,
      first4: slips.first4,
      last4: slips.last4,
      note: slips.note,
      byteSize: slips.byteSize,
      qrReadAt: slips.qrReadAt,
      qrKind: slips.qrKind,
      qrBank: slips.qrBank,
      qrReference: slips.qrReference,
      qrAmount: slips.qrAmount,
      decision: slips.decision,
      decisionNote: slips.decisionNote,
      decidedAt: slips.decidedAt,
      decidedByName: staffUsers.name,
      requestId: paymentRequests.id,
      refId1: paymentRequests.refId1,
      kind: paymentRequests.kind,
      status: paymentRequests.status,
      requestedAmount: paymentRequests.requestedAmount,
      generatedAmount: paymentRequests.generatedAmount,
      merchantName: merchants.displayName,
      requestCreatedAt: paymentRequests.createdAt,
    })
    .from(slips)
    .innerJoin(paymentRequests, eq(paymentRequests.id, slips.requestId))
    .innerJoin(merchants, eq(merchants.id, slips.merchantId))
    .leftJoin(staffUsers, eq(staffUsers.id, slips.decidedBy))
    .where(and(eq(slips.id, id), inScope(scope)))
    .limit(1);
  if (!row) return undefined;
  const { requestId, refId1, kind, status, requestedAmount, generatedAmount, merchantName, requestCreatedAt, ...slip } = row;
  return {
    ...slip,
    qrKind: slip.qrKind as SlipDetail["qrKind"],
    decision: slip.decision as SlipDetail["decision"],
    request: { id: requestId, refId1, kind, status, requestedAmount, generatedAmount, merchantName, createdAt: requestCreatedAt },
  };
}
