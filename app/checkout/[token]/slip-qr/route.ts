import QRCode from "qrcode";
import { loadCheckout } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { definePublicRoute } from "@/lib/http/public-route";

/**
 * GET /checkout/<token>/slip-qr — the QR of the request's slip upload link, as SVG. An image of its
 * own, loaded lazily below the fold, rather than inline in the checkout's HTML: inline it cost
 * ~3 KB of the first HTML twice over (the page and its RSC payload), and the customer needs the
 * amount and the payment QR first. The link itself is a plain button beside it.
 */
export const dynamic = "force-dynamic";

export const GET = definePublicRoute<{ token: string }>({
  run: async ({ params }) => {
    const { token } = await params;
    const found = await loadCheckout(await getDb(), token, env().PUBLIC_BASE_URL);
    if (!found.ok || !found.view.slipUrl) {
      return new Response("This payment link has no slip upload QR.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    // ECC M and a 2-module quiet zone, as the payment QR; drawn as strokes along each row's middle.
    const svg = await QRCode.toString(found.view.slipUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return new Response(svg, {
      headers: {
        "Content-Type": "image/svg+xml",
        // The link never changes for a request; the token is private to the customer.
        "Cache-Control": "private, max-age=86400",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  },
});
