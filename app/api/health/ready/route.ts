import { databaseAnswers } from "@/lib/db/answers";
import { definePublicRoute } from "@/lib/http/public-route";
import { isShuttingDown } from "@/lib/shutdown";

/**
 * GET /api/health/ready — whether this instance should get new work, for a load balancer's or an
 * orchestrator's readiness check: 200 `{"ready":true}` while its database answers; 503 with
 * `{"ready":false,"reason":"stopping"}` from the moment it was told to stop (lib/shutdown.ts), or
 * `{"ready":false,"reason":"database"}` while its database does not answer. Public, says nothing else.
 */
export const dynamic = "force-dynamic";

export const GET = definePublicRoute({
  run: async () => {
    const reason = isShuttingDown() ? "stopping" : (await databaseAnswers().catch(() => false)) ? null : "database";
    return Response.json(reason ? { ready: false, reason } : { ready: true }, {
      status: reason ? 503 : 200,
      headers: { "Cache-Control": "no-store" },
    });
  },
});
