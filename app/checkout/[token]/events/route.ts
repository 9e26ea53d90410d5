import { loadCheckoutStatus, loadStatusById } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { subscribeToRequestChanges } from "@/lib/live/bus";
import { eventStream } from "@/lib/live/sse";

/**
 * GET /checkout/<token>/events — the one request's status as server-sent events: `status` at once,
 * then on every change PayDesk records (webhooks, reconciliation, staff), from any instance
 * (Postgres NOTIFY, lib/live/bus.ts). Public, but a token opens only its own request's status.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const db = await getDb();
  const found = await loadCheckoutStatus(db, token);
  if (!found) return Response.json({ error: "This payment link does not work." }, { status: 404 });
  return eventStream(request.signal, async (send) => {
    send("status", { status: found.status, serverNow: Date.now() });
    // A failed read (the database gone for a moment) sends nothing: the next change or resumption does.
    const sendStatus = () => void loadStatusById(db, found.requestId).then((now) => now && send("status", { status: now.status, serverNow: Date.now() }), () => undefined);
    return subscribeToRequestChanges(
      ({ requestId }) => {
        if (requestId === found.requestId) sendStatus();
      },
      // Listening again after a break with the database: the status may have changed meanwhile.
      sendStatus,
    );
  });
}
