import { defineApiRoute } from "@/lib/merchant-api/http/route";
import { apiCall } from "@/lib/merchant-api/call";
import { ENDPOINTS } from "@/lib/merchant-api/endpoints";
import { getBalance } from "@/lib/merchant-api/balance";

export const dynamic = "force-dynamic";

export const GET = defineApiRoute(ENDPOINTS.getBalance, async ({ db, key }) => ({
  status: 200,
  body: await getBalance(apiCall(db, key)),
}));
