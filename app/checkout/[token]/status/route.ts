import { checkSoon } from "@/lib/checkout/nudge";
import { loadCheckoutStatus } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";

/**
 * GET /checkout/<token>/status — the request's status for the checkout page's polling fallback and
 * catch-up after a reconnect. `?completed=1` says the provider's hub announced the payment: the
 * request is then checked with the provider at once (lib/checkout/nudge.ts), never marked paid on
 * the browser's word.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const db = await getDb();
  const found = await loadCheckoutStatus(db, token);
  if (!found) return Response.json({ error: "This payment link does not work." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (new URL(request.url).searchParams.get("completed") === "1") await checkSoon(db, found.requestId);
  return Response.json({ status: found.status, serverNow: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}
