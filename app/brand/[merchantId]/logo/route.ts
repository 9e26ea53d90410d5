import { spendLogoBudget } from "@/lib/checkout/limits";
import { getDb } from "@/lib/db";
import { definePublicRoute } from "@/lib/http/public-route";
import { logoOf } from "@/lib/merchants/branding";
import { isPossibleMerchantId } from "@/lib/merchants/queries";

/**
 * GET /brand/<merchantId>/logo?v=<version> — the merchant's logo on the customer's pages: the PNG
 * PayDesk drew itself (lib/merchants/branding.ts), public like any shop's logo. Asked for with the
 * version the page was rendered with, it is kept for a year (a new logo has a new version, so a new
 * address); asked for with another, it answers the current one, kept five minutes. An id no merchant
 * could have is not looked up; an address asking more than a page ever needs is refused (429).
 */
export const dynamic = "force-dynamic";

const noLogo = () =>
  new Response("This merchant has no logo.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

export const GET = definePublicRoute<{ merchantId: string }>({
  run: async ({ request, params, ip }) => {
    const { merchantId } = await params;
    if (!isPossibleMerchantId(merchantId)) return noLogo();
    const db = await getDb();
    const budget = await spendLogoBudget(db, ip);
    if (!budget.ok) {
      const seconds = Math.max(1, Math.ceil(budget.retryAfterMs / 1000));
      return new Response(`Too many requests for logos from this address. Try again in ${seconds} s.`, {
        status: 429,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(seconds) },
      });
    }
    const logo = await logoOf(db, merchantId);
    if (!logo) return noLogo();
    const current = new URL(request.url).searchParams.get("v") === logo.version;
    return new Response(new Uint8Array(logo.png), {
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(logo.png.byteLength),
        "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
      },
    });
  },
});
