import { currentSession } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { subscribeToRequestChanges } from "@/lib/live/bus";

/**
 * GET /api/events — a server-sent event stream of request changes for the signed-in person's
 * merchants: `event: request` with the request id. Console pages refresh what they show when one
 * arrives (components/live/live-updates.tsx), and `event: ready` once the stream is subscribed, so
 * the page can catch up on changes made before that. Comments every 15 s keep proxies from closing it.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const session = await currentSession();
  if (!session) return Response.json({ error: "Sign in first." }, { status: 401 });
  if (!can(session.role, "request.read")) return Response.json({ error: "You do not have permission to see payment requests." }, { status: 403 });
  const scope = session.merchantIds === null ? null : new Set(session.merchantIds);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 2000\n\n");
      const unsubscribe = await subscribeToRequestChanges(({ requestId, merchantId }) => {
        if (scope === null || scope.has(merchantId)) send(`event: request\ndata: ${JSON.stringify({ requestId })}\n\n`);
      });
      // From here on no change is missed; the page catches up on what happened before (ready → refresh).
      send("event: ready\ndata: {}\n\n");
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), 15_000);
      cleanup = () => {
        clearInterval(keepAlive);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" } });
}
