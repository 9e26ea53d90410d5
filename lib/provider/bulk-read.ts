import type { ListQuery, MerchantApi, PaymentRecord } from "./client";
import type { ProviderFailure } from "./result";

/**
 * Many requests in one call: `GetPaymentRequests` answers up to 100 of the merchant's requests,
 * newest first, filtered by direction, status and creation time (docs/provider-facts.md §4.5), where
 * `GetPaymentRequestById` answers one. Reconciliation and webhook confirmations read this way, so
 * their cost follows the number of pages, not of requests (a few hundred open Pay-Ins cost a call
 * or three per round instead of one each).
 *
 * Paging is by offset over a list that changes while it is read: a request created meanwhile
 * pushes the rest down (one is then seen twice, harmless), and one that leaves the filter pulls
 * them up (one may then be missed). So a record's presence is the provider's word; its absence is
 * only a reason to ask about that request by its id.
 */
export const PAGE_SIZE = 100;

/** Some minutes before the oldest request asked about: the provider's clock and ours may differ. */
export const CLOCK_MARGIN_MS = 10 * 60 * 1000;

export type BulkRead =
  { ok: true; records: Map<string, PaymentRecord>; complete: boolean; calls: number } | ({ ok: false; calls: number } & ProviderFailure);

export interface BulkQuery {
  direction: "PayIn" | "PayOut";
  status: string;
  /** The oldest creation time of interest (the margin is added here). */
  since: Date;
  /** Stop early once every one of these ids (lower-case) was seen. */
  wanted?: ReadonlySet<string>;
  maxPages: number;
}

/** Records by provider id (lower-case). `complete`: every page was read, so a missing request has left the filter. */
export async function readInBulk(api: MerchantApi, query: BulkQuery): Promise<BulkRead> {
  const records = new Map<string, PaymentRecord>();
  const base: ListQuery = {
    direction: query.direction,
    status: query.status,
    fromDate: new Date(query.since.getTime() - CLOCK_MARGIN_MS).toISOString(),
    limit: PAGE_SIZE,
  };
  for (let page = 0; page < query.maxPages; page++) {
    const answer = await api.getPaymentRequests({ ...base, offset: 1 + page * PAGE_SIZE });
    if (!answer.ok) {
      // What was read before the failure still stands; without any, the failure is the answer.
      if (page === 0) return { ...answer, calls: 1 };
      return { ok: true, records, complete: false, calls: page + 1 };
    }
    for (const record of answer.data) records.set(record.id.toLowerCase(), record);
    if (answer.data.length < PAGE_SIZE) return { ok: true, records, complete: true, calls: page + 1 };
    if (query.wanted && [...query.wanted].every((id) => records.has(id))) return { ok: true, records, complete: false, calls: page + 1 };
  }
  return { ok: true, records, complete: false, calls: query.maxPages };
}

/** The provider's direction for one of PayDesk's request kinds. */
export function directionOf(kind: string): "PayIn" | "PayOut" {
  return kind === "payin" || kind === "payin_p2p" ? "PayIn" : "PayOut";
}
