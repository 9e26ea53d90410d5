import { currentSession } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { subscribeToRequestChanges } from "@/lib/live/bus";
import { eventStream } from "@/lib/live/sse";

/**
 * GET /api/events — a server-sent event stream of request changes for the signed-in person's
 * merchants: `event: request` with the request id. Console pages refresh what they show when one
 * arrives (components/live/live-updates.tsx).
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const session = await currentSession();
  if (!session) return Response.json({ error: "Sign in first." }, { status: 401 });
  if (!can(session.role, "request.read")) return Response.json({ error: "You do not have permission to see payment requests." }, { status: 403 });
  const scope = session.merchantIds === null ? null : new Set(session.merchantIds);
  return eventStream(request.signal, (send) =>
    subscribeToRequestChanges(({ requestId, merchantId }) => {
      if (scope === null || scope.has(merchantId)) send("request", { requestId });
    }),
  );
}
