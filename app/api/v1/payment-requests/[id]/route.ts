import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { getRequest } from "@/lib/merchant-api/reads";

export const dynamic = "force-dynamic";

export const GET = defineApiRoute<typeof ENDPOINTS.getRequest, { id: string }>(ENDPOINTS.getRequest, async ({ db, key, params }) => ({
  status: 200,
  body: await getRequest(apiCall(db, key), params.id),
}));
