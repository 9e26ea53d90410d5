import "server-only";
import { receivePaymentWebhook } from "../provider-webhooks/payment-route";
import { providePagesRoute } from "./pages-bridge";

/**
 * The Pages API routes and the door that answers each (lib/http/pages-bridge.ts says why they are
 * Pages routes). Registered once at start-up (lib/start-up.ts); lib/auth/routes-registry.db.test.ts
 * fails on a pages/api file with no door here, or a door of the wrong kind.
 */
export const PAGES_ROUTES = {
  "/api/webhooks/payment": { handler: receivePaymentWebhook, methods: ["POST"] },
} as const;

export function registerPagesRoutes(): void {
  for (const [path, { handler, methods }] of Object.entries(PAGES_ROUTES)) providePagesRoute(path, handler, methods);
}
