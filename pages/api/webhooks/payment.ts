import { pagesRouteHandler } from "@/lib/http/pages-bridge";

/**
 * POST /api/webhooks/payment: the provider's webhooks. A Pages API route for its lower cost per
 * request; the door that answers is lib/provider-webhooks/payment-route.ts, registered at start-up
 * (lib/http/pages-bridge.ts). The body is the door's to read, streamed and bounded (bodyParser off).
 */
export const config = { api: { bodyParser: false, responseLimit: false, externalResolver: true } };

export default pagesRouteHandler("/api/webhooks/payment");
