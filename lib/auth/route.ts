import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "../db";
import { localeOf, type Locale } from "../i18n";
import { actionMessages, deniedMessage } from "../i18n/action-messages";
import { getMerchantInScope, type MerchantSummary } from "../merchants/queries";
import { answerStamped, doorOf, markDoor, newRequestId, REQUEST_ID_HEADER, withHeader, type RouteSegment } from "../http/door";
import { clientIpFrom } from "../http/request-ip";
import type { AuditAction } from "../audit/actions";
import { recordAudit } from "./audit";
import { can, type Permission } from "./permissions";
import { currentSession, recheckSession, type StaffSession } from "./current-session";
import { log } from "../ops/log";

/**
 * THE one door for staff route handlers (app/api/…), beside defineAction for server actions; the
 * same gates in the same order, and lib/auth/routes-registry.db.test.ts fails when a staff route
 * handler is not built here:
 *
 *   session → must-change-password → permission → merchant scope → run, every answer stamped with
 *   an X-Request-Id
 *
 * - Refusals are JSON `{ error }` worded in the person's language (their saved choice, else the
 *   language cookie, else the browser's): 401 signed out, 403 still on a one-time password or
 *   without the permission, 404 a merchant outside their scope (as if it did not exist).
 * - `stillAllowed` re-runs the same gates against the database for a response that outlives the
 *   request (a live stream): the account disabled, the session signed out or ended by a password
 *   change, a one-time password set by an admin, the permission taken away → false.
 * - Anything `run` throws is logged with the request id and answered 500 with that id as the
 *   reference: internals never reach the browser.
 * The public routes (the customer's pages, the health check, the webhooks) have no staff session
 * to check (lib/http/public-paths.ts) and come through lib/http/public-route.ts instead.
 */
type Params = Record<string, string | string[]>;

export interface RouteContext<P extends Params = Params> {
  request: NextRequest;
  /** The dynamic segments of the route's path ([id] → { id }). */
  params: Promise<P>;
  session: StaffSession;
  locale: Locale;
  ip: string | null;
  requestId: string;
  /** The merchant named by `merchantParam`, in the caller's scope; null when the parameter is absent or "all". */
  merchant: MerchantSummary | null;
  /** The same gates again, from the database: for a response that stays open. */
  stillAllowed(): Promise<boolean>;
}

/** A route's own wording for the door's refusals; each defaults to the action wrapper's sentence. */
export interface RouteWords {
  signedOut?: string;
  denied?: string;
  choosePasswordFirst?: string;
  enrolSecondFactorFirst?: string;
}

export interface RouteOptions<P extends Params = Params> {
  permission: Permission;
  /** A search parameter naming a merchant: when present (and not "all") it must be in the caller's scope. */
  merchantParam?: string;
  /** The audit log's name for this route: its refusals of a signed-in person are recorded under it. */
  audit?: AuditAction;
  words?: (locale: Locale) => RouteWords;
  run(context: RouteContext<P>): Promise<Response>;
}

export type RouteHandler<P extends Params = Params> = (request: NextRequest, segment?: RouteSegment<P>) => Promise<Response>;

export { REQUEST_ID_HEADER };

/** True for a handler defineRoute built (the registry test's check). */
export function isDefinedRoute(value: unknown): boolean {
  return doorOf(value) === "staff";
}

export function defineRoute<P extends Params = Params>(options: RouteOptions<P>): RouteHandler<P> {
  const door = async (request: NextRequest, segment: RouteSegment<P> | undefined, requestId: string): Promise<Response> => {
    const stamped = (response: Response) => withHeader(response, REQUEST_ID_HEADER, requestId);
    const session = await currentSession();
    const locale = localeOf(session?.locale, request.headers);
    const defaults = actionMessages(locale);
    const words = {
      signedOut: defaults.signedOut,
      denied: deniedMessage(options.permission, locale),
      choosePasswordFirst: defaults.choosePasswordFirst,
      enrolSecondFactorFirst: defaults.enrolSecondFactorFirst,
      ...options.words?.(locale),
    };
    const ip = clientIpFrom(request.headers);
    const refuse = async (status: 401 | 403 | 404, error: string, reason: string, merchantId: string | null = null) => {
      if (session && options.audit) {
        await recordAudit(await getDb(), {
          actorId: session.userId,
          action: options.audit,
          outcome: status === 404 ? "not_found" : "denied",
          ip,
          merchantId,
          data: { reason },
        }).catch((failure: unknown) =>
          log("route").error("the audit row could not be written", { audit: options.audit, reason, error: failure }),
        );
      }
      return stamped(NextResponse.json({ error }, { status, headers: { "Cache-Control": "no-store" } }));
    };

    if (!session) return refuse(401, words.signedOut, "signed out");
    const refusal = gateRefusal(session, options.permission);
    if (refusal === "must change password") return refuse(403, words.choosePasswordFirst, refusal);
    if (refusal === "must enrol a second factor") return refuse(403, words.enrolSecondFactorFirst, refusal);
    if (refusal) return refuse(403, words.denied, refusal);

    let merchant: MerchantSummary | null = null;
    const merchantId = options.merchantParam ? request.nextUrl.searchParams.get(options.merchantParam) : null;
    if (merchantId && merchantId !== "all") {
      merchant = (await getMerchantInScope(await getDb(), session, merchantId)) ?? null;
      if (!merchant) return refuse(404, defaults.merchantNotFound, "merchant not in scope", merchantId);
    }

    const stillAllowed = async () => {
      const now = await recheckSession(session);
      return now !== null && gateRefusal(now, options.permission) === null && sameScope(session, now);
    };
    return answerStamped(
      requestId,
      request.nextUrl.pathname,
      () =>
        options.run({
          request,
          params: segment?.params ?? Promise.resolve({} as P),
          session,
          locale,
          ip,
          requestId,
          merchant,
          stillAllowed,
        }),
      () => NextResponse.json({ error: defaults.unexpected(requestId) }, { status: 500, headers: { "Cache-Control": "no-store" } }),
    );
  };
  // What fails before `run` (the session unreadable in a database outage) is answered as `run`'s
  // own failures are: a 500 with the request id as its reference, and one log line.
  const handler: RouteHandler<P> = async (request, segment) => {
    const requestId = newRequestId();
    return answerStamped(
      requestId,
      request.nextUrl.pathname,
      () => door(request, segment, requestId),
      () =>
        NextResponse.json(
          { error: actionMessages(localeOf(null, request.headers)).unexpected(requestId) },
          { status: 500, headers: { "Cache-Control": "no-store" } },
        ),
    );
  };
  return markDoor(handler, "staff");
}

function gateRefusal(
  session: StaffSession,
  permission: Permission,
): "must change password" | "must enrol a second factor" | "permission" | null {
  // Someone on a one-time password (an invite, or an admin's reset) may only choose their own.
  if (session.mustChangePassword) return "must change password";
  // Someone whose role must use a second factor may only enrol one.
  if (session.mustEnrolSecondFactor) return "must enrol a second factor";
  return can(session.role, permission) ? null : "permission";
}

/** A stream filtered by the scope it opened with must not outlive a narrower one. */
function sameScope(before: StaffSession, now: StaffSession): boolean {
  if (now.merchantIds === null) return true;
  if (before.merchantIds === null) return false;
  const allowed = new Set(now.merchantIds);
  return before.merchantIds.every((id) => allowed.has(id));
}
