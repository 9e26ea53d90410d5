import { getDb } from "@/lib/db";
import { paymentApi } from "@/lib/provider";
import { takeAnonymousCall } from "@/lib/public/anonymous-calls";
import { isWellFormed, spendSlipBudget, verifySlipToken } from "@/lib/slips/link";
import { busyAnswer, tokenProblem } from "@/lib/slips/answers";
import { definePublicRoute } from "@/lib/http/public-route";
import { slipLinkOf, type SlipSegments } from "../params";

/**
 * GET …/duplicates?first4=&last4= — how many earlier uploads carry this slip reference
 * (`CheckPayInSlipDup`, docs/provider-facts.md §4.6). The provider's endpoint is anonymous and global, so
 * PayDesk checks the link's token first and answers only a count: other merchants' document ids
 * never reach a customer's phone.
 */
export const dynamic = "force-dynamic";

const half = /^[A-Z0-9]{4}$/;

export const GET = definePublicRoute<SlipSegments>({
  run: async ({ request, params, ip }) => {
    const link = await slipLinkOf(params);
    const query = new URL(request.url).searchParams;
    const first4 = (query.get("first4") ?? "").toUpperCase();
    const last4 = (query.get("last4") ?? "").toUpperCase();
    if (!isWellFormed(link)) return Response.json({ problem: "link_invalid" }, { status: 410 });
    if (!half.test(first4) || !half.test(last4)) return Response.json({ problem: "bad_reference" }, { status: 400 });
    const db = await getDb();
    const budget = await spendSlipBudget(db, "check", link, ip);
    if (!budget.ok)
      return Response.json(
        { problem: "rate_limited" },
        { status: 429, headers: { "Retry-After": String(Math.ceil(budget.retryAfterMs / 1000)) } },
      );
    const api = await paymentApi();
    const token = await verifySlipToken(db, api, link);
    if (!token.ok) return tokenProblem(token);
    const share = await takeAnonymousCall(db);
    if (!share.ok) return busyAnswer(share.retryAfterMs);
    const result = await api.slips.checkPayInSlipDup(link.orgId, link.paymentRequestId, first4, last4);
    if (!result.ok)
      return result.kind === "busy" ? busyAnswer(result.waitMs) : Response.json({ problem: "provider_failed" }, { status: 502 });
    return Response.json({ count: result.data.length }, { headers: { "Cache-Control": "no-store" } });
  },
});
