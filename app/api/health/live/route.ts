import { definePublicRoute } from "@/lib/http/public-route";

/**
 * GET /api/health/live — that this process answers HTTP at all, for an orchestrator's liveness
 * check: always 200 `{"live":true}`. It asks nothing of the database on purpose: a database outage
 * is answered by the readiness check (/api/health/ready), and restarting PayDesk would not mend it.
 */
export const dynamic = "force-dynamic";

export const GET = definePublicRoute({
  run: async () => Response.json({ live: true }, { headers: { "Cache-Control": "no-store" } }),
});
