import { NextResponse } from "next/server";
import { countAwaitingApproval } from "@/lib/approvals/awaiting-count";
import { defineRoute } from "@/lib/auth/route";
import { getDb } from "@/lib/db";

/**
 * GET /api/approvals/count → `{ "count": 3 }`: how many held Pay-Outs and Withdrawals wait for
 * approval among the caller's merchants. The console's nav asks again whenever the live stream
 * (/api/events) says a request changed (components/console/nav-links.tsx); only people who may
 * approve are told.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "payout.approve",
  run: async ({ session }) => {
    const count = await countAwaitingApproval(await getDb(), session);
    return NextResponse.json({ count }, { headers: { "Cache-Control": "no-store" } });
  },
});
