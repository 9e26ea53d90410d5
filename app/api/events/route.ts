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
 * arrives (components/live/live-updates.tsx).
 */
export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<Response> {
  const session = await currentSession();
  const t = eventMessages(pickLocale(session?.locale ?? request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get("accept-language")));
  if (!session) return Response.json({ error: t.signedOut }, { status: 401 });
  if (!can(session.role, "request.read")) return Response.json({ error: t.denied }, { status: 403 });
  const scope = session.merchantIds === null ? null : new Set(session.merchantIds);
  return eventStream(request.signal, (send) =>
    subscribeToRequestChanges(({ requestId, merchantId }) => {
      if (scope === null || scope.has(merchantId)) send("request", { requestId });
    }),
  );
}
