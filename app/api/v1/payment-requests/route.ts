import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { listRequests } from "@/lib/merchant-api/reads";

export const dynamic = "force-dynamic";

export const GET = defineApiRoute(ENDPOINTS.listRequests, async ({ db, key, query }) => ({
  status: 200,
  body: await listRequests(apiCall(db, key), query),
}));
