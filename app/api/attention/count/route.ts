import { NextResponse } from "next/server";
import { attentionCount } from "@/lib/attention/inbox";
import { defineRoute } from "@/lib/auth/route";
import { getDb } from "@/lib/db";

/**
 * GET /api/attention/count → `{ "count": 4 }`: how many items wait for the caller in "Needs
 * attention" (lib/attention/inbox.ts), over the kinds their role can act on. The console's nav asks
 * again whenever the live stream says a request changed (components/console/nav-links.tsx).
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "request.read",
  run: async ({ session }) => {
    const count = await attentionCount(await getDb(), session);
    return NextResponse.json({ count }, { headers: { "Cache-Control": "no-store" } });
  },
});
