import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { createCheckout } from "@/lib/merchant-api/requests";

export const dynamic = "force-dynamic";

export const POST = defineApiRoute(ENDPOINTS.createCheckout, ({ db, key, body }) => createCheckout(apiCall(db, key), body));
