import { openStreamSlot, tooManyAnswer } from "@/lib/checkout/limits";
import { verifyCheckoutToken } from "@/lib/checkout/token";
import { loadStatusById } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { subscribeToRequest } from "@/lib/live/bus";
import { eventStream } from "@/lib/live/sse";
import { definePublicRoute } from "@/lib/http/public-route";

/**
 * GET /checkout/<token>/events — the one request's status as server-sent events: `status` at once,
 * then on every change PayDesk records (webhooks, reconciliation, staff), from any instance
 * (Postgres NOTIFY, lib/live/bus.ts). Public, but a token opens only its own request's status, and
 * only a few streams per payment and per address (lib/checkout/limits.ts).
 */
export const dynamic = "force-dynamic";

const notFound = () => Response.json({ error: "This payment link does not work." }, { status: 404 });

export const GET = definePublicRoute<{ token: string }>({
  run: async ({ request, params, ip }) => {
    const { token } = await params;
    const verified = verifyCheckoutToken(token);
    if (!verified.ok) return notFound();
    const db = await getDb();
    const found = await loadStatusById(db, verified.requestId);
    if (!found) return notFound();
    const slot = await openStreamSlot(db, found.requestId, ip);
    if (!slot.ok) return tooManyAnswer(request, "stream", slot.retryAfterMs);
    return eventStream(request.signal, async (send) => {
      send("status", { status: found.status, serverNow: Date.now() });
      // A failed read (the database gone for a moment) sends nothing: the next change or resumption does.
      const sendStatus = () =>
        void loadStatusById(db, found.requestId).then(
          (now) => now && send("status", { status: now.status, serverNow: Date.now() }),
          () => undefined,
        );
      // This request's changes only (lib/live/bus.ts): other checkouts' changes never wake this stream.
      const unsubscribe = await subscribeToRequest(
        found.requestId,
        sendStatus,
        // Listening again after a break with the database: the status may have changed meanwhile.
        sendStatus,
      ).catch((error: unknown) => {
        slot.release();
        throw error;
      });
      return () => {
        void unsubscribe();
        slot.release();
      };
    });
  },
});
