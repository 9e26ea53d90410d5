import { NextResponse, type NextRequest } from "next/server";
import { countAwaitingApproval } from "@/lib/approvals/awaiting-count";
import { can } from "@/lib/auth/permissions";
import { currentSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n";
import { actionMessages, deniedMessage } from "@/lib/i18n/action-messages";

/**
 * GET /api/approvals/count → `{ "count": 3 }`: how many held Pay-Outs and Withdrawals wait for
 * approval among the caller's merchants. The console's nav asks again whenever the live stream
 * (/api/events) says a request changed (components/console/nav-links.tsx); only people who may
 * approve are told.
 */
export const dynamic = "force-dynamic";

const NOT_STORED = { "Cache-Control": "no-store" };

export async function GET(request: NextRequest): Promise<Response> {
  const session = await currentSession();
  const locale = pickLocale(session?.locale ?? request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get("accept-language"));
  if (!session) return NextResponse.json({ error: actionMessages(locale).signedOut }, { status: 401, headers: NOT_STORED });
  if (!can(session.role, "payout.approve")) return NextResponse.json({ error: deniedMessage("payout.approve", locale) }, { status: 403, headers: NOT_STORED });
  const count = await countAwaitingApproval(await getDb(), session);
  return NextResponse.json({ count }, { headers: NOT_STORED });
}
