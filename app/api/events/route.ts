import { defineRoute } from "@/lib/auth/route";
import { catchUpFacts, subscribeToDeliveryChanges, subscribeToRequestChanges, subscribeToStaffChanges } from "@/lib/live/bus";
import { eventStream } from "@/lib/live/sse";
import { eventMessages } from "./messages";

/**
 * GET /api/events — a server-sent event stream of request changes for the signed-in person's
 * merchants: `event: request` with the request id, and `event: delivery` when one of those
 * merchants' outbound deliveries changed (the delivery log follows them). Console pages refresh what they show when one
 * arrives (components/live/live-updates.tsx), and `event: ready` once the stream is subscribed, so
 * the page can catch up on changes made before that — and again whenever the server listens again
 * after losing its database connection. `ready` carries the bus's catch-up facts (lib/live/bus.ts
 * `catchUpFacts`, for these merchants), so a list refreshes only when it missed something.
 *
 * The stream outlives the request's checks, so it asks again every 20 s (the session read is one
 * primary-key lookup) and ends when the person is disabled, signed out, must change their password
 * or lost the permission or a merchant; the browser's reconnect is then refused. A change to the
 * person announced on the live bus (lib/live/staff-changes.ts: disabled, access changed, a session
 * ended, a password reset) makes it ask at once, so it ends then rather than up to 20 s later.
 */
export const dynamic = "force-dynamic";

const RECHECK_MS = 20_000;

export const GET = defineRoute({
  permission: "request.read",
  words: (locale) => eventMessages(locale),
  run: async ({ request, session, stillAllowed }) => {
    const scope = session.merchantIds === null ? null : new Set(session.merchantIds);
    return eventStream(
      request.signal,
      async (send, close) => {
        // Asked again at once when a change to this person is announced; no answer counts as no.
        const stopHearingOfMe = await subscribeToStaffChanges((userId) => {
          if (userId === session.userId) void stillAllowed().then((yes) => (yes ? undefined : close()), close);
        });
        let unsubscribe: () => void;
        let stopHearingOfDeliveries: () => void = () => undefined;
        try {
          stopHearingOfDeliveries = await subscribeToDeliveryChanges((merchantId) => {
            if (scope === null || scope.has(merchantId)) send("delivery", { at: Date.now() });
          });
          unsubscribe = await subscribeToRequestChanges(
            ({ requestId, merchantId }) => {
              if (scope === null || scope.has(merchantId)) send("request", { requestId, at: Date.now() });
            },
            // Listening again after a break with the database: changes meanwhile were announced to nobody.
            () => send("ready", catchUpFacts(scope)),
          );
        } catch (error) {
          stopHearingOfMe();
          stopHearingOfDeliveries();
          throw error;
        }
        // From here on no change is missed; the page catches up on what happened before (ready → refresh).
        send("ready", catchUpFacts(scope));
        return () => {
          unsubscribe();
          stopHearingOfMe();
          stopHearingOfDeliveries();
        };
      },
      { recheck: { everyMs: RECHECK_MS, stillAllowed } },
    );
  },
});
