import { defineApiRoute } from "@/lib/api/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { createRefund } from "@/lib/merchant-api/requests";

export const dynamic = "force-dynamic";

export const POST = defineApiRoute<typeof ENDPOINTS.createRefund, { id: string }>(ENDPOINTS.createRefund, ({ db, key, body, params }) =>
  createRefund(apiCall(db, key), params.id, body),
);
