import { getDb } from "@/lib/db";
import { definePublicRoute } from "@/lib/http/public-route";
import { logoOf } from "@/lib/merchants/branding";

/**
 * GET /brand/<merchantId>/logo?v=<version> — the merchant's logo on the customer's pages: the PNG
 * PayDesk drew itself (lib/merchants/branding.ts), public like any shop's logo. Asked for with the
 * version the page was rendered with, it is kept for a year (a new logo has a new version, so a new
 * address); asked for with another, it answers the current one, kept five minutes.
 */
export const dynamic = "force-dynamic";

export const GET = definePublicRoute<{ merchantId: string }>({
  run: async ({ request, params }) => {
    const { merchantId } = await params;
    const logo = await logoOf(await getDb(), merchantId);
    if (!logo) {
      return new Response("This merchant has no logo.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
      });
    }
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
