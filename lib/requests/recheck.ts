import "server-only";
import type { Db } from "../db/client";
import type { MerchantApi } from "../provider/client";
import { recordEvent } from "./apply";
import type { State } from "./lifecycle";
import { getRequestInScope, type Scope } from "./queries";
import { reconcileRequest } from "./reconcile";
import type { Fact } from "./notes";

/**
 * "Re-check now" on the detail page: the reconciliation the worker would do on its schedule,
 * asked for by a person, with their name on the timeline. The same state machine applies the
 * answer, so a check racing the worker (or a webhook) cannot move a request twice.
 */
export type RecheckResult = { found: false } | { found: true; before: State; after: State; changed: boolean; note: Fact };

export type ApiFor = (merchantRowId: string) => Promise<MerchantApi | undefined>;

export async function recheckRequest(
  db: Db,
  apiFor: ApiFor,
  scope: Scope,
  requestId: string,
  actorId: string,
  options: { isRecorded?: boolean } = {},
): Promise<RecheckResult> {
  const detail = await getRequestInScope(db, scope, requestId);
  if (!detail) return { found: false };
  const before = detail.request.status as State;
  const api = await apiFor(detail.request.merchantId);
  if (!api) return { found: true, before, after: before, changed: false, note: { note: "keys_unreadable" } };
  const result = await reconcileRequest(db, api, detail.request, { providerMerchantId: detail.providerMerchantId });
  if (options.isRecorded ?? true) await recordEvent(db, requestId, "recheck", actorId, { note: result.note, state: result.state });
  return { found: true, before, after: result.state, changed: result.state !== before, note: result.note };
}
