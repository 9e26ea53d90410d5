import "server-only";
import { and, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentRequests } from "../db/schema";
import { parseAmount, toDecimalString } from "../money";
import { recordEvent } from "./apply";
import { isTerminal, type State } from "./lifecycle";
import { getRequestInScope, type Scope } from "./queries";
import { recheckRequest, type ApiFor, type RecheckResult } from "./recheck";
import { PAYIN_CONTROLS, PAYOUT_CONTROLS, type SandboxControl, type SandboxControlInput } from "./sandbox-control-schema";
import type { Note } from "./notes";

export { sandboxControlSchema, type SandboxControl, type SandboxControlInput } from "./sandbox-control-schema";

/**
 * The detail page's sandbox buttons (demo and QA only): they drive the sandbox's
 * control API (sandbox/README.md, "The control API") as the provider's back office would — the
 * customer pays, an admin approves, rejects or expires, a pay-out is paid in full or in part —
 * then re-check the request so the page shows what PayDesk learnt. Money-in controls belong to
 * whoever may create pay-ins, money-out controls to whoever may create pay-outs: the action for
 * one family refuses a request of the other.
 */
export type ControlFamily = "payin" | "payout";

export const familyOf = (kind: string): ControlFamily => (kind === "payin" || kind === "payin_p2p" ? "payin" : "payout");

/** The controls a request offers now: none once it is settled or before the provider has it. */
export function controlsFor(request: { kind: string; status: string; providerId: string | null }): readonly SandboxControl[] {
  if (!request.providerId || isTerminal(request.status as State)) return [];
  return familyOf(request.kind) === "payin" ? PAYIN_CONTROLS : PAYOUT_CONTROLS;
}

/** `detail`: the sandbox's own words when it failed or refused; PayDesk's note (as facts) when nothing matched. */
export type DriveResult =
  | { ok: true; providerStatus: string | null }
  | { ok: false; reason: "unreachable" | "refused"; detail: string }
  | { ok: false; reason: "no_match"; detail: Note };

/** One call to the sandbox's control API. */
export async function driveSandbox(
  baseUrl: string,
  providerId: string,
  control: SandboxControl,
  amountSatang: number | null,
  fetchImpl: typeof fetch = fetch,
): Promise<DriveResult> {
  const path = control === "partial_payout" ? "payout" : control;
  const body = control === "partial_payout" && amountSatang !== null ? { amount: toDecimalString(amountSatang) } : {};
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}/sandbox/requests/${encodeURIComponent(providerId)}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return { ok: false, reason: "unreachable", detail: error instanceof Error ? error.message : String(error) };
  }
  const answer = (await response.json().catch(() => null)) as { error?: string; matched?: boolean; request?: { status?: string } } | null;
  if (!response.ok) return { ok: false, reason: "refused", detail: answer?.error ?? `HTTP ${response.status}` };
  // A transfer the sandbox could not match to exactly one pending request changes nothing (README, /pay).
  if (answer?.matched === false) return { ok: false, reason: "no_match", detail: { note: "sandbox_no_match" } };
  return { ok: true, providerStatus: answer?.request?.status ?? null };
}

export type ControlResult =
  | { outcome: "not_found" }
  | { outcome: "not_allowed" }
  | { outcome: "sandbox_failed"; result: Extract<DriveResult, { ok: false }>; reservedBy: Reservation[] }
  | { outcome: "done"; recheck: Extract<RecheckResult, { found: true }> };

export interface ControlContext {
  db: Db;
  apiFor: ApiFor;
  scope: Scope;
  actorId: string;
  sandboxUrl: string;
  fetch?: typeof fetch;
}

/** Runs one control on a request in the caller's scope, records it on the timeline, then re-checks. */
export async function runSandboxControl(ctx: ControlContext, family: ControlFamily, input: SandboxControlInput): Promise<ControlResult> {
  const detail = await getRequestInScope(ctx.db, ctx.scope, input.requestId);
  if (!detail) return { outcome: "not_found" };
  const { request } = detail;
  if (familyOf(request.kind) !== family || !controlsFor(request).includes(input.control)) return { outcome: "not_allowed" };
  const amountSatang = input.amount ? (parseAmount(input.amount) as { satang: number }).satang : null;
  const result = await driveSandbox(ctx.sandboxUrl, request.providerId!, input.control, amountSatang, ctx.fetch);
  await recordEvent(ctx.db, request.id, "sandbox_control", ctx.actorId, {
    control: input.control,
    ...(amountSatang !== null ? { amount: toDecimalString(amountSatang) } : {}),
    ...(result.ok ? { providerStatus: result.providerStatus } : { failed: result.reason, detail: result.detail }),
  });
  if (!result.ok) {
    const reservedBy = family === "payout" && result.reason === "refused" ? await reservationsOf(ctx, request) : [];
    return { outcome: "sandbox_failed", result, reservedBy };
  }
  // The control is already on the timeline under this person's name; the check's own outcome follows it.
  const recheck = await recheckRequest(ctx.db, ctx.apiFor, ctx.scope, request.id, ctx.actorId, { isRecorded: false });
  return recheck.found ? { outcome: "done", recheck } : { outcome: "not_found" };
}

/** A pending P2P Pay-In holding part of a Pay-Out: PayDesk's request when it is one the person may see. */
export interface Reservation {
  providerId: string;
  amountSatang: number | null;
  request: { id: string; refId1: string } | null;
}

/**
 * What stands in a refused pay-out's way: its pending P2P rounds, as the provider's read-back lists
 * them (partialPayouts, docs/provider-facts.md §2.4), each named by PayDesk's request when the person
 * may see it. Read only after a refusal; a read that fails names nothing rather than guessing.
 */
async function reservationsOf(ctx: ControlContext, request: { merchantId: string; providerId: string | null }): Promise<Reservation[]> {
  const api = request.providerId ? await ctx.apiFor(request.merchantId) : undefined;
  if (!api || !request.providerId) return [];
  const read = await api.getPaymentRequestById(request.providerId);
  if (!read.ok || !read.data) return [];
  const pending = read.data.partialPayouts.filter((p) => p.status === "Pending" && p.payinRequestId);
  if (pending.length === 0) return [];
  const ids = pending.map((p) => p.payinRequestId!);
  const { merchantIds } = ctx.scope;
  const rows =
    merchantIds !== null && merchantIds.length === 0
      ? []
      : await ctx.db
          .select({ id: paymentRequests.id, refId1: paymentRequests.refId1, providerId: paymentRequests.providerId })
          .from(paymentRequests)
          .where(
            and(
              inArray(paymentRequests.providerId, ids),
              merchantIds === null ? undefined : inArray(paymentRequests.merchantId, merchantIds),
            ),
          );
  const byProviderId = new Map(rows.map((r) => [r.providerId, { id: r.id, refId1: r.refId1 }]));
  return pending.map((p) => ({
    providerId: p.payinRequestId!,
    amountSatang: p.amountSatang ?? null,
    request: byProviderId.get(p.payinRequestId!) ?? null,
  }));
}
