import type { NextRequest } from "next/server";
import { currentSession } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { subscribeToRequestChanges } from "@/lib/live/bus";
import { eventStream } from "@/lib/live/sse";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n";
import { eventMessages } from "./messages";

/**
 * GET /api/events — a server-sent event stream of request changes for the signed-in person's
 * merchants: `event: request` with the request id. Console pages refresh what they show when one
 * arrives (components/live/live-updates.tsx), and `event: ready` once the stream is subscribed, so
 * the page can catch up on changes made before that — and again whenever the server listens again
 * after losing its database connection.
 */
export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<Response> {
  const session = await currentSession();
  const t = eventMessages(pickLocale(session?.locale ?? request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get("accept-language")));
  if (!session) return Response.json({ error: t.signedOut }, { status: 401 });
  if (!can(session.role, "request.read")) return Response.json({ error: t.denied }, { status: 403 });
  const scope = session.merchantIds === null ? null : new Set(session.merchantIds);
  return eventStream(request.signal, async (send) => {
    const unsubscribe = await subscribeToRequestChanges(
      ({ requestId, merchantId }) => {
        if (scope === null || scope.has(merchantId)) send("request", { requestId });
      },
      // Listening again after a break with the database: changes meanwhile were announced to nobody.
      () => send("ready", {}),
    );
    // From here on no change is missed; the page catches up on what happened before (ready → refresh).
    send("ready", {});
    return unsubscribe;
  });
}
