import { databaseAnswers } from "@/lib/db/answers";
import { definePublicRoute } from "@/lib/http/public-route";

/**
 * GET /api/health/database — whether PayDesk's database answers now: 200 `{"database":"up"}` or
 * 503 `{"database":"down"}`. Public and says nothing else. The console's error boundary asks it: in
 * a production build a boundary receives only a digest of a server error, never its message, so it
 * asks rather than guesses (app/(console)/error.tsx).
 */
export const dynamic = "force-dynamic";

export const GET = definePublicRoute({
  run: async () => {
    const up = await databaseAnswers().catch(() => true);
    return Response.json({ database: up ? "up" : "down" }, { status: up ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});
