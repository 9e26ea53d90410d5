import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { createPayout } from "@/lib/merchant-api/requests";

export const dynamic = "force-dynamic";

export const POST = defineApiRoute(ENDPOINTS.createPayout, ({ db, key, body }) => createPayout(apiCall(db, key), "payout", body));
