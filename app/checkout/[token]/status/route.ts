import { spendStatusBudget, tooManyAnswer } from "@/lib/checkout/limits";
import { checkSoon } from "@/lib/checkout/nudge";
import { verifyCheckoutToken } from "@/lib/checkout/token";
import { loadStatusById } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { definePublicRoute } from "@/lib/http/public-route";

/**
 * GET /checkout/<token>/status — the request's status for the checkout page's polling fallback and
 * catch-up after a reconnect. `?completed=1` says the provider's hub announced the payment: the
 * request is then checked with the provider at once (lib/checkout/nudge.ts), never marked paid on
 * the browser's word. Bounded per payment and per address (lib/checkout/limits.ts); a token that
 * is not ours costs no database work at all.
 */
export const dynamic = "force-dynamic";

const notFound = () =>
  Response.json({ error: "This payment link does not work." }, { status: 404, headers: { "Cache-Control": "no-store" } });

export const GET = definePublicRoute<{ token: string }>({
  run: async ({ request, params, ip }) => {
    const { token } = await params;
    const verified = verifyCheckoutToken(token);
    if (!verified.ok) return notFound();
    const db = await getDb();
    const budget = await spendStatusBudget(db, verified.requestId, ip);
    if (!budget.ok) return tooManyAnswer(request, "status", budget.retryAfterMs);
    const found = await loadStatusById(db, verified.requestId);
    if (!found) return notFound();
    if (new URL(request.url).searchParams.get("completed") === "1") await checkSoon(db, found.requestId);
    return Response.json({ status: found.status, serverNow: Date.now() }, { headers: { "Cache-Control": "no-store" } });
  },
});
